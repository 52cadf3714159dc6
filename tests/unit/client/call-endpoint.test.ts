import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBill } from '../../support/builders';
import { openLiveBill } from '../../../src/contracts/live-bills';
import { usage } from '../../../src/contracts/scan-credits';
import { capturePayPalOrder } from '../../../src/contracts/buying-tokens';
import { callEndpoint, callEndpointWith } from '../../../src/client/call-endpoint';
import { markUnpaid, storeBill } from '../../../src/contracts/paying-back';

const request = { bill: aBill().withDiners('ann').withItem('soup', 650, []).build(), tip: { percent: 10 } };
const opened = { billId: 'b1', organiserKey: 'o'.repeat(22), tableKey: 't'.repeat(22), url: 'https://whospaying.app/live/b1#t', expiresAt: '2026-12-02T12:00:00.000Z' };

function answering(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('calling an endpoint by its contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the request as JSON to the contract’s path and answers the parsed answer', async () => {
    answering(201, opened);
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: true, value: opened });
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/live-bills', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  });

  it('answers a refusal’s code and the server’s text, for the endpoint’s codes and the edge’s', async () => {
    answering(409, { error: 'This table is full', code: 'table_full' });
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'table_full', error: 'This table is full' });
    answering(400, { error: 'Invalid request: items: too many', code: 'invalid_body' });
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'invalid_body', error: 'Invalid request: items: too many' });
  });

  it('says offline when no answer came, unavailable on the server’s faults, and unexpected for what the contract does not know', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'offline', error: null });
    answering(503, { error: 'Service temporarily unavailable, please try again' });
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'unavailable', error: null });
    answering(201, { ...opened, billId: 42 });
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'unexpected', error: null });
    answering(409, { error: 'Nope', code: 'a_code_nobody_sends' });
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'unexpected', error: null });
    answering(200, '<html>a captive portal</html>');
    expect(await callEndpoint(openLiveBill, [], request)).toEqual({ ok: false, code: 'unexpected', error: null });
  });

  it('sends the caller’s headers with its own fetch, a GET without a body', async () => {
    const summary = { billsUsed: 0, maxFreeBills: 3, tokens: 0, lastResetDate: '2026-11-01', canUse: true, daysUntilReset: 9 };
    const send = vi.fn(async () => new Response(JSON.stringify(summary), { status: 200 }));
    expect(await callEndpointWith({ fetch: send, headers: { 'x-anonymous-id': 'id' } }, usage, [])).toEqual({ ok: true, value: summary });
    expect(send).toHaveBeenCalledWith('/api/usage', { method: 'GET', headers: { 'x-anonymous-id': 'id' } });
  });

  it('answers a refusal by its code on a 5xx too: the server says what went wrong', async () => {
    answering(503, { error: 'Payment successful but failed to add tokens. Please contact support.', code: 'credit_failed' });
    expect(await callEndpoint(capturePayPalOrder, ['ORDER1'], {})).toEqual({ ok: false, code: 'credit_failed', error: 'Payment successful but failed to add tokens. Please contact support.' });
  });

  it('sends the params a contract keeps out of the path as headers, with no body for a bodyless method', async () => {
    answering(200, { diners: [], paidCount: 0, owingCount: 0, everyonePaid: false, outstandingPence: 0, summary: '0 of 0 paid' });
    expect((await callEndpoint(markUnpaid, ['r1', 'secret', 'd 1'])).ok).toBe(true);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/bills/r1/payments/d%201', { method: 'DELETE', headers: { 'x-organiser-secret': 'secret' } });
  });

  it('answers the field a refusal names', async () => {
    answering(400, { error: 'A Monzo.me username is letters, digits, dots, dashes or underscores', code: 'invalid_payee', field: 'monzo' });
    const bill = aBill().build();
    expect(await callEndpoint(storeBill, [], { bill, payee: { name: 'Ann', monzo: 'a b' } })).toEqual({
      ok: false,
      code: 'invalid_payee',
      error: 'A Monzo.me username is letters, digits, dots, dashes or underscores',
      field: 'monzo',
    });
  });
});
