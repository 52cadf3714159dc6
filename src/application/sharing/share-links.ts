import { publicPaths } from '../../../domain/public-paths';
import { err, ok, type Result } from '../../../domain/result';
import { NOT_ADDING_UP, unassignedCount } from '../../../domain/adds-up';
import { billSplit, type Bill } from '../../../domain/bill';
import type { BillView } from '../../../domain/bill-view';
import { billOfPacket, packetView } from '../../../domain/sharing/packet-view';
import { packetOfBill, presentToken, type ShareLinkProblem, type ShareOptions, type SharePacket } from '../../../domain/sharing/share-packet';
import { openPacket, QR_13_TOKEN_CHARS, sealPacket } from '../../../domain/sharing/share-token';
import type { Clock } from '../../../ports/clock';
import type { Log } from '../../../ports/log';
import type { PacketCompressor, PacketSigner } from '../../../ports/share-links';

export interface ShareLink {
  /** The page the link opens, without the origin (the edge adds it). */
  readonly path: string;
  readonly token: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}

/** The bill a link was opened to, verified: the packet as signed and the totals every page shows. */
export interface OpenedShare {
  readonly token: string;
  readonly packet: SharePacket;
  readonly view: BillView;
}

/**
 * The bill cannot be shared: `reason` is the domain's validation text, or its shares do
 * not add up to its Grand Total because something is assigned to nobody.
 */
export type ShareRefusal = { readonly code: 'invalid_bill'; readonly reason: string } | { readonly code: 'unassigned_items'; readonly reason: string };

/** Makes and opens signed share links. */
export class ShareLinks {
  constructor(
    private readonly signer: PacketSigner,
    private readonly compressor: PacketCompressor,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  create(bill: Bill, options: ShareOptions): Result<ShareLink, ShareRefusal> {
    const packet = packetOfBill(bill, options, this.nowSeconds());
    if (!packet.ok) return err({ code: 'invalid_bill', reason: packet.error });
    const unassigned = unassignedCount(billSplit(billOfPacket(packet.value)));
    if (unassigned !== null) return err({ code: NOT_ADDING_UP.code, reason: NOT_ADDING_UP.message(unassigned) });
    const token = this.seal(packet.value);
    return ok({ path: publicPaths.sharedBill(token), token, expiresAt: new Date(packet.value.expiresAt * 1000).toISOString() });
  }

  /**
   * The bill's name stays out of a link it would push past QR version 13 (8 diners and 20 long
   * item names): the bill still fits the QR code on the table, and its page is headed without it.
   */
  private seal(packet: SharePacket): string {
    const token = sealPacket(packet, this.signer, this.compressor);
    return token.length > QR_13_TOKEN_CHARS && packet.name !== null ? sealPacket({ ...packet, name: null }, this.signer, this.compressor) : token;
  }

  /** A link's token as typed or pasted: too short counts as missing; forged, expired and unreadable ones say which. */
  open(rawToken: string | null | undefined): Result<OpenedShare, ShareLinkProblem> {
    const token = presentToken(rawToken);
    if (token === null) return err('missing');
    try {
      const opened = openPacket(token, this.nowSeconds(), this.signer, this.compressor);
      return opened.ok ? ok({ token, packet: opened.value, view: packetView(opened.value) }) : opened;
    } catch (error) {
      // Bad input never reaches here (the codec answers values); a fault must still not show a stack.
      this.log.error({ err: error }, 'share token could not be opened');
      return err('failed');
    }
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}
