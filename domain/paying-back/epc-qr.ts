import { EUR, minorToMajorText } from '../currency';
import type { Bic } from './bic';
import type { Iban } from './iban';

/** A SEPA credit transfer as the European Payments Council's QR code asks for it (EPC069-12, "GiroCode"). */
export interface EpcTransfer {
  readonly name: string;
  readonly iban: Iban;
  readonly bic: Bic | null;
  /** In euro cents: 1 to 99 999 999 999 (EUR0.01 to EUR999999999.99). */
  readonly cents: number;
  /** Unstructured remittance information: what the payee sees on their statement. */
  readonly remittance: string;
}

const MAX_NAME = 70;
const MAX_REMITTANCE = 140;
const MAX_BYTES = 331;
const MAX_CENTS = 99_999_999_999;

/**
 * The QR code's text (EPC069-12 v2.1): service tag BCD, version 002, character set 1 (UTF-8),
 * identification SCT, the BIC (optional in 002), the name (at most 70 characters), the IBAN, EUR and
 * the amount, no purpose, no structured reference, the remittance text (at most 140 characters),
 * one element a line, nothing after the last; at most 331 bytes, the remittance text cut to fit.
 * Null when the amount is out of the code's range.
 */
export function epcPayload(t: EpcTransfer): string | null {
  if (!Number.isSafeInteger(t.cents) || t.cents < 1 || t.cents > MAX_CENTS) return null;
  const amount = `EUR${minorToMajorText(t.cents, EUR)}`;
  const head = ['BCD', '002', '1', 'SCT', t.bic ?? '', cut(oneLine(t.name), MAX_NAME), t.iban, amount, '', ''].join('\n');
  const room = MAX_BYTES - bytes(head) - 1;
  const remittance = fitBytes(cut(oneLine(t.remittance), MAX_REMITTANCE), room);
  return `${head}\n${remittance}`;
}

/** Each element is one line: a line break inside one would shift every element after it. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cut(text: string, characters: number): string {
  return [...text].slice(0, characters).join('');
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

function fitBytes(text: string, room: number): string {
  const chars = [...text];
  while (chars.length > 0 && bytes(chars.join('')) > room) chars.pop();
  return chars.join('').trim();
}
