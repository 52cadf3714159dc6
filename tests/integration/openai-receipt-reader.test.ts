import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiReceiptReader } from '../../adapters/openai/openai-receipt-reader';
import type { ReceiptImage } from '../../ports/receipt-reader';
import { tinyImage } from '../support/images';

/** A local OpenAI-compatible server: each test says how it answers /chat/completions. */
type Answer = (body: Record<string, unknown>, res: ServerResponse) => void;
let answer: Answer;
let requests: Record<string, unknown>[] = [];
let server: Server;
let baseUrl: string;

function completion(message: Record<string, unknown>, finish = 'stop') {
  return { id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'fake-vision', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }] };
}
const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const content =
  (value: unknown): Answer =>
  (_b, res) =>
    sendJson(res, 200, completion({ content: JSON.stringify(value), refusal: null }));

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push(body);
      answer(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

let image: ReceiptImage;
beforeAll(async () => {
  image = { bytes: new Uint8Array(await tinyImage('png')), mediaType: 'image/png' };
});

const reader = (options: { timeoutMs?: number; maxRetries?: number } = {}) => new OpenAiReceiptReader({ apiKey: 'sk-test', baseUrl, model: 'fake-vision', maxRetries: 0, ...options });

describe('OpenAiReceiptReader through the official SDK', () => {
  it('sends the image and the extraction rules, and returns validated lines', async () => {
    answer = content({
      items: [
        { label: 'Pizza', pricePence: 899, kind: 'item' },
        { label: 'Voucher', pricePence: 150, kind: 'discount' },
        { label: 'VAT', pricePence: 0, kind: 'vat' },
      ],
      totalPence: 749,
    });
    const result = await reader().read(image);
    expect(result).toEqual({
      ok: true,
      value: {
        lines: [
          { raw: 'Pizza £8.99', label: 'Pizza', pricePence: 899, kind: 'item' },
          { raw: 'Voucher -£1.50', label: 'Voucher', pricePence: -150, kind: 'discount' },
          { raw: 'VAT £0.00', label: 'VAT', pricePence: 0, kind: 'vat' },
        ],
        totalPence: 749,
        merchant: null,
        date: null,
        currency: null,
      },
    });
    const sent = requests[0]!;
    expect(sent['model']).toBe('fake-vision');
    expect(sent['response_format']).toMatchObject({ type: 'json_schema', json_schema: { name: 'receipt_lines' } });
    const [system, user] = sent['messages'] as { role: string; content: unknown }[];
    expect(system?.content).toMatch(/skip free \(0\.00\) modifiers/i);
    expect(system?.content).toMatch(/untrusted data/i);
    expect(JSON.stringify(user?.content)).toContain('data:image/png;base64,');
  });

  it('reads a cover charge given with a count as that many covers, split by units like an item', async () => {
    answer = content({
      items: [
        { label: 'Coperto', pricePence: 500, kind: 'service', quantity: 2, unitPricePence: 250 },
        { label: 'Servizio', pricePence: 300, kind: 'service', quantity: null, unitPricePence: null },
      ],
      totalPence: 800,
    });
    const result = await reader().read(image);
    expect(result.ok && result.value.lines.map(({ label, kind, quantity }) => [label, kind, quantity])).toEqual([
      ['Coperto', 'item', 2],
      ['Servizio', 'service', undefined],
    ]);
  });

  it('asks for quantities, the merchant, the date, the currency, the printed total and service charge, and carries them', async () => {
    answer = content({
      items: [
        { label: 'Peroni', pricePence: 1400, kind: 'item', quantity: 2, unitPricePence: 700 },
        { label: 'Soup', pricePence: 500, kind: 'item', quantity: 1, unitPricePence: 500 },
        { label: 'Wine', pricePence: 900, kind: 'item', quantity: 2, unitPricePence: 400 },
      ],
      merchant: '  The Vine ',
      date: '2014-11-22',
      currency: 'GBP',
      totalPence: 3080,
      serviceChargePence: 280,
    });
    const result = await reader().read(image);
    expect(result).toEqual({
      ok: true,
      value: {
        lines: [
          { raw: 'Peroni £14.00', label: 'Peroni', pricePence: 1400, kind: 'item', quantity: 2, unitPricePence: 700 },
          { raw: 'Soup £5.00', label: 'Soup', pricePence: 500, kind: 'item' },
          { raw: 'Wine £9.00', label: 'Wine', pricePence: 900, kind: 'item' },
          { raw: 'Service charge £2.80', label: 'Service charge', pricePence: 280, kind: 'service' },
        ],
        totalPence: 3080,
        merchant: 'The Vine',
        date: '2014-11-22',
        currency: 'GBP',
      },
    });
    const sent = requests[0]!;
    const schema = JSON.stringify((sent['response_format'] as { json_schema: { schema: unknown } }).json_schema.schema);
    for (const field of ['quantity', 'unitPricePence', 'merchant', 'date', 'currency', 'serviceChargePence']) expect(schema).toContain(`"${field}"`);
    const [system] = sent['messages'] as { role: string; content: string }[];
    expect(system?.content).toMatch(/payment lines .*change.*card-slip/s);
    expect(system?.content).toMatch(/tips written by hand/);
    expect(system?.content).toMatch(/day first in the UK and Europe, month first in the US/);
  });

  it('answers no date for one that does not exist or is not yyyy-mm-dd, and no merchant for a blank one', async () => {
    const answerWith = (date: string) => content({ items: [{ label: 'Soup', pricePence: 500, kind: 'item' }], merchant: ' ', date, currency: null, totalPence: null });
    for (const date of ['2023-02-30', '22/11/2014']) {
      answer = answerWith(date);
      const result = await reader().read(image);
      expect(result.ok && [result.value.merchant, result.value.date]).toEqual([null, null]);
    }
  });

  it('takes a whole-unit currency line over a million rupiah, and a server that leaves the new fields out', async () => {
    answer = content({ items: [{ label: 'Paket Keluarga', pricePence: 150_000_000, kind: 'item' }], totalPence: 150_000_000 });
    expect(await reader().read(image)).toEqual({
      ok: true,
      value: {
        lines: [{ raw: 'Paket Keluarga £1500000.00', label: 'Paket Keluarga', pricePence: 150_000_000, kind: 'item' }],
        totalPence: 150_000_000,
        merchant: null,
        date: null,
        currency: null,
      },
    });
  });

  it('calls output that breaks the schema malformed', async () => {
    answer = content({ items: [{ label: 'Pizza', pricePence: 8.99, kind: 'item' }], totalPence: null });
    expect(await reader().read(image)).toEqual({ ok: false, error: 'malformed' });
  });

  it('calls output that is not JSON malformed', async () => {
    answer = (_b, res) => sendJson(res, 200, completion({ content: 'Sure! Here are the items: pizza 8.99', refusal: null }));
    expect(await reader().read(image)).toEqual({ ok: false, error: 'malformed' });
  });

  it('calls output cut short by the length limit malformed', async () => {
    answer = (_b, res) => sendJson(res, 200, completion({ content: '{"items": [', refusal: null }, 'length'));
    expect(await reader().read(image)).toEqual({ ok: false, error: 'malformed' });
  });

  it('reports a refusal', async () => {
    answer = (_b, res) => sendJson(res, 200, completion({ content: null, refusal: 'I cannot help with that.' }));
    expect(await reader().read(image)).toEqual({ ok: false, error: 'refused' });
  });

  it('gives up after its timeout', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    expect(await reader({ timeoutMs: 300 }).read(image)).toEqual({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries a 500 a bounded number of times, then reports the engine unavailable', async () => {
    answer = (_b, res) => sendJson(res, 500, { error: { message: 'upstream exploded', type: 'server_error' } });
    expect(await reader({ maxRetries: 2 }).read(image)).toEqual({ ok: false, error: 'unavailable' });
    expect(requests).toHaveLength(3);
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    answer = (body, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 503, { error: { message: 'busy' } });
      else content({ items: [{ label: 'Soup', pricePence: 450, kind: 'item' }], totalPence: 450 })(body, res);
    };
    const result = await reader({ maxRetries: 2 }).read(image);
    expect(result).toMatchObject({ ok: true, value: { totalPence: 450 } });
  });
});
