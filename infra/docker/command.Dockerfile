# The command service: the Koa app for every writing endpoint under /api.
# Build from the repository root: docker build -f infra/docker/command.Dockerfile .
# The services run their TypeScript through tsx, a dev dependency, so dev dependencies
# install too (no --omit=dev), and NODE_ENV is set only after the install.
FROM node:20-bookworm-slim
WORKDIR /app

# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/platform/package.json services/platform/
COPY services/command/package.json services/command/
COPY services/query/package.json services/query/
COPY services/ai-worker/package.json services/ai-worker/
COPY infra/package.json infra/
COPY frontend/package.json frontend/
RUN npm install --no-audit --no-fund

COPY tsconfig.json ./
COPY contracts contracts
COPY services services

ENV NODE_ENV=production PORT=3000
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "services/command/src/main.ts"]
