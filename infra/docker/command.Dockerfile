# The command service: the Koa app for every writing endpoint under /api, and the operators'
# tools. Build from the repository root: docker build -f infra/docker/command.Dockerfile .
# The tools run in this image with the service's environment (DATABASE_URL, EVENTSTORE_URL):
#   docker compose run --rm -T command npm run admin:create -- --email you@example.com --password-stdin < password.txt
#   docker compose run --rm command npm run replay -- --list
#   docker compose run --rm command npm run projections:rebuild
#   docker compose run --rm command npm run migrate:encrypt-events
# Build stage (the same in every image, so one cached layer serves them all): every
# dependency, dev ones included, then `npm run build:services` compiles each process once.
# `npm install` with the lockfile, not `npm ci`: the lockfile cannot record the optional
# binaries of other platforms (@swc/core's and others), and `npm ci` refuses it for that.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/platform/package.json services/platform/
COPY services/ai-client/package.json services/ai-client/
COPY services/crisis/package.json services/crisis/
COPY services/command/package.json services/command/
COPY services/query/package.json services/query/
COPY services/ai-worker/package.json services/ai-worker/
COPY testing/package.json testing/
COPY infra/package.json infra/
COPY frontend/package.json frontend/
RUN npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY contracts contracts
COPY services services
COPY infra infra
RUN npm run build:services

# Runtime stage: Node and the production dependencies the compiled files require, nothing
# else (no TypeScript, tsx, jest, esbuild or sources). dist/services/manifests/command.json lists
# exactly those packages at the lockfile's versions; installing it beside the lockfile keeps
# the lockfile's versions of their own dependencies as well.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app/dist/services/manifests/command.json package.json
COPY package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/services/command-main.js /app/dist/services/command-main.js.map /app/dist/services/create-admin.js /app/dist/services/create-admin.js.map /app/dist/services/replay.js /app/dist/services/replay.js.map /app/dist/services/rebuild-projections.js /app/dist/services/rebuild-projections.js.map /app/dist/services/migrate-encrypt-events.js /app/dist/services/migrate-encrypt-events.js.map /app/dist/services/crisis-thread.js /app/dist/services/crisis-thread.js.map ./
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "command-main.js"]
