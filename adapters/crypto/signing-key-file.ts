import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SigningKey } from './hmac-packet-signer';

const FILE = 'share-signing-key.json';

/**
 * Without SHARE_SIGNING_KEYS, one key is generated on first start and kept in DATA_DIR (mode 0600),
 * so links stay valid across restarts. 'wx' makes concurrent first starts agree on one key.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const path = join(dataDir, FILE);
  await mkdir(dataDir, { recursive: true });
  const fresh: SigningKey = { kid: `g${randomBytes(2).toString('hex').slice(0, 3)}`, secret: randomBytes(32).toString('base64url') };
  try {
    await writeFile(path, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  await chmod(path, 0o600);
  const stored = JSON.parse(await readFile(path, 'utf8')) as Partial<SigningKey>;
  if (typeof stored.kid !== 'string' || typeof stored.secret !== 'string' || stored.secret.length < 32) throw new Error(`${path} does not hold a share signing key`);
  return { kid: stored.kid, secret: stored.secret };
}
