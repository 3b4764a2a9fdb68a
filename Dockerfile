# The docstudio server with its engines, as one image (README.md, "Container image"):
#   docker build -t docstudio-server .
#   docker run --init --read-only --tmpfs /tmp --shm-size 1g -p 8080:8080 -v docstudio-data:/data docstudio-server
# or `docker compose up --build` (compose.yaml). It runs the compiled server (packages/server/dist, the
# `docstudio-server` bin) as an unprivileged user; the only writable places it needs are the data
# volume (/data), /tmp (HOME, Chromium's profile) and /dev/shm (per-job work folders of plaintext
# documents, the engines' own temporary files and LibreOffice's profiles, kept in RAM).

# Node 20 comes from the official Node image built on the same Debian 12 (bookworm): Debian 12's own
# nodejs is 18.19, older than the 20.19 the server needs. Only its binary (and npm in the build stages).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS node

# ---- build: the whole workspace with its dev tools; compiles the server, builds the studio and elements
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# better-sqlite3 compiles itself when no prebuilt binary fits the platform
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/react/package.json packages/react/
COPY packages/elements/package.json packages/elements/
COPY packages/server/package.json packages/server/
COPY demo/package.json demo/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build --workspace @docstudio/server

# ---- deps: the server's production dependencies alone (no tsx, esbuild, Vite or test tools)
FROM build AS deps
# (the workspace's own node_modules folder is made if npm left it empty, so the COPY below finds it)
RUN npm ci --omit=dev --workspace @docstudio/server --no-audit --no-fund \
 && mkdir -p packages/server/node_modules

# ---- runtime: Debian 12 with the engines, Node, the compiled server and the built studio
FROM debian:12-slim AS runtime
# The engines from the one list scripts/install-engines.sh keeps (`--list` prints it; npm start and
# CI install from the same script).
COPY scripts/install-engines.sh /tmp/install-engines.sh
# jemalloc at one path whatever the architecture (the server preloads it: packages/server/memory.mjs)
RUN bash /tmp/install-engines.sh \
 && rm -rf /var/lib/apt/lists/* /tmp/install-engines.sh \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
COPY --from=node /usr/local/bin/node /usr/local/bin/node

RUN groupadd --system --gid 10001 docstudio \
 && useradd --system --uid 10001 --gid docstudio --no-create-home --home-dir /tmp --shell /usr/sbin/nologin docstudio \
 && install -d -o docstudio -g docstudio -m 0700 /data

WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=deps /src/packages/server/node_modules ./packages/server/node_modules
COPY --from=build /src/packages/server/package.json ./packages/server/package.json
COPY --from=build /src/packages/server/dist ./packages/server/dist
COPY --from=build /src/demo/dist ./studio
RUN chmod 0755 packages/server/dist/main.js \
 && ln -s /app/packages/server/dist/main.js /usr/local/bin/docstudio-server

ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --max-semi-space-size=4" \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    STATIC_DIR=/app/studio \
    HOME=/tmp \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,max_background_threads:1,dirty_decay_ms:1000,muzzy_decay_ms:0
VOLUME ["/data"]
EXPOSE 8080
USER 10001:10001

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

ENTRYPOINT ["docstudio-server"]
