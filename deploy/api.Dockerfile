# The API (api/): one image, any number of containers behind a load balancer, on one PostgreSQL.
# Built from the repository root after `npm start`'s build (or `node scripts/build-for-deploy.mjs`): it copies
# what that build produced (api/dist: not api/dist-local, the demo seed local runs load) and installs the API's
# production dependencies only (not @utsav/stand-ins, whose provider stand-in local runs load).
#   docker build -f deploy/api.Dockerfile -t utsav-api .
# scripts/after-build/deploy-images.test.mjs checks that every file copied here exists after the build and
# that the API starts from exactly these files and answers /health and /ready.

FROM node:20-bookworm-slim AS dependencies
WORKDIR /srv
# the workspace's manifests and lockfile: the API's production dependencies, nothing else (@utsav/contracts is bundled into dist)
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY api/package.json api/
COPY shared-contracts/package.json shared-contracts/
COPY tooling/package.json tooling/
RUN npx -y pnpm@12.21.0 install --frozen-lockfile --prod --filter @utsav/api --config.node-linker=hoisted

FROM node:20-bookworm-slim
WORKDIR /srv
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0
COPY --from=dependencies /srv/node_modules node_modules
COPY api/package.json api/
COPY api/dist api/dist
COPY api/migrations api/migrations
USER node
EXPOSE 4000
# liveness; a load balancer asks /ready (503 while the container drains for a shutdown)
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM: /ready turns 503 for SHUTDOWN_DRAIN_MS, then the API stops taking requests and finishes those in flight
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/server.js"]
