// Serves the built app (dist/) with Astro's standalone handler on our own HTTP server, so the
// process can check its configuration and migrate the database before it takes traffic, and can
// shut down gracefully.
import http from 'node:http';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);
const DRAIN_MS = 10_000;
const server = http.createServer(handler);

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
