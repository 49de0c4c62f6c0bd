# The production image: the built server and web app on production dependencies only, run by an unprivileged user.
# docs/deployment.md says how to run it (deploy/compose.yaml: PostgreSQL, two instances, haproxy, MinIO).
# scripts/container-build.mjs runs these same steps without Docker (this project's CI has no Docker daemon): keep the
# two in step.
#
#   docker build -t influence-market .
#
# Debian's slim image (glibc): the argon2 binding's prebuilt binary is the linux-x64-gnu one CI tests with.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. prune: only the workspaces the server and the web app are built from, and a lockfile cut down to them. Two
#    cuts: server + web for the build, server alone for the production dependencies (the web app's are bundled).
FROM ${NODE_IMAGE} AS prune
WORKDIR /src
COPY . .
RUN npx --yes "turbo@$(node -p 'require("./package.json").devDependencies.turbo')" prune @market/server @market/web \
      --docker --out-dir /pruned/build \
 && npx --yes "turbo@$(node -p 'require("./package.json").devDependencies.turbo')" prune @market/server \
      --docker --out-dir /pruned/server

# 2. build: every dependency (dev ones included: esbuild, vite, patch-package), then `npm run build`. The package
#    manifests and the lockfile come first so that this layer's install is cached until they change.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=prune /pruned/build/json/ /pruned/build/package-lock.json ./
# npm ci's postinstall applies patches/ and patches-dev/ (patch-package) to the installed dependencies.
COPY patches ./patches
COPY patches-dev ./patches-dev
RUN npm ci --no-audit --no-fund
COPY --from=prune /pruned/build/full/ ./
# The workspaces' tsconfig.json extend the root's, which turbo prune leaves out; esbuild and vite read it.
COPY tsconfig.json ./
RUN npm run build

# 3. production dependencies: the server's workspace alone, without dev dependencies. Install scripts are skipped
#    (none of these needs one, and the root's postinstall would call patch-package, a dev dependency), so the
#    patches are applied here with the build stage's patch-package: patches/ only, as patches-dev/ is for packages
#    the tests alone use, absent here.
FROM build AS deps
WORKDIR /deps
COPY --from=prune /pruned/server/json/ /pruned/server/package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && /src/node_modules/.bin/patch-package --error-on-fail

# 4. runtime: the production dependencies, the server's bundle (apps/server/dist/main.js bundles the workspace
#    packages; third-party ones stay in node_modules), the built web app and the migrations.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /deps/ ./
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY drizzle ./drizzle
# The code stays root's and read-only to the server; it writes only DATA_DIR (the embedded database and files on
# local disk, when neither DATABASE_URL nor FILES_S3_BUCKET is set).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# GET /livez: the process answers (the balancer asks /readyz, which also fails while draining).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# package.json's `serve` script without npm in between: node is PID 1 and receives SIGTERM itself to drain.
# scripts/container-build.mjs checks that the two stay the same command.
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.js"]
