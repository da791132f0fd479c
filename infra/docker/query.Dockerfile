# The query service: the Koa app for every read under /api, and the projectors.
# Build from the repository root: docker build -f infra/docker/query.Dockerfile .
# Two stages: the first installs production dependencies only (no jest, vite, swc or
# playwright, nor the frontend's) beside the sources: 166 MB of node_modules instead of
# 588 MB for a full install. The services run their TypeScript through tsx, a
# production dependency of services/platform (not compiled ahead). infra/ is in the image, so `npm run admin:create` and
# `npm run replay` run in it (docker compose run --rm query npm run replay -- ...).
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
# Only the backend workspaces: the frontend's dependencies (MUI alone is 216 MB) stay out.
RUN npm install --omit=dev --no-audit --no-fund --workspace @reflections/infra --workspace @reflections/command --workspace @reflections/query --workspace @reflections/ai-worker --workspace @reflections/ai-client --workspace @reflections/crisis

COPY tsconfig.json ./
COPY contracts contracts
COPY services services
COPY infra/src infra/src

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production PORT=3000
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "infra/src/processes/query-main.ts"]
