# Three images from one file, all on Node 22:
#   default target: the control plane (Directus 12 with the platform bundle, migrations, schema
#     snapshot and the built portal), started by the same `npm start` as the embedded default;
#   `--target runtime`: the data plane alone (runtime/ and the packages it uses, the docker CLI and
#     iptables), for docker-compose.yml's runtime service. It holds no scripts/, tests/ or
#     extension sources;
#   `--target site`: one customer's Directus alone (the installed packages, no platform code),
#     run as the unprivileged `node` user; the runtime's RUNTIME_DRIVER=docker runs each site in a
#     container of it (DOCKER_SITE_IMAGE, default epic/site:latest).
# Each final image is labelled `epic.image`, so superseded builds can be pruned by that label alone.
# BASE_IMAGE lets a machine without a registry build from a local Debian image with Node 22
# (scripts/docker/local-base-image.sh builds one).
ARG BASE_IMAGE=node:22-bookworm-slim

FROM ${BASE_IMAGE} AS toolchain
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# Native addons compile from source (their prebuilt binaries come from GitHub): node-gyp runs make on
# every core. They compile once: the platform's install adds to the runtime's (platform-all-deps).
ENV JOBS=max
# npm ci checks every workspace's manifest against the lock file, so all manifests come first.
COPY package.json package-lock.json .npmrc ./
COPY packages/concurrency/package.json packages/concurrency/
COPY packages/node-support/package.json packages/node-support/
COPY packages/platform-api/package.json packages/platform-api/
COPY packages/local-platform/package.json packages/local-platform/
COPY packages/runtime-contract/package.json packages/runtime-contract/
COPY packages/site-templates/package.json packages/site-templates/
COPY packages/stripe-client/package.json packages/stripe-client/
COPY runtime/package.json runtime/
COPY extensions/platform/package.json extensions/platform/
COPY portal/package.json portal/

# The runtime's installed packages (and the site image's), without any of our code: a code change
# leaves this stage, and the layers copied from it, cached.
FROM toolchain AS runtime-deps
RUN npm ci --workspace @epic/runtime --omit=dev --no-audit --no-fund

# Only the installed packages: the runtime's code and configuration stay out of a tenant's container.
# The docker driver replaces the command with its own entry (runtime/src/containers/); this one
# serves a site on its own. Directus's CLI module is started directly: the `directus` bin first
# asks the registry for updates. HOME: Directus loads pm2, which makes ~/.pm2, and the driver runs
# the root filesystem read-only.
FROM ${BASE_IMAGE} AS site
WORKDIR /app
ENV NODE_ENV=production HOME=/tmp
COPY --from=runtime-deps /app/node_modules /app/node_modules
USER node
EXPOSE 8055
CMD ["node", "node_modules/@directus/api/dist/cli/run.js", "start"]
LABEL epic.image=site

# The runtime starts from the site image: both run the same installed packages, so its largest layer
# is the site image's own, copied and stored once (copying it again took half a minute of a build).
# For RUNTIME_DRIVER=docker: the docker CLI, which drives the host's engine through its mounted
# socket (Debian ships the CLI only inside docker.io), and iptables, for the rule that keeps site
# containers' connections off the host. pg_dump and pg_restore: backups of PostgreSQL sites.
FROM site AS runtime
USER root
RUN apt-get update && apt-get install -y --no-install-recommends docker.io iptables postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOME=/root RUNTIME_DATA_DIR=/data/runtime
COPY --from=runtime-deps /app/package.json /app/package-lock.json ./
COPY packages/concurrency packages/concurrency
COPY packages/node-support packages/node-support
COPY packages/platform-api packages/platform-api
COPY packages/runtime-contract packages/runtime-contract
COPY packages/site-templates packages/site-templates
COPY runtime runtime
# The runtime's own versions of a few packages (the lock file's runtime/node_modules: versions other
# than Directus's), which the site image has no use for.
COPY --from=runtime-deps /app/runtime/node_modules runtime/node_modules
VOLUME /data
EXPOSE 8057 8080
CMD ["node", "runtime/main.ts"]
LABEL epic.image=runtime

# Every package, development ones included, installed once for the two stages below: on top of the
# runtime's packages, so what both use is neither fetched nor extracted again and the addons the
# runtime compiled stay as they are. --no-save: the lock file is the one in the checkout. npm's
# cache folder stays in these build stages: no final image copies it.
FROM runtime-deps AS platform-all-deps
RUN npm install --no-save --prefer-offline --no-audit --no-fund

# The platform's installed packages for production, without any of our code (as runtime-deps):
# the development packages pruned away, the compiled addons kept.
FROM platform-all-deps AS platform-deps
RUN npm prune --omit=dev --no-audit --no-fund

# The bundle and the portal, built with the development packages; only their output goes on.
FROM platform-all-deps AS platform-build
COPY tsconfig.json ./
COPY packages packages
COPY runtime runtime
COPY extensions extensions
COPY portal portal
RUN npm run build

# What the platform runs from: documents, tests and the compose files stay out (.dockerignore), so
# editing them leaves the build cache valid.
FROM ${BASE_IMAGE} AS platform
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data MAIL_CATCHER=false
COPY --from=platform-deps /app /app
COPY tsconfig.json ./
COPY packages packages
COPY runtime runtime
COPY extensions extensions
COPY portal portal
COPY migrations migrations
COPY snapshots snapshots
COPY scripts scripts
COPY --from=platform-build /app/extensions/platform/dist extensions/platform/dist
COPY --from=platform-build /app/portal/dist portal/dist
VOLUME /data
EXPOSE 8055
# A Node process's start alone took over 3 s on a 2-core machine at a load of 13 (the CI machine
# running two test files beside the stack); three such timeouts in a row made a booting replica
# "unhealthy" and failed the stack's start. Caddy's own checks, not this one, route requests.
HEALTHCHECK --interval=5s --timeout=10s --start-period=300s --retries=5 CMD ["node", "scripts/docker/control-plane-health.ts"]
CMD ["node", "scripts/start.ts"]
LABEL epic.image=platform
