import { shortId } from './stored-bill';

/**
 * Capabilities, not accounts: the organiser's secret and each diner's
 * capability are 27 characters of a 31-letter alphabet, each worth at least 4.95 bits even with
 * the byte-to-letter bias, so over 133 bits: guessing one is hopeless. The server keeps only their hashes.
 */
const SECRET_LENGTH = 27;
const SECRET = /^[23456789abcdefghjkmnpqrstuvwxyz]{27}$/;

export function newSecret(random: (length: number) => Uint8Array): string {
  return shortId(random(SECRET_LENGTH), SECRET_LENGTH);
}

/** Whether text could be a secret at all; anything else is refused before any lookup. */
export function isSecretShaped(text: string | null | undefined): text is string {
  return typeof text === 'string' && SECRET.test(text);
}
