import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeSecrets } from '../../adapters/crypto/node-secrets';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { PostgresStoredBillEvents, PostgresStoredBills } from '../../adapters/postgres/postgres-stored-bills';
import { OpenDinerBill } from '../../src/application/paying-back/diner-bill';
import { Repayments } from '../../src/application/paying-back/repayments';
import { ShareBill, STORED_BILL_DAYS, type ShareBillInput } from '../../src/application/paying-back/share-bill';
import { billSplit } from '../../domain/bill';
import { FakeClock } from '../support/clock';
import { billOf, type BillSketch } from '../support/share-packets';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const bill: BillSketch = {
  name: 'The Crown',
  tipPence: 500,
  diners: [
    { id: 'app-alice', name: 'Alice' },
    { id: 'app-ben', name: 'Ben' },
    { id: 'app-cat', name: 'Cat' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['app-alice'] },
    { name: 'Nachos', pricePence: 1001, assignedTo: ['app-alice', 'app-ben'] },
    { name: 'Service Charge', pricePence: 225, kind: 'service', assignedTo: [] },
  ],
};
const payee = { name: 'Alice', monzo: 'alicem', paypal: 'https://paypal.me/AliceP' };
const DINING_DATE = '2026-11-21';

/** A bill sketched as tests write it, as the endpoint reads it off the wire. */
const withBill = (input: Omit<ShareBillInput, 'bill'> & { readonly bill: BillSketch }): ShareBillInput => ({ ...input, bill: billOf(input.bill), diningDate: DINING_DATE });

describeEachDatabase('getting paid back: capabilities', (open) => {
  let t: TestDatabase;
  let clock: FakeClock;
  let share: ShareBill;
  let payments: Repayments;
  let dinerBill: OpenDinerBill;
  let events: PostgresStoredBillEvents;
  beforeAll(async () => {
    t = await open();
    clock = new FakeClock();
    const bills = new PostgresStoredBills(t.db);
    const limiter = new MemoryRateLimiter(clock);
    events = new PostgresStoredBillEvents(t.db);
    share = new ShareBill(bills, nodeSecrets, limiter, clock);
    payments = new Repayments(bills, nodeSecrets, limiter, clock, events);
    dinerBill = new OpenDinerBill(bills, nodeSecrets, clock);
  });
  afterAll(async () => {
    await events.close();
    await t.close();
  });

  async function stored(client = 'organiser') {
    const made = await share.execute(withBill({ bill, payee }), client);
    if (!made.ok) throw new Error(made.error.code);
    const capability = (id: string) => made.value.diners.find((d) => d.id === id)!.capability!;
    const dinerId = (id: string) => made.value.diners.find((d) => d.id === id)!.dinerId;
    return { ...made.value, capability, dinerId };
  }

  it('returns an organiser secret and one capability per diner, each over 128 bits, and stores only their hashes', async () => {
    const s = await stored();
    const secrets = [s.organiserSecret, ...s.diners.map((d) => d.capability!)];
    for (const secret of secrets) expect(secret).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{27}$/);
    expect(new Set(secrets).size).toBe(4);
    const rows = JSON.stringify([
      await t.db.selectFrom('receipts').selectAll().where('id', '=', s.receiptId).execute(),
      await t.db.selectFrom('diners').selectAll().where('receipt_id', '=', s.receiptId).execute(),
    ]);
    for (const secret of secrets) expect(rows).not.toContain(secret);
    expect(rows).toContain(nodeSecrets.hash(s.organiserSecret));
  });

  it("opens each diner's own page from their capability, with the summary's totals to the penny and the organiser's pay links", async () => {
    const s = await stored();
    const summary = billSplit(billOf(bill));
    const pages = await Promise.all(bill.diners.map((d) => dinerBill.execute(s.receiptId, s.capability(d.id))));
    const totals = pages.map((p) => (p.ok ? p.value.breakdown.totalPence : null));
    expect(totals).toEqual(summary.shares.map((share) => share.totalPence));
    const alice = pages[0]!;
    if (!alice.ok) throw new Error(alice.error.code);
    expect(alice.value.breakdown.diner.displayName).toBe('Alice');
    expect(alice.value.breakdown.serviceChargePence).toBe(summary.shares[0]!.servicePence);
    expect(alice.value.payeeName).toBe('Alice');
    // The page says until when the link works: the expiry the bill was stored with.
    expect(alice.value.expiresAt?.toISOString()).toBe(s.expiresAt);
    const due = (totals[0]! / 100).toFixed(2);
    expect(alice.value.payLinks.map((l) => ('url' in l ? l.url : null))).toEqual([`https://monzo.me/alicem/${due}?d=The%20Crown`, `https://paypal.me/AliceP/${due}GBP`]);
  });

  it('gives nothing for guessed, plain or foreign ids', async () => {
    const s = await stored();
    const other = await stored();
    expect(await dinerBill.execute(s.receiptId, 'abcdefghjkmnpqrstuvwxyz2345')).toEqual({ ok: false, error: { code: 'diner_not_found' } });
    // A bill's internal diner id (the reminder's link) opens the page read only: what is left and how to pay, never "I've paid".
    const readOnly = await dinerBill.execute(s.receiptId, s.dinerId('app-ben'));
    expect(readOnly.ok && [readOnly.value.canSayPaid, readOnly.value.payLinks.length > 0, readOnly.value.breakdown.diner.displayName]).toEqual([false, true, 'Ben']);
    expect(await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.dinerId('app-ben') }, 'group-chat')).toEqual({ ok: false, error: { code: 'capability_required' } });
    expect(await dinerBill.execute(other.receiptId, s.dinerId('app-ben'))).toEqual({ ok: false, error: { code: 'diner_not_found' } });
    expect(await dinerBill.execute(other.receiptId, s.capability('app-ben'))).toEqual({ ok: false, error: { code: 'diner_not_found' } });
    expect(await dinerBill.execute('nosuchbill2345', s.capability('app-ben'))).toEqual({ ok: false, error: { code: 'bill_not_found' } });
    expect(await dinerBill.execute(s.receiptId, "x' or 1=1 --")).toEqual({ ok: false, error: { code: 'bill_not_found' } });
  });

  it('lets a diner mark only themselves paid, and never act as the organiser', async () => {
    const s = await stored();
    const ben = s.capability('app-ben');
    expect(await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: ben }, 'ben-phone')).toEqual({ ok: true, value: true });
    expect(await payments.status(s.receiptId, ben)).toEqual({ ok: false, error: { code: 'not_organiser' } });
    expect(await payments.mark({ receiptId: s.receiptId, organiserSecret: ben, dinerId: s.dinerId('app-cat'), paid: true }, 'ben-phone')).toEqual({ ok: false, error: { code: 'not_organiser' } });
    expect((await share.execute(withBill({ bill: { ...bill, tipPence: 0 }, payee, stored: { receiptId: s.receiptId, organiserSecret: ben, dinerIds: {} } }), 'ben-phone')).ok).toBe(false);
    const status = await payments.status(s.receiptId, s.organiserSecret);
    if (!status.ok) throw new Error(status.error.code);
    expect(status.value.diners.map((d) => [d.name, d.paid?.by ?? null])).toEqual([
      ['Alice', null],
      ['Ben', 'diner'],
      ['Cat', null],
    ]);
    expect(status.value.paidCount).toBe(1);
  });

  it('marks paid and unpaid idempotently, keeping the first mark', async () => {
    const s = await stored();
    const mark = (dinerId: string, paid: boolean) => payments.mark({ receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerId, paid }, 'organiser');
    await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.capability('app-cat') }, 'cat-phone');
    await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.capability('app-cat') }, 'cat-phone');
    await mark(s.dinerId('app-cat'), true);
    await mark(s.dinerId('app-ben'), true);
    const twice = await mark(s.dinerId('app-ben'), true);
    if (!twice.ok) throw new Error(twice.error.code);
    expect(twice.value.diners.map((d) => d.paid?.by ?? null)).toEqual([null, 'organiser', 'diner']);
    await mark(s.dinerId('app-ben'), false);
    const unmarked = await mark(s.dinerId('app-ben'), false);
    expect(unmarked.ok && unmarked.value.diners.map((d) => d.paid?.by ?? null)).toEqual([null, null, 'diner']);
    expect(await mark('someone-else', true)).toEqual({ ok: false, error: { code: 'diner_not_found' } });
    expect(await t.db.selectFrom('diner_payments').select('diner_id').where('receipt_id', '=', s.receiptId).execute()).toHaveLength(1);
  });

  it("edits the stored bill with the organiser's secret: same links, payments kept, a removed diner's link closed", async () => {
    const s = await stored();
    await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.capability('app-alice') }, 'alice-phone');
    const edited = await share.execute(
      withBill({
        bill: {
          ...bill,
          tipPence: 600,
          diners: [bill.diners[0]!, bill.diners[1]!, { id: 'app-dev', name: 'Dev' }],
          items: bill.items.map((i) => ({ ...i, assignedTo: i.assignedTo.filter((d) => d !== 'app-cat') })),
        },
        payee,
        stored: { receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerIds: Object.fromEntries(s.diners.map((d) => [d.id, d.dinerId])) },
      }),
      'organiser',
    );
    if (!edited.ok) throw new Error(edited.error.code);
    expect(edited.value.receiptId).toBe(s.receiptId);
    expect(edited.value.organiserSecret).toBe(s.organiserSecret);
    expect(edited.value.diners.map((d) => [d.id, d.capability === null])).toEqual([
      ['app-alice', true],
      ['app-ben', true],
      ['app-dev', false],
    ]);
    const alice = await dinerBill.execute(s.receiptId, s.capability('app-alice'));
    expect(alice.ok && [alice.value.paid, alice.value.breakdown.tipPence]).toEqual([{ by: 'diner' }, 200]);
    expect(await dinerBill.execute(s.receiptId, s.capability('app-cat'))).toEqual({ ok: false, error: { code: 'diner_not_found' } });
    const dev = await dinerBill.execute(s.receiptId, edited.value.diners[2]!.capability!);
    expect(dev.ok && dev.value.breakdown.diner.displayName).toBe('Dev');
  });

  it('records a paid mark as an amount: after the bill grows the difference is still to come, and the payer owes nothing (issue 28)', async () => {
    const made = await share.execute(withBill({ bill: { ...bill, payerId: 'app-alice' }, payee }), 'organiser');
    if (!made.ok) throw new Error(made.error.code);
    const s = made.value;
    const ben = s.diners.find((d) => d.id === 'app-ben')!;
    const alice = s.diners.find((d) => d.id === 'app-alice')!;
    expect(await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: ben.capability! }, 'ben-phone')).toEqual({ ok: true, value: true });
    const before = await payments.status(s.receiptId, s.organiserSecret);
    if (!before.ok) throw new Error(before.error.code);
    const benBefore = before.value.diners.find((d) => d.name === 'Ben')!;
    expect(benBefore.paid?.amountPence).toBe(benBefore.totalPence);
    expect(before.value.diners.find((d) => d.name === 'Alice')).toMatchObject({ isPayer: true, leftPence: 0, paid: null });
    expect(before.value.owingCount).toBe(2);
    // The payer is never marked, by anyone.
    expect(await payments.mark({ receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerId: alice.dinerId, paid: true }, 'organiser')).toEqual({
      ok: false,
      error: { code: 'payer_owes_nothing' },
    });
    expect(await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: alice.capability! }, 'alice-phone')).toEqual({ ok: false, error: { code: 'payer_owes_nothing' } });

    // The organiser raises the tip after Ben paid: he has paid what he owed then, and owes the difference.
    const stored = { receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerIds: Object.fromEntries(s.diners.map((d) => [d.id, d.dinerId])) };
    expect((await share.execute(withBill({ bill: { ...bill, payerId: 'app-alice', tipPence: 2000 }, payee, stored }), 'organiser')).ok).toBe(true);
    const after = await payments.status(s.receiptId, s.organiserSecret);
    if (!after.ok) throw new Error(after.error.code);
    const benAfter = after.value.diners.find((d) => d.name === 'Ben')!;
    const left = benAfter.totalPence - benBefore.totalPence;
    expect(left).toBeGreaterThan(0);
    expect(benAfter).toMatchObject({ leftPence: left, paid: { amountPence: benBefore.totalPence } });
    expect(benAfter.note).toMatch(/^paid £[\d.]+ · £[\d.]+ still to come$/);
    const cat = after.value.diners.find((d) => d.name === 'Cat')!;
    expect(after.value.outstandingPence).toBe(left + cat.totalPence);
    expect(after.value.paidCount).toBe(0);
    const page = await dinerBill.execute(s.receiptId, ben.capability!);
    if (!page.ok) throw new Error(page.error.code);
    expect([page.value.paidPence, page.value.leftPence, page.value.canSayPaid]).toEqual([benBefore.totalPence, left, true]);
    expect(page.value.payLinks.find((l) => l.provider === 'monzo')).toMatchObject({ url: `https://monzo.me/alicem/${(left / 100).toFixed(2)}?d=The%20Crown` });

    // Ben says he has paid the rest while the organiser marks him: both record his whole share now, once.
    await Promise.all([
      payments.dinerPaid({ receiptId: s.receiptId, dinerKey: ben.capability! }, 'ben-phone'),
      payments.mark({ receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerId: ben.dinerId, paid: true }, 'organiser'),
    ]);
    const settled = await payments.status(s.receiptId, s.organiserSecret);
    expect(settled.ok && settled.value.diners.find((d) => d.name === 'Ben')).toMatchObject({ leftPence: 0, paid: { amountPence: benAfter.totalPence } });

    // The tip goes down again: Ben paid more than his share, and the organiser sees it is to give back.
    expect((await share.execute(withBill({ bill: { ...bill, payerId: 'app-alice', tipPence: 0 }, payee, stored }), 'organiser')).ok).toBe(true);
    const lower = await payments.status(s.receiptId, s.organiserSecret);
    if (!lower.ok) throw new Error(lower.error.code);
    const benLower = lower.value.diners.find((d) => d.name === 'Ben')!;
    expect(benLower.overPence).toBe(benAfter.totalPence - benLower.totalPence);
    expect(benLower.note).toMatch(/to give back to Ben$/);
  });

  it('refuses bad payment details with the field and a code', async () => {
    expect(await share.execute(withBill({ bill, payee: { name: ' ' } }), 'organiser')).toMatchObject({ ok: false, error: { code: 'invalid_payee', problem: { field: 'name', code: 'required' } } });
    expect(await share.execute(withBill({ bill, payee: { name: 'Al', paypal: 'al.ice' } }), 'organiser')).toMatchObject({
      ok: false,
      error: { code: 'invalid_payee', problem: { field: 'paypal', code: 'invalid' } },
    });
    expect(await share.execute(withBill({ bill, payee: { name: 'Al', iban: 'DE88 3704 0044 0532 0130 00' } }), 'organiser')).toMatchObject({
      ok: false,
      error: { code: 'invalid_payee', problem: { field: 'iban', code: 'iban_check_digits' } },
    });
    expect(await share.execute(withBill({ bill: { ...bill, items: [] }, payee }), 'organiser')).toEqual({ ok: false, error: { code: 'invalid_bill', message: 'No items in receipt' } });
  });

  it('limits how fast one bill can be marked', async () => {
    const s = await stored();
    const results = [];
    for (let i = 0; i < 61; i++) results.push(await payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.capability('app-ben') }, `phone-${i}`));
    expect(results.slice(0, 60).every((r) => r.ok)).toBe(true);
    expect(results[60]).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
  });

  it(`closes a bill ${STORED_BILL_DAYS} days after it was last shared`, async () => {
    const s = await stored();
    clock.advance(STORED_BILL_DAYS * 86_400_000 - 1000);
    expect((await dinerBill.execute(s.receiptId, s.capability('app-ben'))).ok).toBe(true);
    clock.advance(2000);
    expect(await dinerBill.execute(s.receiptId, s.capability('app-ben'))).toEqual({ ok: false, error: { code: 'bill_not_found' } });
    expect(await payments.status(s.receiptId, s.organiserSecret)).toEqual({ ok: false, error: { code: 'bill_not_found' } });
  });
});
