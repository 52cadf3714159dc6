/**
 * Names are sent in lower case plus a 2-bit case mode, so "MARGHERITA PIZZA" (as receipts print
 * it), "Margherita Pizza" and "margherita pizza" all meet the lower-case menu dictionary and the
 * deflate alphabet stays small. Anything else travels exactly as typed.
 */
const CaseMode = { AsTyped: 0, Title: 1, Upper: 2, Lower: 3 } as const;
export type CaseMode = (typeof CaseMode)[keyof typeof CaseMode];

const SMALL_WORDS = new Set(['of', 'and', 'with', 'the', 'in', 'on', 'or', 'a', 'to', 'de', 'al']);

function titleCase(lower: string): string {
  return lower
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

export function foldCase(text: string): { mode: CaseMode; text: string } {
  const lower = text.toLowerCase();
  // Each mode is chosen only if unfolding gives back exactly what was typed.
  if (text === lower) return { mode: CaseMode.Lower, text: lower };
  if (text === titleCase(lower)) return { mode: CaseMode.Title, text: lower };
  if (text === lower.toUpperCase()) return { mode: CaseMode.Upper, text: lower };
  return { mode: CaseMode.AsTyped, text };
}

export function unfoldCase(mode: number, text: string): string {
  if (mode === CaseMode.Title) return titleCase(text);
  if (mode === CaseMode.Upper) return text.toUpperCase();
  return text;
}
