import { err, ok, type Result } from './result';

export const MAX_DINERS = 8;
export const MAX_DINER_NAME_LENGTH = 20;
export const MAX_DINERS_MESSAGE = 'Maximum 8 diners supported';

/** The eight diner colours, cycled by position. */
export const DINER_COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d'] as const;

export type DinerNameProblem = 'empty' | 'too long' | 'table full';

export function dinerColour(position: number): string {
  return DINER_COLOURS[((position % DINER_COLOURS.length) + DINER_COLOURS.length) % DINER_COLOURS.length]!;
}

/** The avatar letter: the uppercase first letter of the name. */
export function dinerInitial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/** A new diner's name: trimmed, 1–20 characters, and only while fewer than 8 are at the table. */
export function acceptDinerName(raw: string, dinersSoFar: number): Result<string, DinerNameProblem> {
  if (dinersSoFar >= MAX_DINERS) return err('table full');
  const name = raw.trim();
  if (name.length === 0) return err('empty');
  if ([...name].length > MAX_DINER_NAME_LENGTH) return err('too long');
  return ok(name);
}
