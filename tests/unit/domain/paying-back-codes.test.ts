import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBic, type Bic } from '../../../domain/paying-back/bic';
import { epcPayload } from '../../../domain/paying-back/epc-qr';
import { parseIban, type Iban } from '../../../domain/paying-back/iban';
import { spaydPayload } from '../../../domain/paying-back/spayd';
import { parseUpiId, upiLink, type UpiId } from '../../../domain/paying-back/upi';

const iban = (text: string): Iban => {
  const parsed = parseIban(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const bic = (text: string): Bic => {
  const parsed = parseBic(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const upi = (text: string): UpiId => {
  const parsed = parseUpiId(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('EPC QR code (EPC069-12)', () => {
  it('is the specification’s own example, as version 002 writes it', () => {
    // EPC069-12's example (version 001): €1 to the Belgian Red Cross, purpose CHAR, text "Urgency fund".
    const specification = ['BCD', '001', '1', 'SCT', 'BPOTBEB1', 'Red Cross of Belgium', 'BE72000000001616', 'EUR1', 'CHAR', '', 'Urgency fund', 'Sample EPC QR code'];
    // Ours: version 002, the amount always with its cents, no purpose code and nothing after the remittance text.
    const expected = [...specification.slice(0, 11)];
    expected[1] = '002';
    expected[7] = 'EUR1.00';
    expected[8] = '';
    const payload = epcPayload({ name: 'Red Cross of Belgium', iban: iban('BE72000000001616'), bic: bic('BPOTBEB1'), cents: 100, remittance: 'Urgency fund' });
    expect(payload?.split('\n')).toEqual(expected);
    expect(payload?.endsWith('\n')).toBe(false);
  });

  it('leaves the BIC line empty without one, and writes the exact amount with two decimals', () => {
    const payload = epcPayload({ name: 'Alex', iban: iban('DE89 3704 0044 0532 0130 00'), bic: null, cents: 1205, remittance: 'Taverna · Ben' });
    expect(payload).toBe('BCD\n002\n1\nSCT\n\nAlex\nDE89370400440532013000\nEUR12.05\n\n\nTaverna · Ben');
  });

  it('keeps every element on its line, the name to 70 characters, the text to 140 and the whole to 331 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 99_999_999_999 }), (name, remittance, cents) => {
        const payload = epcPayload({ name, iban: iban('MT84 MALT 0110 0001 2345 MTLC AST0 01S'), bic: bic('MALTMTMTXXX'), cents, remittance })!;
        const lines = payload.split('\n');
        expect(lines.length).toBe(11);
        expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
        expect([...lines[5]!].length).toBeLessThanOrEqual(70);
        expect([...lines[10]!].length).toBeLessThanOrEqual(140);
        expect(lines[7]).toBe(`EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        expect(utf8Bytes(payload)).toBeLessThanOrEqual(331);
      }),
    );
  });

  it('has no code for nothing, or for more than the code can carry', () => {
    const t = { name: 'Alex', iban: iban('DE89370400440532013000'), bic: null, remittance: '' };
    expect(epcPayload({ ...t, cents: 0 })).toBeNull();
    expect(epcPayload({ ...t, cents: 100_000_000_000 })).toBeNull();
  });
});

describe('SPAYD (Short Payment Descriptor 1.0)', () => {
  it('is the specification’s own example', () => {
    // The format's published example (Czech Banking Association; also its Wikipedia article), without the variable symbol we do not send.
    expect(spaydPayload({ iban: iban('CZ5855000000001265098001'), bic: null, hellers: 48050, message: 'PLATBA ZA ZBOZI' })).toBe(
      'SPD*1.0*ACC:CZ5855000000001265098001*AM:480.50*CC:CZK*MSG:PLATBA ZA ZBOZI',
    );
    expect(spaydPayload({ iban: iban('CZ5855000000001265098001'), bic: bic('RZBCCZPP'), hellers: 48050, message: 'PLATBA ZA ZBOZI' })).toBe(
      'SPD*1.0*ACC:CZ5855000000001265098001+RZBCCZPP*AM:480.50*CC:CZK*MSG:PLATBA ZA ZBOZI',
    );
  });

  it('percent-encodes a * (the separator), a % and anything not printable ASCII, and cuts the message to 60 characters', () => {
    expect(spaydPayload({ iban: iban('CZ6508000000192000145399'), bic: null, hellers: 25000, message: 'U Fleků *2 = 100%' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:250.00*CC:CZK*MSG:U Flek%C5%AF %2A2 = 100%25',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (message) => {
        const payload = spaydPayload({ iban: iban('CZ6508000000192000145399'), bic: null, hellers: 1, message })!;
        // Exactly the five elements (and the message): no stray separator from the text.
        expect(payload.split('*').length).toBeLessThanOrEqual(6);
        expect(payload).toMatch(/^[ -~]*$/);
        const msg = payload.split('*MSG:')[1];
        if (msg !== undefined) expect([...decodeURIComponent(msg)].length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('UPI link (NPCI UPI Linking Specification)', () => {
  it('carries the specification example’s payee, name and note, with the amount in two decimals and INR', () => {
    // NPCI's example: upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khalid&…&tn=Pay%20to%20mystar%20store&am=1010&cu=INR
    expect(upiLink({ upi: upi('zeeshan@npci'), name: 'Zeeshan Khalid', paise: 101_000, note: 'Pay to mystar store' })).toBe(
      'upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khalid&am=1010.00&cu=INR&tn=Pay%20to%20mystar%20store',
    );
  });

  it('reads back as it was written, whatever the name and note', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 120 }), fc.integer({ min: 1, max: 10_000_000 }), (name, note, paise) => {
        const link = upiLink({ upi: upi('priya.s@okaxis'), name, paise, note });
        const query = new URLSearchParams(link.slice('upi://pay?'.length));
        expect(query.get('pa')).toBe('priya.s@okaxis');
        expect(query.get('pn')).toBe(name);
        expect(query.get('am')).toBe((paise / 100).toFixed(2));
        expect(query.get('cu')).toBe('INR');
        expect(query.get('tn') ?? '').toBe([...note.replace(/\s+/g, ' ').trim()].slice(0, 80).join(''));
      }),
    );
  });
});
