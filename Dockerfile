# One image for the server and the sandbox (the command differs).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV HOST=0.0.0.0
EXPOSE 3000
CMD ["npx", "tsx", "server/src/main.ts"]
