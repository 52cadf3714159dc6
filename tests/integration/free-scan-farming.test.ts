import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SCANS_FROM_ADDRESS_USED_MESSAGE, SCANNING_PAUSED_MESSAGE } from '../../domain/scanning/scan-budgets';
import { UPLOAD_MESSAGES } from '../../src/server/http/scanning';
import { buySmallPackage, call, type Answer } from '../support/app-client';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';
import { fakeOpenAiEnvironment, startFakeOpenAi } from '../support/fake-openai';
import { tinyImage } from '../support/images';

const FREE_SCANS_PER_ADDRESS = 5;
// Readings the first two tests make (11 in the first, 6 in the second) plus the buyer's 3 free bills.
const SPEND_BUDGET_PENCE = 20;

const unavailable = postgresUnavailable();
const targets = [
  { name: 'PGlite', skip: false },
  { name: 'Postgres', skip: unavailable !== null },
];

/**
 * Issue 16's attack on the built server: fresh anonymous ids from one address. The test plays the
 * load balancer (TRUSTED_PROXY_HOPS=1), naming each client in X-Forwarded-For; the openai engine
 * reads from a local fake, held or released by the test, never by a timer.
 */
for (const target of targets) {
  describe.skipIf(target.skip)(`farming free scans with fresh ids [${target.name}]`, () => {
    let reader: Awaited<ReturnType<typeof startFakeOpenAi>>;
    let server: BuiltServer;
    let database: TestDatabase | null = null;
    let dataDir: string;
    let image: string;

    beforeAll(async () => {
      reader = await startFakeOpenAi();
      dataDir = await mkdtemp(join(tmpdir(), 'wp-farming-'));
      database = target.name === 'Postgres' ? await openPostgres() : null;
      server = await startBuiltServer({
        DATABASE_URL: database?.url ?? '',
        DATA_DIR: dataDir,
        ...fakeOpenAiEnvironment(reader.url),
        TRUSTED_PROXY_HOPS: '1',
        FREE_SCANS_PER_ADDRESS_PER_DAY: String(FREE_SCANS_PER_ADDRESS),
        OPENAI_DAILY_BUDGET_PENCE: String(SPEND_BUDGET_PENCE),
        OPENAI_COST_PER_SCAN_PENCE: '1',
      });
      image = (await tinyImage('png', 300, 400)).toString('base64');
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await reader?.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const scan = (anonymousUserId: string, from: string) => call(server.url, 'POST', '/functions/v1/analyze-receipt', { image, anonymousUserId }, { from });
    const usage = async (anonymousUserId: string) =>
      JSON.parse((await call(server.url, 'GET', '/api/usage', undefined, { anonymousId: anonymousUserId })).body) as { billsUsed: number; tokens: number };
    const tally = (answers: Answer[]) => {
      const counts: Record<string, number> = {};
      for (const a of answers) {
        const key = a.status === 200 ? '200' : `${a.status} ${(JSON.parse(a.body) as { error: string }).error.slice(0, 40)}…`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    };
    /** Waits on a condition (the test's own time limit ends a wait that never comes). */
    const waitFor = async (done: () => boolean) => {
      while (!done()) await new Promise((r) => setTimeout(r, 5));
    };

    it(`20 fresh ids from one address get ${FREE_SCANS_PER_ADDRESS} free scans; the refused ids keep their own free bills`, async () => {
      const ids = Array.from({ length: 20 }, () => randomUUID());
      const answers: Answer[] = [];
      for (const id of ids) answers.push(await scan(id, '203.0.113.66'));
      console.log(`[farming ${target.name}] 20 fresh ids, one address, one at a time: ${JSON.stringify(tally(answers))}`);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(FREE_SCANS_PER_ADDRESS);
      const refused = answers.slice(FREE_SCANS_PER_ADDRESS);
      expect(refused.every((a) => a.status === 429 && JSON.parse(a.body).error === FREE_SCANS_FROM_ADDRESS_USED_MESSAGE && Number(a.headers.get('retry-after')) > 0)).toBe(true);
      expect(await usage(ids[19]!)).toMatchObject({ billsUsed: 0, tokens: 0 });
      // An IPv6 client counts by its /64, whichever address in it it picks.
      for (let i = 1; i <= FREE_SCANS_PER_ADDRESS; i++) expect((await scan(randomUUID(), `2001:db8:66::${i}`)).status).toBe(200);
      expect(JSON.parse((await scan(randomUUID(), '2001:db8:66:0:ffff::2')).body).error).toBe(FREE_SCANS_FROM_ADDRESS_USED_MESSAGE);
      expect((await scan(randomUUID(), '2001:db8:67::1')).status).toBe(200);
    });

    it('while one address floods the reader with 20 fresh ids at once, a second address is still served', async () => {
      reader.hang();
      const callsBefore = reader.calls();
      let answered = 0;
      const flood = Array.from({ length: 20 }, () => scan(randomUUID(), '198.51.100.10').finally(() => answered++));
      // The flood holds its share of the reader (3 readings held by the fake), and the rest were turned away.
      await waitFor(() => reader.calls() === callsBefore + 3 && answered === 17);
      const neighbour = Array.from({ length: 3 }, () => scan(randomUUID(), '192.0.2.20'));
      await waitFor(() => reader.calls() === callsBefore + 4);
      reader.release();
      const [floodAnswers, neighbourAnswers] = [await Promise.all(flood), await Promise.all(neighbour)];
      console.log(`[farming ${target.name}] flood of 20 in flight from one address: ${JSON.stringify(tally(floodAnswers))}; second address meanwhile: ${JSON.stringify(tally(neighbourAnswers))}`);
      expect(neighbourAnswers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(floodAnswers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(floodAnswers.filter((a) => a.status === 429 && JSON.parse(a.body).error === UPLOAD_MESSAGES.busy)).toHaveLength(17);
    });

    it('past the daily spend ceiling scans answer 503 with our text, and free bills and tokens stay untouched', async () => {
      const buyer = randomUUID();
      await buySmallPackage(server.url, buyer);
      for (let i = 0; i < 3; i++) expect((await scan(buyer, '192.0.2.30')).status).toBe(200);
      const paused = await scan(buyer, '192.0.2.30');
      expect([paused.status, JSON.parse(paused.body).error]).toEqual([503, SCANNING_PAUSED_MESSAGE]);
      expect(await usage(buyer)).toMatchObject({ billsUsed: 3, tokens: 10 });
      console.log(`[farming ${target.name}] spend ceiling ${SPEND_BUDGET_PENCE}p at 1p a reading: reader called ${reader.calls()} times, then 503`);
      expect(reader.calls()).toBe(SPEND_BUDGET_PENCE);
    });
  });
}
