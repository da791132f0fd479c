# The one origin of the distributed mode: nginx serving the built SPA and routing /api
# to the query and command services (see nginx.conf).
# Build from the repository root: docker build -f infra/docker/web.Dockerfile .
# Two stages: Node builds the SPA (its first layers are the service images' build stage,
# so the dependency install is cached once for all four), and the image that runs is nginx
# with the static files only: no Node, no node_modules.
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
COPY frontend frontend
RUN npm run build --workspace frontend

FROM nginx:1.27-alpine
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY infra/docker/security-headers.conf /etc/nginx/snippets/security-headers.conf
# The security headers every file answer carries (included per location by nginx.conf).
COPY --from=build /app/frontend/dist /usr/share/nginx/html
