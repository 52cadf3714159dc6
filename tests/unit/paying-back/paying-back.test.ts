import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import { billLabel, dinerItemNames, everyoneText, paymentRequestText, reminderText } from '../../../domain/paying-back/messages';
import { parsePayee } from '../../../domain/paying-back/payee';
import { isSecretShaped, newSecret } from '../../../domain/paying-back/secrets';
import { decodeTexts, encodeTexts } from '../../../domain/sharing/text-model';
import { newStoredBill } from '../../../domain/paying-back/new-stored-bill';
import { billOf } from '../../support/share-packets';
import { repaymentLinks } from '../../../domain/paying-back/repayment-links';
import { dinerBreakdown } from '../../../domain/paying-back/stored-bill';
import { billSplit } from '../../../domain/bill';
import { GBP, type CurrencyCode } from '../../../domain/currency';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

describe("the organiser's payment details", () => {
  const none = { iban: null, bic: null, upi: null };
  it('reduce pasted links and @ to the handle, and name the field at fault', () => {
    expect(parsePayee({ name: ' Alex ', monzo: 'https://monzo.me/alex-s?x=1', revolut: '@alexr', paypal: 'www.paypal.me/AlexS/10' })).toEqual({
      ok: true,
      value: { name: 'Alex', monzo: 'alex-s', revolut: 'alexr', paypal: 'AlexS', ...none },
    });
    expect(parsePayee({ name: 'Alex', paypal: 'paypal.com/paypalme/AlexS' })).toEqual({ ok: true, value: { name: 'Alex', monzo: null, revolut: null, paypal: 'AlexS', ...none } });
    expect(parsePayee({ name: '' })).toMatchObject({ ok: false, error: { field: 'name', code: 'required', message: 'Enter your name, so people know who to pay' } });
    expect(parsePayee({ name: 'A'.repeat(41) })).toMatchObject({ ok: false, error: { field: 'name', code: 'invalid' } });
    expect(parsePayee({ name: 'Alex', paypal: 'alex_s' })).toMatchObject({ ok: false, error: { field: 'paypal', code: 'invalid', message: 'A PayPal.Me username is up to 20 letters and digits' } });
    expect(parsePayee({ name: 'Alex', paypal: 'A'.repeat(21) })).toMatchObject({ ok: false, error: { field: 'paypal', code: 'invalid' } });
    expect(parsePayee({ name: 'Alex', monzo: 'alex/../x' })).toMatchObject({ ok: false, error: { field: 'monzo', code: 'invalid' } });
  });

  it('keep an IBAN and BIC without spaces and in capitals, and a UPI id in small letters', () => {
    expect(parsePayee({ name: 'Alex', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobade ff xxx', upi: 'Alex@OKAXIS' })).toEqual({
      ok: true,
      value: { name: 'Alex', monzo: null, revolut: null, paypal: null, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', upi: 'alex@okaxis' },
    });
    expect(parsePayee({ name: 'Alex', iban: '  ', bic: '', upi: null })).toEqual({ ok: true, value: { name: 'Alex', monzo: null, revolut: null, paypal: null, ...none } });
  });

  it('refuse a wrong IBAN, BIC or UPI id in words, naming the field', () => {
    expect(parsePayee({ name: 'Alex', iban: 'DE88 3704 0044 0532 0130 00' })).toEqual({
      ok: false,
      error: { field: 'iban', code: 'iban_check_digits', message: "The check digits don't match: check the IBAN" },
    });
    expect(parsePayee({ name: 'Alex', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADE' })).toMatchObject({ ok: false, error: { field: 'bic', code: 'bic_shape' } });
    expect(parsePayee({ name: 'Alex', bic: 'COBADEFF' })).toMatchObject({ ok: false, error: { field: 'iban', code: 'bic_without_iban' } });
    expect(parsePayee({ name: 'Alex', upi: 'alex' })).toMatchObject({ ok: false, error: { field: 'upi', code: 'upi_shape' } });
  });
});

describe('pay links', () => {
  it('fill the amount in for Monzo (with the note) and PayPal (in pounds), not for Revolut', () => {
    expect(repaymentLinks({ monzo: 'alex', revolut: 'alexr', paypal: 'AlexS' }, minorUnits(1234), GBP, 'The Crown & Anchor').map((l) => [l.url, l.amountFilled])).toEqual([
      ['https://monzo.me/alex/12.34?d=The%20Crown%20%26%20Anchor', true],
      ['https://revolut.me/alexr', false],
      ['https://paypal.me/AlexS/12.34GBP', true],
    ]);
    expect(repaymentLinks({ monzo: 'alex', revolut: null, paypal: 'AlexS' }, minorUnits(0), GBP).map((l) => l.url)).toEqual(['https://monzo.me/alex', 'https://paypal.me/AlexS']);
  });
});

describe('capability secrets', () => {
  it('are 27 letters of the 31-letter alphabet, and nothing else passes for one', () => {
    const secrets = Array.from({ length: 50 }, () => newSecret(random));
    expect(secrets.every(isSecretShaped)).toBe(true);
    expect(new Set(secrets).size).toBe(50);
    // log2(31) × 27, less the byte-to-letter bias (8 of 31 letters are 9/256 likely, the rest 8/256).
    const bitsPerLetter = -(8 * (9 / 256) * Math.log2(9 / 256) + 23 * (8 / 256) * Math.log2(8 / 256));
    expect(bitsPerLetter * 27).toBeGreaterThan(128);
    for (const bad of ['', 'a'.repeat(26), 'a'.repeat(28), `${'a'.repeat(26)}l`, `${'a'.repeat(26)}A`, null, undefined]) expect(isSecretShaped(bad)).toBe(false);
  });
});

describe('messages', () => {
  it('name the bill by its restaurant or first items, and carry each amount', () => {
    expect(billLabel('The Crown', ['Pie'])).toBe('The Crown');
    expect(billLabel(null, ['Pie', 'Chips', 'Ale'])).toBe('Pie, Chips and more');
    expect(billLabel(null, ['Pie'])).toBe('Pie');
    expect(billLabel(null, ['Antipasto', 'Antipasto', 'Primo'])).toBe('Antipasto, Primo');
    expect(billLabel(null, ['Antipasto', 'Antipasto', 'Primo', 'Vino'])).toBe('Antipasto, Primo and more');
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: GBP, amount: minorUnits(394), items: ['CHEESE START', 'STEAK', 'WINE'] })).toBe(
      'Hi Ben! Your share is £3.94 (CHEESE START, STEAK and more). Your items and how to pay Alex:',
    );
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: GBP, amount: minorUnits(106), items: ['STEAK'], paidPence: minorUnits(3102) })).toBe(
      "Hi Ben! You've paid £31.02; the bill changed since, so £1.06 is left to pay (STEAK). Your items and how to pay Alex:",
    );
    // The bill's name says which bill; the items are still the diner's own.
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: GBP, amount: minorUnits(394), items: ['STEAK'], billName: 'The Olive Tree · 25 Nov 2026' })).toBe(
      'Hi Ben! Your share of The Olive Tree · 25 Nov 2026 is £3.94 (STEAK). Your items and how to pay Alex:',
    );
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: GBP, amount: minorUnits(106), items: ['STEAK'], paidPence: minorUnits(3102), billName: 'Bill of 25 Nov 2026' })).toBe(
      "Hi Ben! You've paid £31.02 for Bill of 25 Nov 2026; the bill changed since, so £1.06 is left to pay (STEAK). Your items and how to pay Alex:",
    );
    // A rupee bill: the UPI link with the share, which UPI apps open from the chat.
    const upiLink = 'upi://pay?pa=alex@okaxis&pn=Alex&am=394.00&cu=INR&tn=Ben%27s%20share';
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: 'INR' as CurrencyCode, amount: minorUnits(39400), items: ['DOSA'], upiLink })).toBe(
      `Hi Ben! Your share is ₹394.00 (DOSA). Pay Alex by UPI: ${upiLink}\nYour items and how to pay Alex:`,
    );
    // Group messages carry the whole-bill link and amounts, never anyone's own /r/ link.
    expect(reminderText({ payeeName: 'Alex', billLabel: 'The Crown', currency: GBP, unpaid: [{ name: 'Ben', amount: minorUnits(394) }], wholeBillUrl: 'https://x/b/T' })).toBe(
      'Still to pay Alex for The Crown:\n• Ben: £3.94\nThe whole bill: https://x/b/T',
    );
    expect(everyoneText({ payeeName: 'Alex', billLabel: 'The Crown', currency: GBP, diners: [{ name: 'Ben', amount: minorUnits(394) }], wholeBillUrl: 'https://x/b/T' })).not.toMatch(/\/r\//);
  });

  it('give a euro bill paid back in pounds in both currencies and say the rate; the reminder links each person to their own page read only', () => {
    const EUR = 'EUR' as CurrencyCode;
    const payBack = { currency: GBP, rate: '0.86' };
    // €6.69 at 0.86 is £5.7534: £5.75.
    const reminder = reminderText({
      payeeName: 'Alex',
      billLabel: 'Chez Paul',
      currency: EUR,
      unpaid: [{ name: 'Ben', amount: minorUnits(669), url: 'https://x/r/rcpt/rcptdiner1' }],
      wholeBillUrl: 'https://x/b/T',
      payBack,
    });
    expect(reminder).toBe('Still to pay Alex for Chez Paul:\n• Ben: €6.69 (£5.75) · pay here: https://x/r/rcpt/rcptdiner1\nPaid back in GBP at 1 EUR = £0.86\nThe whole bill: https://x/b/T');
    expect(everyoneText({ payeeName: 'Alex', billLabel: 'Chez Paul', currency: EUR, diners: [{ name: 'Ben', amount: minorUnits(669) }], wholeBillUrl: 'https://x/b/T', payBack })).toContain(
      '• Ben: €6.69 (£5.75)\nPaid back in GBP at 1 EUR = £0.86',
    );
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: EUR, amount: minorUnits(669), items: ['FISH'], alsoIn: '£5.75', payBack })).toBe(
      'Hi Ben! Your share is €6.69 or £5.75 at 1 EUR = £0.86 (FISH). Your items and how to pay Alex:',
    );
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: EUR, amount: minorUnits(100), items: ['FISH'], paidPence: minorUnits(669), payBack })).toBe(
      "Hi Ben! You've paid €6.69 (£5.75); the bill changed since, so €1.00 (£0.86) is left to pay at 1 EUR = £0.86 (FISH). Your items and how to pay Alex:",
    );
  });

  it('name only the lines a diner has a share of', () => {
    const items = [
      { id: '1', name: 'CHEESE START', kind: 'item' },
      { id: '2', name: 'SCALLOPS', kind: 'item' },
      { id: '3', name: 'Service', kind: 'service' },
    ];
    expect(dinerItemNames(items, [{ itemId: '1' }, { itemId: '3' }])).toEqual(['CHEESE START']);
  });
});

describe('the letter model', () => {
  it('reads back any texts exactly, whatever their characters', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.string({ maxLength: 10, unit: 'grapheme' })), { minLength: 1, maxLength: 12 }), (texts) => {
        expect(decodeTexts(encodeTexts(texts), texts.length, 200)).toEqual(texts);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a bill the app stores', () => {
  it("gives every diner exactly the summary's total, service lines and discounts included", () => {
    const bills = fc.integer({ min: 1, max: 8 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        items: fc.array(
          fc.record({
            pricePence: fc.integer({ min: -2000, max: 20000 }),
            kind: fc.constantFrom('item' as const, 'service' as const, 'discount' as const),
            mask: fc.integer({ min: 0, max: 2 ** n - 1 }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        tipPence: fc.integer({ min: 0, max: 5000 }),
        tipSplit: fc.constantFrom('equal' as const, 'proportional' as const),
      }),
    );
    fc.assert(
      fc.property(bills, (b) => {
        // A bill whose discounts outweigh its items is refused ('Subtotal cannot be negative').
        fc.pre(b.items.reduce((sum, i) => sum + i.pricePence, 0) >= 0);
        const diners = Array.from({ length: b.n }, (_, i) => ({ id: `app-${i}`, name: `Diner ${i}` }));
        const items = b.items.map((item, i) => ({ name: `Line ${i}`, pricePence: item.pricePence, kind: item.kind, assignedTo: diners.filter((_, k) => (item.mask >> k) & 1).map((d) => d.id) }));
        const made = newStoredBill(billOf({ diners, items, tipPence: b.tipPence, tipSplit: b.tipSplit }), { payeeName: 'Alex' }, random, { scoped: true });
        if (!made.ok) throw new Error(made.error);
        const summary = billSplit(billOf({ diners, items, tipPence: b.tipPence, tipSplit: b.tipSplit }));
        const pages = diners.map((d) => dinerBreakdown(made.value.stored, made.value.dinerIds.get(d.id)!));
        expect(pages.map((p) => (p.ok ? p.value.totalPence : null))).toEqual(summary.shares.map((s) => s.totalPence));
      }),
      { numRuns: 200 },
    );
  });
});
