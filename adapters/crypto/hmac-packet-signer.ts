import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PacketSigner } from '../../ports/share-links';

export interface SigningKey {
  readonly kid: string;
  readonly secret: string;
}

/** HMAC-SHA256 over the packet, truncated to the tag length; any key in the list verifies (rotation), the first signs. */
export class HmacPacketSigner implements PacketSigner {
  private readonly keys: ReadonlyMap<string, string>;
  readonly currentKeyId: string;

  constructor(keys: readonly SigningKey[]) {
    const first = keys[0];
    if (first === undefined) throw new Error('at least one share signing key is needed');
    this.currentKeyId = first.kid;
    this.keys = new Map(keys.map((k) => [k.kid, k.secret]));
  }

  sign(keyId: string, data: Uint8Array): Uint8Array {
    const secret = this.keys.get(keyId);
    if (secret === undefined) throw new Error(`unknown share signing key ${keyId}`);
    return new Uint8Array(createHmac('sha256', secret).update(data).digest());
  }

  verify(keyId: string, data: Uint8Array, tag: Uint8Array): boolean {
    const secret = this.keys.get(keyId);
    if (secret === undefined || tag.length < 16) return false;
    const expected = createHmac('sha256', secret).update(data).digest().subarray(0, tag.length);
    return timingSafeEqual(expected, tag);
  }
}
