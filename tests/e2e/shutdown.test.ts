import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { shareBody } from '../support/share-packets';

const BILL = JSON.stringify(shareBody({ diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Soup', pricePence: 500, assignedTo: ['a'] }], tipPence: 0 }));

/** Everything a raw socket receives until `done` says it has enough (or the server closes it). */
function receive(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const finish = () => {
      socket.off('data', onData);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (done(text)) finish();
    };
    socket.on('data', onData);
    socket.once('close', finish);
  });
}

// Its own server process: this one is stopped on purpose.
describe('graceful shutdown on SIGTERM', () => {
  let server: BuiltServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wp-shutdown-'));
    server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops accepting, reports not ready, finishes the request in flight, closes the database and exits 0', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // A slow upload: the server has the request (it said 100 Continue) but only half the body.
    socket.write(`POST /api/shares HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${BILL.length}\r\nExpect: 100-continue\r\n\r\n`);
    await receive(socket, (text) => text.includes('100 Continue'));
    socket.write(BILL.slice(0, 20));

    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await expect
      .poll(
        () =>
          fetch(`${server.url}/api/health`).then(
            () => 'accepted',
            () => 'refused',
          ),
        { timeout: 10_000 },
      )
      .toBe('refused');

    // The rest of the body, and a readiness probe pipelined on the same connection behind it.
    const answers = receive(socket, (text) => text.includes('"status":"stopping"'));
    socket.write(`${BILL.slice(20)}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const text = await answers;
    expect(text).toMatch(/HTTP\/1\.1 201 Created[\s\S]*"url":"[^"]*\/b\/[0-9A-Z.]+"/);
    expect(text).toMatch(/HTTP\/1\.1 503 Service Unavailable[\s\S]*"status":"stopping"/);
    socket.destroy();

    expect(await exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });
});
