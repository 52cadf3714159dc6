/** Randomness and one-way hashes: the one place use cases get them, so tests can fix them. */
export interface Secrets {
  randomBytes(length: number): Uint8Array;
  /** A random (version 4) UUID. */
  randomUuid(): string;
  hash(secret: string): string;
}
