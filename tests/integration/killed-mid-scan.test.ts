import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/app-client';
import { freePort, startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';
import { fakeOpenAiEnvironment, startFakeOpenAi } from '../support/fake-openai';
import { tinyImage } from '../support/images';

const unavailable = postgresUnavailable();
const targets = [
  { name: 'PGlite', skip: false },
  { name: 'Postgres', skip: unavailable !== null },
];

/**
 * A server killed while a scan is being read: the free bill the scan reserved, and the address's
 * free scan for the day, are given back when the server starts again (one free scan a day here, so
 * a second scan from the address shows it).
 */
for (const target of targets) {
  describe.skipIf(target.skip)(`a server killed mid-scan [${target.name}]`, () => {
    let reader: Awaited<ReturnType<typeof startFakeOpenAi>>;
    let server: BuiltServer;
    let database: TestDatabase | null = null;
    let dataDir: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      reader = await startFakeOpenAi();
      dataDir = await mkdtemp(join(tmpdir(), 'wp-killed-'));
      database = target.name === 'Postgres' ? await openPostgres() : null;
      env = {
        DATABASE_URL: database?.url ?? '',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        ...fakeOpenAiEnvironment(reader.url),
        TRUSTED_PROXY_HOPS: '1',
        FREE_SCANS_PER_ADDRESS_PER_DAY: '1',
      };
      server = await startBuiltServer(env);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await reader?.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('gives the free bill and the address’s free scan back when it starts again', async () => {
      const image = (await tinyImage('png', 300, 400)).toString('base64');
      const scan = (id: string) => call(server.url, 'POST', '/functions/v1/analyze-receipt', { image, anonymousUserId: id }, { from: '203.0.113.77' });
      const billsUsed = async (id: string) => (JSON.parse((await call(server.url, 'GET', '/api/usage', undefined, { anonymousId: id })).body) as { billsUsed: number }).billsUsed;
      const ann = randomUUID();
      reader.hang();
      void scan(ann).catch(() => undefined);
      while (reader.calls() < 1) await new Promise((r) => setTimeout(r, 10));
      expect(await billsUsed(ann)).toBe(1);

      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      server.process.kill('SIGKILL');
      await exited;
      reader.answer();
      server = await startBuiltServer(env);

      expect(await billsUsed(ann)).toBe(0);
      // The address's one free scan of the day is back: a fresh id from it is read.
      expect((await scan(randomUUID())).status).toBe(200);
    }, 120_000);
  });
}
