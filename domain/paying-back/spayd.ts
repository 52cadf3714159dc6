import { CZK, minorToMajorText } from '../currency';
import type { Bic } from './bic';
import type { Iban } from './iban';

/** A payment as the Czech banks' Short Payment Descriptor (SPAYD 1.0, Czech Banking Association) asks for it. */
export interface SpaydPayment {
  readonly iban: Iban;
  readonly bic: Bic | null;
  /** In hellers (CZK's minor unit); the amount has at most 10 characters, so at most 9 999 999.99. */
  readonly hellers: number;
  /** The message for the payee, at most 60 characters. */
  readonly message: string;
}

const MAX_MESSAGE = 60;
const MAX_HELLERS = 999_999_999;

/**
 * `SPD*1.0*ACC:{IBAN}[+{BIC}]*AM:{amount}*CC:CZK*MSG:{message}`: key:value pairs after the header,
 * each after a `*`. Values are printable ASCII; a `*` inside one (the separator) and anything else
 * is percent-encoded, `%` itself included. Null when the amount is out of the format's range.
 */
export function spaydPayload(p: SpaydPayment): string | null {
  if (!Number.isSafeInteger(p.hellers) || p.hellers < 1 || p.hellers > MAX_HELLERS) return null;
  const account = p.bic === null ? p.iban : `${p.iban}+${p.bic}`;
  const message = [...p.message.replace(/\s+/g, ' ').trim()].slice(0, MAX_MESSAGE).join('');
  return ['SPD', '1.0', `ACC:${account}`, `AM:${minorToMajorText(p.hellers, CZK)}`, 'CC:CZK', ...(message === '' ? [] : [`MSG:${escapeValue(message)}`])].join('*');
}

function escapeValue(value: string): string {
  return [...value].map((c) => (/^[ -~]$/.test(c) && c !== '*' && c !== '%' ? c : encodeURIComponent(c).replace(/\*/g, '%2A'))).join('');
}
