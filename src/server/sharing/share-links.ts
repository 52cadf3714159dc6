import { inject, injectable } from 'tsyringe';
import { err, ok, type Result } from '../../../domain/result';
import { packetFromRequest, type SharePacket, type ShareRequest } from '../../../domain/sharing/share-packet';
import { openPacket, sealPacket, type TokenProblem } from '../../../domain/sharing/share-token';
import type { Clock } from '../../../ports/clock';
import type { PacketCompressor, PacketSigner } from '../../../ports/share-links';
import { TOKENS } from '../../../ports/tokens';
import type { Config } from '../config';
import { linkOrigin } from '../routing';

export interface ShareLink {
  readonly url: string;
  readonly token: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}

/** The app's custom scheme for deep links (seed 001 §9: share/{token}). */
export const APP_SCHEME = 'whospaying://';

/** Makes and opens signed share links; pages and the API call this directly. */
@injectable()
export class ShareLinks {
  constructor(
    @inject(TOKENS.PacketSigner) private readonly signer: PacketSigner,
    @inject(TOKENS.PacketCompressor) private readonly compressor: PacketCompressor,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  create(request: ShareRequest, requestOrigin: string): Result<ShareLink, string> {
    const packet = packetFromRequest(request, this.nowSeconds());
    if (!packet.ok) return packet;
    const token = sealPacket(packet.value, this.signer, this.compressor);
    return ok({ url: `${this.baseUrl(requestOrigin)}/b/${token}`, token, expiresAt: new Date(packet.value.expiresAt * 1000).toISOString() });
  }

  open(token: string): Result<SharePacket, TokenProblem | 'failed'> {
    try {
      return openPacket(token, this.nowSeconds(), this.signer, this.compressor);
    } catch (e) {
      // Bad input never reaches here (the codec answers values); a fault must still not show a stack.
      console.error('share token could not be opened', e);
      return err('failed');
    }
  }

  /** PUBLIC_BASE_URL, else the request's origin when its host is ours (never an arbitrary Host header). */
  baseUrl(requestOrigin: string): string {
    return this.config.publicBaseUrl ?? linkOrigin(requestOrigin, this.config.productDomains);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

export function deepLink(token: string): string {
  return `${APP_SCHEME}share/${token}`;
}
