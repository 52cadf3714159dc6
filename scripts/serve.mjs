// Serves the built app (dist/) with Astro's standalone handler on our own HTTP server, so the
// process can check its configuration and migrate the database before it takes traffic, and can
// shut down gracefully.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);
const DRAIN_MS = 10_000;
const server = http.createServer((req, res) => {
  serveCompressedAsset(req, res).then(
    (served) => served || handler(req, res),
    (error) => {
      console.error('compressed asset failed', error);
      handler(req, res);
    },
  );
});

// Hashed build assets (/_astro/*) are compressed once, in memory, and cached for a year: their
// names change with their content. The app's JavaScript is ~3x smaller on the wire this way.
// Everything else (and a client that takes neither brotli nor gzip) goes to Astro's handler.
const ASSETS = new URL('../dist/client/', import.meta.url);
const ASSET = /^\/_astro\/[\w.-]+\.(js|css|svg)$/;
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };
const compressed = new Map();

async function serveCompressedAsset(req, res) {
  const path = (req.url ?? '').split('?')[0];
  const match = ASSET.exec(path);
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !match) return false;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding === null) return false;
  let entry = compressed.get(path);
  if (entry === undefined) {
    const raw = await readFile(new URL(`.${path}`, ASSETS)).catch(() => null);
    if (raw === null) return false;
    entry = { br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(raw, { level: 9 }) };
    compressed.set(path, entry);
  }
  const body = entry[encoding];
  res.writeHead(200, {
    'content-type': TYPES[match[1]],
    'content-encoding': encoding,
    'content-length': body.length,
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

server.listen(port, host, async () => {
  // The first request builds the container: configuration (exit 78 when invalid) and migrations.
  const { port: bound } = server.address();
  const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const response = await fetch(`http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${bound}/api/health`).catch((error) => error);
  if (!(response instanceof Response) || !response.ok) {
    console.error(`Who's Paying could not start: ${response instanceof Response ? `health check answered ${response.status}` : response}`);
    process.exit(1);
  }
  console.log(`Who's Paying listening on http://${host}:${bound}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: no new connections; finishing requests in flight`);
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const timedOut = await Promise.race([drained.then(() => false), new Promise((r) => setTimeout(r, DRAIN_MS, true))]);
  if (timedOut) server.closeAllConnections();
  await globalThis[Symbol.for('whospaying.shutdown')]?.();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
