import { err, ok, type Result } from './result';

export const MAX_DINERS = 8;
export const MAX_DINER_NAME_LENGTH = 20;
export const MAX_DINERS_MESSAGE = 'Maximum 8 diners supported';

/** The eight diner colours, cycled by position. */
export const DINER_COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d'] as const;

export type DinerNameProblem = 'empty' | 'too long' | 'table full' | 'taken';

/** What the wizard shows for each problem with a new diner's name (the live bill has its own codes for them). */
export const DINER_NAME_MESSAGES: Readonly<Record<DinerNameProblem, string>> = {
  empty: 'Please enter a name',
  'too long': `Names can be at most ${MAX_DINER_NAME_LENGTH} characters`,
  'table full': MAX_DINERS_MESSAGE,
  taken: 'Someone at the table already has this name. Add an initial to tell them apart.',
};

export function dinerColour(position: number): string {
  return DINER_COLOURS[((position % DINER_COLOURS.length) + DINER_COLOURS.length) % DINER_COLOURS.length]!;
}

/** The avatar letter: the uppercase first letter of the name. */
export function dinerInitial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/** "Cat", " cat" and "C AT" are one seat: a name compared without case or spaces. */
export function sameDinerName(a: string, b: string): boolean {
  const key = (name: string) => name.normalize('NFC').replace(/\s+/gu, '').toLocaleLowerCase('en');
  return key(a) === key(b);
}

/**
 * A new diner's name: trimmed, 1–20 characters, not one already at the table (case and spaces
 * aside, so two phones cannot both be "Cat"), and only while fewer than 8 are at the table.
 */
export function acceptDinerName(raw: string, namesAtTable: readonly string[]): Result<string, DinerNameProblem> {
  if (namesAtTable.length >= MAX_DINERS) return err('table full');
  const name = raw.trim();
  if (name.length === 0) return err('empty');
  if ([...name].length > MAX_DINER_NAME_LENGTH) return err('too long');
  if (namesAtTable.some((taken) => sameDinerName(taken, name))) return err('taken');
  return ok(name);
}
