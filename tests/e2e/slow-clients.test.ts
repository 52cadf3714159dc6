import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';

/** Writes `head` on a raw connection and never finishes the request; resolves with what the server sent before it closed. */
function stall(server: BuiltServer, head: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a slow client cannot hold a connection (REQUEST_TIMEOUT_SECONDS)', () => {
  let server: BuiltServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wp-slow-'));
    server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '', REQUEST_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a body that never finishes gets 408 JSON and the connection closed', async () => {
    const answer = await stall(server, 'POST /api/shares HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"diners":');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"error":"Request timed out"}');
  });

  it('headers that never finish get 408 too', async () => {
    const answer = await stall(server, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a method the HTTP parser does not know gets 405 JSON with Allow', async () => {
    const answer = await stall(server, 'TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain('allow: GET, HEAD, POST, PUT, DELETE');
  });
});
