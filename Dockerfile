# syntax=docker/dockerfile:1
# Production image, built in stages: the builder compiles the server and the sandbox to JavaScript
# (tsc, `npm run build:server`) and builds the renderer (`npm run build`); the runtime stage has
# production dependencies only and runs `node` on the compiled output as the unprivileged `node` user.

FROM node:24-bookworm-slim AS builder
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=builder /app/build ./build
COPY --from=builder /app/dist ./dist
# PGlite's folder when DATABASE_URL is absent; the only place the process writes.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A young generation of at most 16 MB per semi-space (Node 20's size): Node 24 sizes it from the
# machine's memory, and on a large node an idle server held ≈ 30 MB more (docs/performance.md,
# Memory). The bench and the soak start the compiled server with these same flags.
CMD ["node", "--max-semi-space-size=16", "build/server/src/main.js"]
