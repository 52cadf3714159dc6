import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buySmallPackage, call } from '../support/app-client';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { fakeOpenAiEnvironment, startFakeOpenAi } from '../support/fake-openai';
import { tinyImage } from '../support/images';

// The built server reads receipts through the official OpenAI SDK from a local fake that stops
// answering; the reading budget is half a second instead of 30.
describe('the receipt reader timing out', () => {
  let reader: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let server: BuiltServer;
  let dataDir: string;
  let image: string;

  beforeAll(async () => {
    reader = await startFakeOpenAi();
    dataDir = await mkdtemp(join(tmpdir(), 'wp-reader-'));
    server = await startBuiltServer({ DATABASE_URL: '', DATA_DIR: dataDir, ...fakeOpenAiEnvironment(reader.url, 0.5) });
    image = (await tinyImage('png', 300, 400)).toString('base64');
  });
  afterAll(async () => {
    await server?.stop();
    await reader?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const usage = async (anonymousUserId: string) => JSON.parse((await call(server.url, 'GET', `/api/usage?anonymousUserId=${anonymousUserId}`)).body) as { billsUsed: number; tokens: number };
  const scan = (anonymousUserId: string) => call(server.url, 'POST', '/functions/v1/analyze-receipt', { image, anonymousUserId });

  it('answers the documents text for a timed-out analysis and gives the free bill back; nothing hangs', async () => {
    const user = randomUUID();
    reader.hang();
    try {
      const answers = await Promise.all([scan(user), scan(user)]);
      for (const answer of answers) {
        expect(answer.status).toBe(504);
        expect(JSON.parse(answer.body)).toEqual({ error: 'Request timed out. Please check your internet connection and try again.', code: 'timed_out' });
      }
      expect(await usage(user)).toMatchObject({ billsUsed: 0, tokens: 0 });
    } finally {
      reader.answer();
    }
    const read = await scan(user);
    expect(read.status).toBe(200);
    expect(await usage(user)).toMatchObject({ billsUsed: 1, tokens: 0 });
  });

  it('gives the token back when the scan was paid with one', async () => {
    const user = randomUUID();
    await buySmallPackage(server.url, user);
    for (let i = 0; i < 3; i++) expect((await scan(user)).status).toBe(200);
    expect(await usage(user)).toMatchObject({ billsUsed: 3, tokens: 10 });
    reader.hang();
    try {
      expect((await scan(user)).status).toBe(504);
      expect(await usage(user)).toMatchObject({ billsUsed: 3, tokens: 10 });
    } finally {
      reader.answer();
    }
    expect((await scan(user)).status).toBe(200);
    expect(await usage(user)).toMatchObject({ billsUsed: 3, tokens: 9 });
  });
});
