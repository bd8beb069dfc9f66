# syntax=docker/dockerfile:1.7
# The API image: built from the repository root (docker build -f infra/deploy/api.Dockerfile .).
# The build stage installs the workspace and compiles the API to dist/main.js and dist/migrate.js;
# the runtime stage holds only the bundles, the migrations and seeds they read, and the API's
# production dependencies (PGlite's WASM and the argon2 addon load from node_modules).

FROM node:20.19-bookworm-slim AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN corepack enable
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile --filter @lending/api... \
 && pnpm --filter @lending/api run build \
 && pnpm --filter @lending/api deploy --legacy --prod /out

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production API_HOST=0.0.0.0 API_PORT=3001
WORKDIR /app/api
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/package.json ./package.json
COPY --from=build /src/api/dist ./dist
COPY --from=build /src/api/migrations ./migrations
COPY --from=build /src/api/seeds ./seeds
COPY --from=build /src/api/assets ./assets
# The code stays owned by root and read-only to the process; only the data folder is its own.
RUN mkdir -p /app/.data /data/files && chown node:node /app/.data /data/files
USER node
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.API_PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations: the same image with `node dist/migrate.js` (compose service `migrate`, the Kubernetes Job).
CMD ["node", "dist/main.js"]
