# QuestionLegale.info — image de production (voir README, « Déploiement »).
# docker build -t questionlegale . && docker run -p 3000:3000 -v ql-data:/app/data questionlegale

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-slim
# The model of meaning (scripts/semantic): python3 runs the local embeddings server, installed into
# /app/.venv from the hash-checked requirements file at build time (nothing is downloaded at run time).
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/semantic ./scripts/semantic
RUN SEMANTIC_INSTALL_STRICT=1 bash scripts/semantic/install-model.sh
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME /app/data
# The first start builds the search index into the volume (about a minute): long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "dist/server/server.js"]
