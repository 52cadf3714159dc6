/** 128 random bits (or more), base64url: a capability nobody can guess, carried in a link. */
export function capabilityKey(randomBytes: Uint8Array): string {
  if (randomBytes.length < 16) throw new RangeError('a capability needs at least 16 random bytes');
  return btoa(String.fromCharCode(...randomBytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
