import { INR, minorToMajorText } from '../currency';
import { err, ok, type Result } from '../result';

/** A UPI id ("virtual payment address"): a handle at a payment app or bank, such as `name@okaxis`. */
export type UpiId = string & { readonly __upi: true };

export type UpiProblem = { readonly code: 'upi_shape'; readonly message: string };

// NPCI's handles: letters, digits, dot, dash and underscore before the @, the provider's letters after it.
const UPI_ID = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;

export function parseUpiId(input: string): Result<UpiId, UpiProblem> {
  const id = input.trim().toLowerCase();
  return UPI_ID.test(id) ? ok(id as UpiId) : err({ code: 'upi_shape', message: 'A UPI ID looks like name@bank: check the UPI ID' });
}

const MAX_NOTE = 80;

/**
 * A UPI payment link with the amount filled in (NPCI's UPI Linking Specification): payee address,
 * payee name, amount in rupees with two decimals, INR, and a note; each value percent-encoded (the
 * `@` of the address is left as the specification's examples write it).
 */
export function upiLink(p: { readonly upi: UpiId; readonly name: string; readonly paise: number; readonly note: string }): string {
  const note = [...p.note.replace(/\s+/g, ' ').trim()].slice(0, MAX_NOTE).join('');
  const query = [
    `pa=${encodeURIComponent(p.upi).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(p.name)}`,
    `am=${minorToMajorText(p.paise, INR)}`,
    'cu=INR',
    ...(note === '' ? [] : [`tn=${encodeURIComponent(note)}`]),
  ];
  return `upi://pay?${query.join('&')}`;
}
