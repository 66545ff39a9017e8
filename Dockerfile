# Control-plane image: Directus 12 with the platform bundle, migrations, schema snapshot and the
# built portal. Started by the same `npm start` as the embedded default, configured by env.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY extensions/platform/package.json extensions/platform/
COPY portal/package.json portal/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data MAIL_CATCHER=false
COPY --from=build /app /app
VOLUME /data
EXPOSE 8055
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8055/server/ping').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.ts"]
