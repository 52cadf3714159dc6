import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Secrets } from '../../ports/secrets';

/** Secrets from the operating system's CSPRNG, hashed with SHA-256 (they carry over 128 bits, so no salt or stretching is needed). */
export const nodeSecrets: Secrets = {
  randomBytes: (length) => new Uint8Array(randomBytes(length)),
  randomUuid: () => randomUUID(),
  hash: (secret) => createHash('sha256').update(secret, 'utf8').digest('hex'),
};
