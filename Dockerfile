# syntax=docker/dockerfile:1
# Keyshop: build the web app and the server bundle, then run `node dist/server.js` as a non-root
# user with production dependencies only. See docs/deploy.md.
#
#   docker build -t keyshop .                      # the runtime image
#   docker build --target build -t keyshop-tools . # sources + all dependencies (npm run license:create, …)

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, the sources, `npm run build` -------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
# Dependencies first, so a source change does not reinstall them. `npm install` as the README and
# CI do (docs/decisions/003): it installs exactly the locked versions.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# build/client (prerendered pages, SPA fallback, precompressed assets, CSP hashes) and dist/
# (server.js, user-role.js, migrations/).
RUN npm run build

# --- prod-deps: node_modules without devDependencies -------------------------------------------
FROM build AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# --- runtime -----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# package.json: "type": "module" makes dist/*.js ES modules. The server bundle keeps its
# dependencies external (node_modules); migrations are read from dist/migrations and the web app
# from build/client (STATIC_DIR), both relative to /app.
COPY --from=build /app/package.json ./package.json
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/client ./build/client
# The embedded database (no DATABASE_URL) lives here: mount a named volume on it (a new volume
# takes this directory's owner). The app files stay root-owned, read-only to the process.
# BACKUP_DIR's default (./backups): mount another volume there (docs/deploy.md, Backups).
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
USER node
EXPOSE 3000
# Alive = the process answers HTTP (the reverse proxy routes on /readyz: database and migrations).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 here unless the container runs with an init (compose.yaml sets `init: true`);
# server/main.ts handles SIGTERM itself (graceful shutdown).
CMD ["node", "--enable-source-maps", "dist/server.js"]
