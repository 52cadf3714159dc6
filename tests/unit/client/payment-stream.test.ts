// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { RepaymentStatusAnswer } from '../../../src/contracts/paying-back';
import { followPayments, serverSentEvents, type FollowedBy } from '../../../src/client/paying-back/payment-stream';

const status = (paidCount: number): RepaymentStatusAnswer => ({
  diners: [],
  paidCount,
  owingCount: 2,
  everyonePaid: paidCount === 2,
  outstandingPence: (2 - paidCount) * 500,
  summary: `${paidCount} of 2 paid`,
});

/** A stream the test writes to, as the server's answer body. */
function pushedBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return { body, push: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close() };
}

const answer = (statusCode: number, body: ReadableStream<Uint8Array> | null, json?: unknown) =>
  ({
    status: statusCode,
    ok: statusCode < 300,
    body,
    json: async () => json ?? null,
  }) as unknown as Response;

const SECRET = 'abcdefghjkmnpqrstuvwxyz2345';

describe('Server-Sent Events read from pieces cut anywhere', () => {
  it('answers each event once its blank line arrives, with its name and data, across pieces and CRLF', () => {
    const read = serverSentEvents();
    expect(read('retry: 1000\n\nevent: sta')).toEqual([]);
    expect(read('tus\ndata: {"a":')).toEqual([]);
    expect(read('1}\r\n\r\nevent: heartbeat\ndata: \n\ndata: x\ndata: y\n')).toEqual([
      { event: 'status', data: '{"a":1}' },
      { event: 'heartbeat', data: '' },
    ]);
    expect(read('\n')).toEqual([{ event: 'message', data: 'x\ny' }]);
  });
});

describe('the organiser following who has paid', () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it('takes each view from the stream, with the secret in a header and never in the address, and reads nothing by polling', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const stream = pushedBody();
    const heard: RepaymentStatusAnswer[] = [];
    const ways: FollowedBy[] = [];
    stop = followPayments('bill1', SECRET, (s) => heard.push(s), {
      pollMs: 20,
      onFollowedBy: (by) => ways.push(by),
      fetch: async (url, init) => {
        calls.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
        return answer(200, stream.body);
      },
    });
    stream.push(`retry: 1000\n\nevent: status\ndata: ${JSON.stringify(status(0))}\n\n`);
    await expect.poll(() => heard.length).toBe(1);
    stream.push(`event: heartbeat\ndata: \n\nevent: status\ndata: ${JSON.stringify(status(1))}\n\n`);
    await expect.poll(() => heard.map((s) => s.paidCount)).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 80));
    expect(calls.map((c) => c.url)).toEqual(['/api/bills/bill1/events']);
    expect(calls[0]!.headers['x-organiser-secret']).toBe(SECRET);
    expect(ways).toEqual(['stream']);
  });

  it('reads the view now and then while the stream is refused, and stops reading once the stream is back', async () => {
    const urls: string[] = [];
    const stream = pushedBody();
    let streamTries = 0;
    const heard: number[] = [];
    const ways: FollowedBy[] = [];
    stop = followPayments('bill1', SECRET, (s) => heard.push(s.paidCount), {
      pollMs: 20,
      retryMs: 120,
      onFollowedBy: (by) => ways.push(by),
      fetch: async (url) => {
        urls.push(String(url));
        if (String(url).endsWith('/payments')) return answer(200, null, status(1));
        streamTries += 1;
        return streamTries === 1 ? answer(503, null) : answer(200, stream.body);
      },
    });
    await expect.poll(() => urls.filter((u) => u.endsWith('/payments')).length).toBeGreaterThan(2);
    expect(heard.every((n) => n === 1)).toBe(true);
    await expect.poll(() => streamTries).toBe(2);
    stream.push(`event: status\ndata: ${JSON.stringify(status(2))}\n\n`);
    await expect.poll(() => heard.at(-1)).toBe(2);
    const reads = urls.filter((u) => u.endsWith('/payments')).length;
    await new Promise((r) => setTimeout(r, 100));
    expect(urls.filter((u) => u.endsWith('/payments')).length).toBe(reads);
    expect(ways).toEqual(['poll', 'stream']);
  });

  it('falls back to reading when the stream is cut, and opens it again', async () => {
    const bodies = [pushedBody(), pushedBody()];
    let opened = 0;
    const urls: string[] = [];
    const heard: number[] = [];
    stop = followPayments('bill1', SECRET, (s) => heard.push(s.paidCount), {
      pollMs: 1000,
      retryMs: 30,
      fetch: async (url) => {
        urls.push(String(url));
        if (String(url).endsWith('/payments')) return answer(200, null, status(1));
        return answer(200, bodies[opened++]!.body);
      },
    });
    bodies[0]!.push(`event: status\ndata: ${JSON.stringify(status(0))}\n\n`);
    await expect.poll(() => heard).toEqual([0]);
    bodies[0]!.end();
    // Read at once when the stream is cut, then the stream again.
    await expect.poll(() => heard).toEqual([0, 1]);
    await expect.poll(() => opened).toBe(2);
    bodies[1]!.push(`event: status\ndata: ${JSON.stringify(status(2))}\n\n`);
    await expect.poll(() => heard).toEqual([0, 1, 2]);
  });

  it('stops for good when the bill is gone or the secret is not the organiser’s', async () => {
    const urls: string[] = [];
    stop = followPayments('bill1', SECRET, () => undefined, {
      pollMs: 10,
      retryMs: 10,
      fetch: async (url) => {
        urls.push(String(url));
        return answer(404, null, { error: 'Receipt not found', code: 'bill_not_found' });
      },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(urls).toEqual(['/api/bills/bill1/events']);
  });
});
