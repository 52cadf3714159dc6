import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the model "reads" from every receipt: two dishes and their printed total. */
const FAKE_EXTRACTION = {
  items: [
    { label: 'Burger', pricePence: 1250, kind: 'item' },
    { label: 'Chips', pricePence: 350, kind: 'item' },
  ],
  totalPence: 1600,
};

/**
 * A local OpenAI-compatible chat completions endpoint for the running server's `openai` reader
 * (OPENAI_BASE_URL = `url`): it answers FAKE_EXTRACTION at once, or, between `hang()` and `answer()`, never.
 */
export async function startFakeOpenAi() {
  let hanging = false;
  let calls = 0;
  const held = new Set<ServerResponse>();
  const reply = (res: ServerResponse) => {
    const content = JSON.stringify(FAKE_EXTRACTION);
    const completion = {
      id: `chatcmpl-${calls}`,
      object: 'chat.completion',
      created: 0,
      model: 'fake-vision',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion));
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      if (hanging) return void held.add(res);
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    hang(): void {
      hanging = true;
    },
    /** Answers again, and lets go of the calls it was holding (their readers gave up long ago). */
    answer(): void {
      hanging = false;
      for (const res of held) res.destroy();
      held.clear();
    },
    /** Answers again, and answers the calls it was holding (their readers are still waiting). */
    release(): void {
      hanging = false;
      for (const res of held) reply(res);
      held.clear();
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The running server's variables for reading receipts with this fake. */
export function fakeOpenAiEnvironment(url: string, timeoutSeconds = 30): Record<string, string> {
  return { RECEIPT_ENGINE: 'openai', OPENAI_BASE_URL: url, OPENAI_API_KEY: 'sk-fake', OPENAI_MODEL: 'fake-vision', OPENAI_TIMEOUT_SECONDS: String(timeoutSeconds) };
}
