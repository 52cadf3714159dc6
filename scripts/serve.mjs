// Serves the built app (dist/) with Astro's standalone handler on our own HTTP server, so the
// process can check its configuration and migrate the database before it takes traffic, give every
// response (static files too) its request id and security headers, log each request, and shut down
// gracefully.
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedAssets } from '../src/server/edge/compressed-assets.mjs';
import { createLogger, redactTarget, requestIdFrom } from '../src/server/edge/request-log.mjs';
import { answerClientError, declareUtf8, refuseMalformedHost, refuseUnknownMethod, requestTimeouts } from '../src/server/edge/protocol-guards.mjs';
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from '../src/server/edge/security-headers.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const logger = createLogger();
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);
const DRAIN_MS = 10_000;
const CLIENT_DIR = new URL('../dist/client/', import.meta.url);
const policyFor = await prerenderedPolicies(fileURLToPath(CLIENT_DIR));
const serveCompressedAsset = compressedAssets(CLIENT_DIR);
let stopping = false;

const server = http.createServer(requestTimeouts(process.env), (req, res) => {
  const started = process.hrtime.bigint();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  req.headers['x-request-id'] = requestId; // the app logs its faults under the same id
  res.setHeader('x-request-id', requestId);
  // Defaults for what Astro's static handler serves; a rendered page's own headers replace them.
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('content-security-policy', policyFor(req.url ?? '/'));
  if (stopping) res.setHeader('connection', 'close');
  res.once('close', () => {
    const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
    logger.info({ requestId, method: req.method, path: redactTarget(req.url ?? '/'), status: res.statusCode, durationMs, completed: res.writableFinished }, 'request');
    if (stopping) server.closeIdleConnections();
  });
  if (refuseUnknownMethod(req, res) || refuseMalformedHost(req, res)) return;
  declareUtf8(res);
  serveCompressedAsset(req, res).then(
    (served) => served || handler(req, res),
    (error) => {
      logger.error({ requestId, err: error }, 'compressed asset failed; serving it uncompressed');
      handler(req, res);
    },
  );
});

server.on('clientError', answerClientError);

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

/**
 * Stop accepting, tell the load balancer (GET /api/health answers 503), let requests in flight
 * finish for up to DRAIN_MS, then close the database and exit 0.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  globalThis[Symbol.for('whospaying.shuttingDown')] = true;
  logger.info({ signal }, 'no new connections; finishing requests in flight');
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const timedOut = await Promise.race([drained.then(() => false), new Promise((r) => setTimeout(r, DRAIN_MS, true).unref())]);
  if (timedOut) {
    logger.warn('requests still in flight after the drain time; closing them');
    server.closeAllConnections();
  }
  await globalThis[Symbol.for('whospaying.shutdown')]?.();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

/**
 * The Content-Security-Policy of each prerendered page (its own inline scripts), by URL path; any
 * other static file gets the policy of all of them together.
 */
async function prerenderedPolicies(clientDir) {
  const byPath = new Map();
  const all = new Set();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const hashes = inlineScriptHashes(await readFile(path.join(clientDir, file), 'utf8'));
    hashes.forEach((h) => all.add(h));
    byPath.set(`/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/', contentSecurityPolicy(hashes));
  }
  const fallback = contentSecurityPolicy([...all]);
  return (target) => {
    const pathname = target.split('?')[0].replace(/\/+$/, '') || '/';
    return byPath.get(pathname) ?? byPath.get(pathname.replace(/\.html$/, '')) ?? fallback;
  };
}
