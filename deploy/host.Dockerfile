# The host server: the shell's static files, /remotes.json and /config.json from its environment, the
# session cookie routes, and the server render of every page (remotes' server containers loaded at run
# time from their URLs). Stateless: any number of containers behind a load balancer.
# Built from the repository root after `npm start`'s build: it copies what that build produced
# (host-shell/dist, host-shell/dist-server) and the static server (tooling/src), which needs only Node
# and, for the release gate's version checks, semver, and zod (the release store's live.json and
# release.json are checked when read, with RELEASES_DIR).
#   docker build -f deploy/host.Dockerfile -t utsav-host .
# scripts/after-build/deploy-images.test.mjs checks that every file copied here exists after the build and
# that the server starts from exactly these files and renders a page.

FROM node:20-bookworm-slim AS dependencies
WORKDIR /srv
RUN npm init -y >/dev/null && npm install --omit=dev --no-audit --no-fund semver@7.8.6 zod@4.6.7

FROM node:20-bookworm-slim
WORKDIR /srv
ENV NODE_ENV=production PORT=3000
COPY --from=dependencies /srv/node_modules node_modules
COPY tooling/src tooling/src
COPY host-shell/dist host-shell/dist
COPY host-shell/dist-server host-shell/dist-server
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "tooling/src/serve.cjs", "--dir", "host-shell/dist", "--port", "3000", "--runtime-config", "--render", "host-shell/dist-server/render.js"]
