# syntax=docker/dockerfile:1.7
# The gateway image: the shell and the five remotes, built for one brand (BRAND), served with the
# API proxied to API_UPSTREAMS (or API_URL). Built from the repository root
# (docker build -f infra/deploy/gateway.Dockerfile --build-arg BRAND=arkcash .).

FROM node:20.19-bookworm-slim AS build
ARG BRAND=arkcash
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true BRAND=${BRAND}
RUN corepack enable
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --workspace-concurrency=1 --filter @lending/shell --filter "@lending/mf-*" run build \
 && pnpm --filter @lending/infra deploy --legacy --prod /out

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /out/node_modules ./infra/node_modules
COPY --from=build /out/package.json ./infra/package.json
COPY --from=build /src/infra/gateway ./infra/gateway
COPY --from=build /src/infra/remotes ./infra/remotes
COPY --from=build /src/shell/dist ./shell/dist
COPY --from=build /src/mf-onboarding/dist ./mf-onboarding/dist
COPY --from=build /src/mf-loan-status/dist ./mf-loan-status/dist
COPY --from=build /src/mf-repayment/dist ./mf-repayment/dist
COPY --from=build /src/mf-guarantor/dist ./mf-guarantor/dist
COPY --from=build /src/mf-admin/dist ./mf-admin/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/remotes.json').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "infra/gateway/main.mjs"]
