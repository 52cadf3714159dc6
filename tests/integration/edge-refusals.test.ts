import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[integration] edge refusals on Postgres skipped: ${unavailable}`);

/** A body sent with its Content-Length over plain HTTP/1.1 with Connection: close, as curl and many clients send it. */
function postDeclared(url: string, path: string, bytes: number): Promise<{ status: number; body: string } | { error: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': bytes } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: `response ${e.code}` }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: `request ${e.code}` }));
    req.end(Buffer.alloc(bytes, 0x20));
  });
}

/** What the server answers to a raw request line, up to its closing the connection. */
function raw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const databases: { name: string; skip: boolean; env: () => Promise<{ env: Record<string, string>; close: () => Promise<void> }> }[] = [
  { name: 'PGlite', skip: false, env: async () => ({ env: { DATABASE_URL: '' }, close: async () => {} }) },
  {
    name: 'Postgres',
    skip: unavailable !== null,
    env: async () => {
      const database: TestDatabase = await openPostgres();
      return { env: { DATABASE_URL: database.url! }, close: () => database.close() };
    },
  },
];

/**
 * What the edge of the built server refuses, and how: the method, the body and the private pages,
 * on each database the app runs on.
 */
for (const target of databases) {
  describe.skipIf(target.skip)(`the built server's edge [${target.name}]`, () => {
    let server: BuiltServer;
    let dataDir: string;
    let close: () => Promise<void>;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'wp-edge-'));
      const opened = await target.env();
      close = opened.close;
      server = await startBuiltServer({ ...opened.env, DATA_DIR: dataDir });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await close?.();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('keeps every page whose address carries a capability private, /app?data= included', async () => {
      const stored = await fetch(`${server.url}/api/receipts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tipPence: 0, diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Pie', pricePence: 900, assignedTo: ['a'] }] }),
      });
      const { diners } = (await stored.json()) as { diners: { url: string }[] };
      for (const path of ['/app?data=NOT.A-TOKEN', new URL(diners[0]!.url).pathname, '/share/NOT.A-TOKEN', '/b/NOT.A-TOKEN']) {
        const response = await fetch(`${server.url}${path}`);
        await response.arrayBuffer();
        expect([response.headers.get('referrer-policy'), response.headers.get('cache-control'), response.headers.get('x-robots-tag')], path).toEqual([
          'no-referrer',
          'private, no-store',
          'noindex, nofollow',
        ]);
      }
    });

    it('answers CONNECT with 405 and Allow instead of dropping the connection', async () => {
      const answer = await raw(server.url, 'CONNECT /api/shares HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nallow: GET, HEAD, POST, PUT, DELETE\r\n/i);
      expect(answer).toContain('{"error":"Method not allowed"}');
    });

    it('answers a declared body over the cap with a 413 and its code that arrives before the connection closes, every time', async () => {
      for (const path of ['/api/live-bills/nosuchbill/commands', '/api/receipts']) {
        const answers = [];
        for (let i = 0; i < 15; i++) answers.push(await postDeclared(server.url, path, 10_000_000));
        expect(
          answers.filter((a) => !('status' in a) || a.status !== 413),
          path,
        ).toEqual([]);
        expect(JSON.parse((answers[0] as { body: string }).body)).toMatchObject({ code: 'too_large' });
      }
    });

    it("answers a scan over the 12 MiB cap with the scanning contract's image_too_large", async () => {
      const answer = await postDeclared(server.url, '/functions/v1/analyze-receipt', 13 * 1024 * 1024);
      expect(answer).toMatchObject({ status: 413 });
      expect(JSON.parse((answer as { body: string }).body)).toEqual({ code: 'image_too_large', error: 'The photo is too large. Please upload one under 8 MB.' });
    });
  });
}
