# syntax=docker/dockerfile:1
# Production image, built in stages: the builder compiles the server and the sandbox to JavaScript
# (tsc, `npm run build:server`), builds the renderer (`npm run build`) and writes the SBOM of the
# production dependencies (`npm run sbom`); the runtime stage, the last (what `docker build .`
# makes), has production dependencies only and the compiled server, screens and renderer — no
# sandbox — and runs `node` on them as the unprivileged `node` user. `--target sandbox` makes the
# demo back office's image instead (docker-compose.yml's sandbox service).

# The base image by digest, which does not move as the tag does (`npm run images:pin` rewrites it;
# docs/operations.md, "Pinned images"). A mirror of it: --build-arg NODE_IMAGE=<mirror>/node:…@sha256:….
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS builder
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server && npm run sbom

# The sandbox back office (demo only): the production dependencies, the sandbox's own (package.json
# `sandboxDependencies`, pinned in devDependencies so the production image never installs them) and
# the whole compiled build.
FROM ${NODE_IMAGE} AS sandbox
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
  && npm install --no-save --omit=dev --save-prod --no-audit --no-fund $(node -p "const p = require('./package.json'); p.sandboxDependencies.map((name) => name + '@' + p.devDependencies[name]).join(' ')") \
  && npm cache clean --force
COPY --from=builder /app/build ./build
USER node
EXPOSE 4010
CMD ["node", "build/sandbox/src/main.js"]

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server with what it imports and reads (the back-office contract, the screens' data,
# the renderer's shared constants), the renderer's build, and the SBOM of what npm ci installed.
COPY --from=builder /app/build/server ./build/server
COPY --from=builder /app/build/back-office ./build/back-office
COPY --from=builder /app/build/screens ./build/screens
COPY --from=builder /app/build/renderer ./build/renderer
COPY --from=builder /app/dist ./dist
COPY --from=builder /app/sbom.cdx.json ./sbom.cdx.json
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
