import { beforeEach, describe, expect, it } from 'vitest';
import { FakeReceiptReader } from '../../adapters/memory/fake-receipt-reader';
import { MemoryDailyQuotas } from '../../adapters/memory/memory-daily-quotas';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { MemoryScanCredits } from '../../adapters/memory/memory-scan-credits';
import { minorUnits } from '../../domain/money';
import { NO_HEADER, type ReceiptLine } from '../../domain/scanning/receipt-line';
import { err, ok } from '../../domain/result';
import { FREE_SCANS_FROM_ADDRESS_USED_MESSAGE, SCANNING_PAUSED_MESSAGE } from '../../domain/scanning/scan-budgets';
import type { APIContext } from 'astro';
import { refusalOf } from '../../src/contracts/endpoint';
import { readReceipt } from '../../src/contracts/scanning';
import { AnalyzeReceipt, DEFAULT_ANALYZE_LIMITS, type AnalyzeLimits } from '../../src/application/scanning/analyze-receipt';
import { POST } from '../../src/pages/functions/v1/analyze-receipt';
import { MESSAGES, UPLOAD_MESSAGES } from '../../src/server/http/scanning';
import { RecordingLog } from '../support/log';
import { PDF_BYTES, pngClaiming, tinyImage } from '../support/images';
import { aNamedAnonymousId } from '../support/builders';

const USER = aNamedAnonymousId('device-1');
const line = (label: string, price: number, kind: ReceiptLine['kind'] = 'item'): ReceiptLine => ({ raw: `${label} £${price / 100}`, label, pricePence: minorUnits(price), kind });
const clock = { now: () => new Date('2026-11-22T12:00:00Z') };

let reader: FakeReceiptReader;
let allowance: MemoryScanCredits;
let limits: AnalyzeLimits;
let quotas: MemoryDailyQuotas;
/** Metering where the user has already used `freeBillsUsed` and holds `tokens`. */
async function metering(freeBillsUsed: number, tokens: number, names: string[] = ['device-1']): Promise<MemoryScanCredits> {
  const m = new MemoryScanCredits(clock);
  for (const user of names.map(aNamedAnonymousId)) {
    for (let i = 0; i < freeBillsUsed; i++) {
      const r = await m.reserve(user);
      if (r.ok) await m.settle(r.value.id);
    }
    if (tokens > 0) await m.creditConfirmedPayment({ anonymousUserId: user, tokens, amountPence: minorUnits(100), currency: 'GBP', provider: 'test', providerPaymentId: `pay-${user}` });
  }
  return m;
}
const usage = async (name = 'device-1') => {
  const u = await allowance.usageFor(aNamedAnonymousId(name));
  return { freeBills: u.maxFreeBills - u.billsUsed, tokens: u.tokens };
};
const endpoint = () => new AnalyzeReceipt(reader, allowance, new MemoryRateLimiter(clock), limits, new RecordingLog(), quotas, clock);

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://test/functions/v1/analyze-receipt', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function call(handler: AnalyzeReceipt, request: Request, ip = '10.0.0.1') {
  const context = { request, clientAddress: ip, locals: { services: async () => ({ analyzeReceipt: handler, trustedProxyHops: 0 }) } };
  const response = await POST(context as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

let jpegBase64: string;
beforeEach(async () => {
  reader = new FakeReceiptReader(async () => ok({ lines: [line('Pizza', 899), line('Cola', 299), line('VAT', 200, 'vat'), line('Total', 1198, 'total')], totalPence: minorUnits(1198), ...NO_HEADER }));
  allowance = await metering(0, 0);
  limits = DEFAULT_ANALYZE_LIMITS;
  quotas = new MemoryDailyQuotas();
  jpegBase64 = (await tinyImage('jpeg')).toString('base64');
});

describe('POST /functions/v1/analyze-receipt', () => {
  it('reads the receipt, settles the scan and answers the documents’ shape', async () => {
    const { status, body } = await call(endpoint(), post({ image: jpegBase64, prompt: 'ignored', anonymousUserId: USER }));
    expect(status).toBe(200);
    expect(body['items']).toEqual([
      { name: 'Pizza', label: 'Pizza', raw: 'Pizza £8.99', pricePence: 899, kind: 'item', type: 'item', doubtful: false },
      { name: 'Cola', label: 'Cola', raw: 'Cola £2.99', pricePence: 299, kind: 'item', type: 'item', doubtful: false },
      { name: 'VAT', label: 'VAT', raw: 'VAT £2', pricePence: 200, kind: 'vat', type: 'tax', doubtful: false },
      { name: 'Total', label: 'Total', raw: 'Total £11.98', pricePence: 1198, kind: 'total', type: 'item', doubtful: false },
    ]);
    expect(body).toMatchObject({ totalPence: 1198, reconciliation: { matches: true, billedPence: 1198 }, paidWith: 'free bill' });
    expect(readReceipt.answer.safeParse(body).success).toBe(true);
    expect(reader.images[0]?.mediaType).toBe('image/jpeg');
    expect(await usage()).toEqual({ freeBills: 2, tokens: 0 });
  });

  it('marks each line the reader doubted, and a price that breaks the sum to the printed total, as doubtful with the reason', async () => {
    reader = new FakeReceiptReader(async () =>
      ok({ lines: [{ ...line('Pizza', 899), doubt: 'name' as const }, line('Cola', 299), line('Bread', 100), line('Total', 1198, 'total')], totalPence: minorUnits(1198), ...NO_HEADER }),
    );
    const { body } = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect((body['items'] as { doubtful: boolean; doubt?: string }[]).map((i) => [i.doubtful, i.doubt])).toEqual([
      [true, 'name'],
      [false, undefined],
      [true, 'sum'],
      [false, undefined],
    ]);
    expect(readReceipt.answer.safeParse(body).success).toBe(true);
  });

  it('passes on quantity, unit price, the merchant, the date and the currency when the reader found them', async () => {
    reader.answers(async () =>
      ok({
        lines: [{ ...line('Peroni', 1400), quantity: 2, unitPricePence: minorUnits(700) }, line('Soup', 500)],
        totalPence: minorUnits(1900),
        merchant: 'The Vine',
        date: '2014-11-22',
        currency: 'GBP',
      }),
    );
    const { status, body } = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect(status).toBe(200);
    expect(body['items']).toMatchObject([
      { name: 'Peroni', pricePence: 1400, quantity: 2, unitPricePence: 700 },
      { name: 'Soup', pricePence: 500 },
    ]);
    expect((body['items'] as object[])[1]).not.toHaveProperty('quantity');
    expect(body).toMatchObject({ merchant: 'The Vine', date: '2014-11-22', currency: 'GBP' });
  });

  it('says how many units a line was printed with, even when its price does not divide evenly', async () => {
    reader.answers(async () => ok({ lines: [{ ...line('Peroni', 1000), raw: '3 x Peroni 10.00' }, line('Soup', 500)], totalPence: minorUnits(1500), ...NO_HEADER }));
    const { body } = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect(body['items']).toMatchObject([{ name: 'Peroni', printedUnits: 3 }, { name: 'Soup' }]);
    expect((body['items'] as object[])[1]).not.toHaveProperty('printedUnits');
    expect(readReceipt.answer.safeParse(body).success).toBe(true);
  });

  it('takes the anonymous id from the X-Anonymous-Id header too', async () => {
    const { status } = await call(endpoint(), post({ image: jpegBase64 }, { 'x-anonymous-id': USER }));
    expect(status).toBe(200);
    expect((await usage()).freeBills).toBe(2);
  });

  it('refunds and says the photo is unclear when nothing billable was read', async () => {
    reader.answers(async () => ok({ lines: [line('Total', 1198, 'total')], totalPence: minorUnits(1198), ...NO_HEADER }));
    const { status, body } = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect({ status, body }).toEqual({ status: 422, body: { error: MESSAGES.unclear, code: 'unclear' } });
    expect(await usage()).toEqual({ freeBills: 3, tokens: 0 });
  });

  it.each([
    ['timeout', 504, MESSAGES.timedOut, 'timed_out'],
    ['unavailable', 502, MESSAGES.failed, 'read_failed'],
    ['refused', 502, MESSAGES.failed, 'read_failed'],
    ['malformed', 502, MESSAGES.failed, 'read_failed'],
  ] as const)('refunds when the reader fails with %s', async (failure, status, message, code) => {
    reader.answers(async () => err(failure));
    const result = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect({ status: result.status, body: result.body }).toEqual({ status, body: { error: message, code } });
    expect((await usage()).freeBills).toBe(3);
  });

  it('refunds when the reader throws', async () => {
    reader.answers(async () => {
      throw new Error('worker crashed');
    });
    const result = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect(result).toMatchObject({ status: 502, body: { error: MESSAGES.failed } });
    expect((await usage()).freeBills).toBe(3);
  });

  it('refuses with the documents’ text once free bills and tokens are used, without reading', async () => {
    allowance = await metering(3, 0);
    const result = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect(result).toMatchObject({ status: 402, body: { error: 'All free bills used this month. Buy tokens to continue scanning receipts.' } });
    expect(reader.images).toHaveLength(0);
  });

  it('pays with a token after the free bills', async () => {
    allowance = await metering(3, 1);
    const result = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
    expect(result).toMatchObject({ status: 200, body: { paidWith: 'token' } });
    expect((await usage()).tokens).toBe(0);
  });

  describe('bad uploads are refused before any reading or metering', () => {
    const cases: [string, () => Promise<unknown>, number, string, string][] = [
      ['a PDF renamed .jpg', async () => ({ image: PDF_BYTES.toString('base64'), anonymousUserId: USER }), 415, UPLOAD_MESSAGES.notAnImage, 'not_an_image'],
      ['a huge PNG', async () => ({ image: pngClaiming(40_000, 40_000).toString('base64'), anonymousUserId: USER }), 413, UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels'],
      ['garbage base64', async () => ({ image: '!!!not*base64%%%', anonymousUserId: USER }), 400, UPLOAD_MESSAGES.notBase64, 'not_base64'],
      ['a data: URL', async () => ({ image: `data:image/jpeg;base64,${jpegBase64}`, anonymousUserId: USER }), 400, UPLOAD_MESSAGES.notBase64, 'not_base64'],
      ['no anonymous id', async () => ({ image: jpegBase64 }), 400, UPLOAD_MESSAGES.noDevice, 'no_device'],
    ];
    it.each(cases)('%s', async (_name, body, status, message, code) => {
      const result = await call(endpoint(), post(await body()));
      expect({ status: result.status, body: result.body }).toEqual({ status, body: { error: message, code } });
      expect(refusalOf(readReceipt.refusals, result.body)?.code).toBe(code);
      expect(reader.images).toHaveLength(0);
      expect((await usage()).freeBills).toBe(3);
    });

    it('an oversize file', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, upload: { ...DEFAULT_ANALYZE_LIMITS.upload, maxBytes: 100 } };
      const result = await call(endpoint(), post({ image: jpegBase64, anonymousUserId: USER }));
      expect(result.status).toBe(413);
      expect(result.body['error']).toBe(UPLOAD_MESSAGES.tooLarge(100));
      expect(reader.images).toHaveLength(0);
      expect((await usage()).freeBills).toBe(3);
    });

    it('a body that is not JSON', async () => {
      const result = await call(endpoint(), post('{"image": '));
      expect(result.status).toBe(400);
      expect(reader.images).toHaveLength(0);
    });
  });

  it('limits each device, answering 429 with Retry-After', async () => {
    limits = { ...DEFAULT_ANALYZE_LIMITS, perDevice: { max: 2, windowSeconds: 60 } };
    allowance = await metering(0, 10, ['device-1', 'a', 'b', 'c']);
    const handler = endpoint();
    for (let i = 0; i < 2; i++) expect((await call(handler, post({ image: jpegBase64, anonymousUserId: USER }))).status).toBe(200);
    const refused = await call(handler, post({ image: jpegBase64, anonymousUserId: USER }));
    expect(refused.status).toBe(429);
    expect(refused.body['error']).toBe(UPLOAD_MESSAGES.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('device-2') }))).status).toBe(200);
  });

  it('limits each IP across devices', async () => {
    limits = { ...DEFAULT_ANALYZE_LIMITS, perIp: { max: 1, windowSeconds: 60 } };
    const handler = endpoint();
    expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('a') }), '10.0.0.9')).status).toBe(200);
    const refused = await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('b') }), '10.0.0.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('answers 429 with Retry-After when the reading queue is full, without taking a scan', async () => {
    limits = { ...DEFAULT_ANALYZE_LIMITS, concurrency: 1, queueCapacity: 1 };
    allowance = await metering(0, 10, ['device-1', 'a', 'b', 'c']);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    reader.answers(async () => {
      await gate;
      return ok({ lines: [line('Soup', 400)], totalPence: null, ...NO_HEADER });
    });
    const handler = endpoint();
    const first = call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('a') }));
    const second = call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('b') }));
    await new Promise((r) => setTimeout(r, 20));
    const third = await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('c') }));
    expect(third.status).toBe(429);
    expect(third.body['error']).toBe(UPLOAD_MESSAGES.busy);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await usage('c')).toEqual({ freeBills: 3, tokens: 10 });
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  describe('budgets per client, not per id (issue 16)', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => aNamedAnonymousId(`fresh-${i}`));

    it('caps free scans per address per day across fresh ids; the refused id keeps its free bills', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, budgets: { freeScansPerAddressPerDay: 3, spend: null } };
      const handler = endpoint();
      const statuses = [];
      for (const id of ids(5)) statuses.push((await call(handler, post({ image: jpegBase64, anonymousUserId: id }), '198.51.100.1')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('fresh-9') }), '198.51.100.1');
      expect(refused.body).toEqual({ error: FREE_SCANS_FROM_ADDRESS_USED_MESSAGE, code: 'free_scans_used' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await usage('fresh-9')).toEqual({ freeBills: 3, tokens: 0 });
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('fresh-9') }), '198.51.100.2')).status).toBe(200);
    });

    it('counts an IPv6 client by its /64', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, budgets: { freeScansPerAddressPerDay: 1, spend: null } };
      const handler = endpoint();
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('x') }), '2001:db8:1:2::1')).status).toBe(200);
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('y') }), '2001:db8:1:2:ffff::9')).status).toBe(429);
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('y') }), '2001:db8:1:3::1')).status).toBe(200);
    });

    it('scans paid with tokens are not capped, and a failed reading gives the address its free scan back', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, budgets: { freeScansPerAddressPerDay: 1, spend: null } };
      allowance = await metering(3, 5, ['buyer']);
      const handler = endpoint();
      reader.answers(async () => err('unavailable'));
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('a') }))).status).toBe(502);
      reader.answers(async () => ok({ lines: [line('Soup', 400)], totalPence: null, ...NO_HEADER }));
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('a') }))).status).toBe(200);
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('b') }))).status).toBe(429);
      for (let i = 0; i < 3; i++) expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('buyer') }))).status).toBe(200);
      expect(await usage('buyer')).toEqual({ freeBills: 0, tokens: 2 });
    });

    it('the paid reader stops at its daily spend ceiling with a 503, free bills and tokens untouched; failed calls count', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, budgets: { freeScansPerAddressPerDay: 100, spend: { dailyBudget: 250, costPerScan: 100 } } };
      allowance = await metering(3, 5, ['buyer']);
      const handler = endpoint();
      reader.answers(async () => err('unavailable'));
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('buyer') }))).status).toBe(502);
      reader.answers(async () => ok({ lines: [line('Soup', 400)], totalPence: null, ...NO_HEADER }));
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('buyer') }))).status).toBe(200);
      const paused = await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('buyer') }));
      expect({ status: paused.status, body: paused.body }).toEqual({ status: 503, body: { error: SCANNING_PAUSED_MESSAGE, code: 'scanning_paused' } });
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await usage('buyer')).toEqual({ freeBills: 0, tokens: 4 });
      expect(reader.images).toHaveLength(2);
    });

    it('a refusal before reading gives the spend back', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, budgets: { freeScansPerAddressPerDay: 100, spend: { dailyBudget: 100, costPerScan: 100 } } };
      allowance = await metering(3, 0, ['spent']);
      const handler = endpoint();
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('spent') }))).status).toBe(402);
      expect((await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('fresh') }))).status).toBe(200);
    });

    it('one address holds at most its share of the reading queue; another address still gets in', async () => {
      limits = { ...DEFAULT_ANALYZE_LIMITS, concurrency: 1, queueCapacity: 4, perAddressSlots: 2 };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      reader.answers(async () => {
        await gate;
        return ok({ lines: [line('Soup', 400)], totalPence: null, ...NO_HEADER });
      });
      const handler = endpoint();
      const flood = ids(2).map((id) => call(handler, post({ image: jpegBase64, anonymousUserId: id }), '203.0.113.66'));
      await new Promise((r) => setTimeout(r, 20));
      const third = await call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('fresh-3') }), '203.0.113.66');
      expect([third.status, third.body['error']]).toEqual([429, UPLOAD_MESSAGES.busy]);
      expect(await usage('fresh-3')).toEqual({ freeBills: 3, tokens: 0 });
      const neighbour = call(handler, post({ image: jpegBase64, anonymousUserId: aNamedAnonymousId('neighbour') }), '192.0.2.5');
      release();
      expect((await neighbour).status).toBe(200);
      expect((await Promise.all(flood)).map((r) => r.status)).toEqual([200, 200]);
    });
  });
});
