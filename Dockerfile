# One image for every process of the service: the api (default command), the worker
# (`node apps/worker/src/main.ts`), the simulators (`node scripts/simulators.ts`) and the
# admin command line (`node scripts/admin.ts`). Node 24 runs the TypeScript sources as they
# are (type stripping): no build step. Production dependencies only.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# The manifests of every workspace, so `npm ci` matches the lockfile (a test checks this list).
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY packages/cli/package.json packages/cli/
COPY packages/comps/package.json packages/comps/
COPY packages/config/package.json packages/config/
COPY packages/contract/package.json packages/contract/
COPY packages/export/package.json packages/export/
COPY packages/history/package.json packages/history/
COPY packages/http-client/package.json packages/http-client/
COPY packages/marketplaces/package.json packages/marketplaces/
COPY packages/mcp/package.json packages/mcp/
COPY packages/sdk/package.json packages/sdk/
COPY packages/store/package.json packages/store/
COPY packages/testing/package.json packages/testing/
COPY packages/webhooks/package.json packages/webhooks/
# No install script of a production dependency is needed at run time.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# Sandbox webhook endpoints may never target the container's own loopback (docs/webhooks.md);
# the default already, said here so no image is built that allows it.
ENV WEBHOOK_SANDBOX_LOOPBACK=false
WORKDIR /app
COPY --from=deps /app ./
COPY apps ./apps
COPY packages ./packages
COPY scripts ./scripts
USER node
EXPOSE 8080 9464 8090
CMD ["node", "apps/api/src/main.ts"]
