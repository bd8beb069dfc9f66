# syntax=docker/dockerfile:1.7
# The edge image: nginx (Debian's package, with its JavaScript and brotli modules) serving the
# shell and the five remotes built for one brand (BRAND), the API proxied to API_UPSTREAMS. Its
# configuration is rendered when the container starts, from infra/deploy/nginx and the edge's
# policy (docs/edge.md). Built from the repository root
# (docker build -f infra/deploy/edge.Dockerfile --build-arg BRAND=arkcash .).

FROM node:20.19-bookworm-slim AS build
ARG BRAND=arkcash
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true BRAND=${BRAND}
RUN corepack enable
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --workspace-concurrency=1 --filter @lending/shell --filter "@lending/mf-*" run build

FROM node:20.19-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx libnginx-mod-http-js libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /run/edge && chown node:node /run/edge
ENV NODE_ENV=production PORT=8080 EDGE_RUN_DIR=/run/edge
WORKDIR /app
# Rendering the configuration needs Node only: the edge's policy, rules and page headers.
COPY --from=build /src/infra/deploy/nginx ./infra/deploy/nginx
COPY --from=build /src/infra/gateway/edge-policy.mjs /src/infra/gateway/edge-rules.js /src/infra/gateway/page-headers.mjs ./infra/gateway/
COPY --from=build /src/infra/remotes ./infra/remotes
COPY --from=build /src/shell/dist ./shell/dist
COPY --from=build /src/mf-onboarding/dist ./mf-onboarding/dist
COPY --from=build /src/mf-loan-status/dist ./mf-loan-status/dist
COPY --from=build /src/mf-repayment/dist ./mf-repayment/dist
COPY --from=build /src/mf-guarantor/dist ./mf-guarantor/dist
COPY --from=build /src/mf-admin/dist ./mf-admin/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/remotes.json').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "infra/deploy/nginx/edge.mjs"]
