// Serves the built app (dist/) with Astro's handler on our own HTTP server, so the process can
// check its configuration and migrate the database before it takes traffic, give every response
// (static files too) its request id and security headers, log each request, and shut down
// gracefully. Before Astro runs, a request is answered from memory when it can be: a page the same
// for every visitor that was rendered before (the page cache), or a built client file.
import http from 'node:http';
import { answerFromPageCache, sharedPageCache } from '../src/server/edge/page-cache.mjs';
import { createLogger, createRequestLogger, redactTarget, requestIdFrom } from '../src/server/edge/request-log.mjs';
import { drainRefusedBody } from '../src/server/edge/body-limits.mjs';
import { answerClientError, answerConnect, declareUtf8, refuseMalformedHost, refuseUnknownMethod, requestTimeouts } from '../src/server/edge/protocol-guards.mjs';
import { SECURITY_HEADERS } from '../src/server/edge/security-headers.mjs';
import { staticFiles } from '../src/server/edge/static-files.mjs';

const { handler } = await import('../dist/server/entry.mjs');

const logger = createLogger();
const requestLog = createRequestLogger();
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);
const DRAIN_MS = 10_000;
const clientFiles = await staticFiles(new URL('../dist/client/', import.meta.url));
const pageCache = sharedPageCache();
let stopping = false;

const server = http.createServer(requestTimeouts(process.env), (req, res) => {
  const started = process.hrtime.bigint();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  req.headers['x-request-id'] = requestId; // the app logs its faults under the same id
  res.once('close', () => {
    const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
    requestLog.info({ requestId, method: req.method, path: redactTarget(req.url ?? '/'), status: res.statusCode, durationMs, completed: res.writableFinished }, 'request');
    if (stopping) server.closeIdleConnections();
  });
  // First, as the busiest path: a cached page carries every header it needs. Only a request that
  // passed the checks below was ever rendered, so only such a request can find its page here.
  if (!stopping && answerFromPageCache(req, res, pageCache, requestId)) return;
  res.setHeader('x-request-id', requestId);
  // Defaults for every answer; a page's or a file's own headers replace them.
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('content-security-policy', clientFiles.everyPolicy);
  if (stopping) res.setHeader('connection', 'close');
  if (refuseUnknownMethod(req, res) || refuseMalformedHost(req, res)) return;
  if (!isDecodable(req.url ?? '/')) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Bad request.');
    return;
  }
  declareUtf8(res);
  if (clientFiles.answer(req, res)) return;
  drainRefusedBody(req, res);
  handler(req, res);
});

server.on('clientError', answerClientError);
// CONNECT never reaches the request handler: without this Node drops the connection unanswered.
server.on('connect', answerConnect);

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

function isDecodable(target) {
  try {
    decodeURI(target);
    return true;
  } catch {
    return false;
  }
}
