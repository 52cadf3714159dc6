import { checkUpload, type UploadLimits } from '../../../domain/image-upload';
import { BILLED_KINDS, type ReceiptReading } from '../../../domain/receipt-line';
import { err, ok, type Result } from '../../../domain/result';
import type { Log } from '../../../ports/log';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { ReceiptReader } from '../../../ports/receipt-reader';
import type { ScanAllowance } from '../../../ports/scan-allowance';
import { BoundedQueue } from './bounded-queue';

export interface AnalyzeLimits {
  readonly upload: UploadLimits;
  readonly perIp: RateLimit;
  readonly perDevice: RateLimit;
  /** Readings run at once (the OCR pool size) and readings allowed to wait for a slot. */
  readonly concurrency: number;
  readonly queueCapacity: number;
  /** A rough time per reading, to tell a refused client when to come back. */
  readonly secondsPerReading: number;
}

export const DEFAULT_ANALYZE_LIMITS: AnalyzeLimits = {
  upload: { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 },
  perIp: { max: 30, windowSeconds: 60 },
  perDevice: { max: 10, windowSeconds: 60 },
  concurrency: 2,
  queueCapacity: 8,
  secondsPerReading: 2,
};

export type ScanRefusal = { readonly code: 'too_many_scans' | 'reader_busy'; readonly retryAfterSeconds: number };

export type ScanFailure =
  ScanRefusal | { readonly code: 'image_too_large'; readonly maxBytes: number } | { readonly code: 'too_many_pixels' | 'not_an_image' | 'allowance_used' | 'read_failed' | 'timed_out' | 'unclear' };

export interface Analysis {
  readonly reading: ReceiptReading;
  readonly paidWith: 'free bill' | 'token';
}

export interface ScanRequest {
  readonly image: Uint8Array;
  readonly anonymousUserId: string;
}

/**
 * Scanning a receipt: the upload is checked from its bytes before any work, the scan is metered
 * (reserved, then settled on a result or refunded on a failure or an empty result) and read by a
 * bounded queue, so a burst of photos is refused rather than piled up.
 */
export class AnalyzeReceipt {
  private readonly queue: BoundedQueue;

  constructor(
    private readonly reader: ReceiptReader,
    private readonly allowance: ScanAllowance,
    private readonly limiter: RateLimiter,
    readonly limits: AnalyzeLimits,
    private readonly log: Log,
  ) {
    this.queue = new BoundedQueue(limits.concurrency, limits.queueCapacity);
  }

  /** The per-address limit, counted before the (large) body is even read. */
  async admit(clientIp: string): Promise<Result<void, ScanRefusal>> {
    const decision = await this.limiter.hit(`analyze-receipt:ip:${clientIp}`, this.limits.perIp);
    return decision.allowed ? ok(undefined) : err({ code: 'too_many_scans', retryAfterSeconds: decision.retryAfterSeconds });
  }

  async scan({ image, anonymousUserId }: ScanRequest): Promise<Result<Analysis, ScanFailure>> {
    const upload = checkUpload(image, this.limits.upload);
    if (!upload.ok) {
      const problem = upload.error;
      if (problem.kind === 'too large') return err({ code: 'image_too_large', maxBytes: problem.maxBytes });
      return err({ code: problem.kind === 'too many pixels' ? 'too_many_pixels' : 'not_an_image' });
    }
    const deviceDecision = await this.limiter.hit(`analyze-receipt:device:${anonymousUserId}`, this.limits.perDevice);
    if (!deviceDecision.allowed) return err({ code: 'too_many_scans', retryAfterSeconds: deviceDecision.retryAfterSeconds });
    if (!this.queue.hasRoom) return err(this.busy());

    const reservation = await this.allowance.reserve(anonymousUserId);
    if (!reservation.ok) return err({ code: 'allowance_used' });
    const reservationId = reservation.value.id;

    let outcome: Awaited<ReturnType<ReceiptReader['read']>> | null;
    try {
      const queued = await this.queue.run(() => this.reader.read({ bytes: image, mediaType: upload.value.type }));
      outcome = queued?.value ?? null;
    } catch (error) {
      this.log.error({ err: error }, 'receipt reader failed');
      await this.allowance.refund(reservationId);
      return err({ code: 'read_failed' });
    }
    if (outcome === null) {
      await this.allowance.refund(reservationId);
      return err(this.busy());
    }
    if (!outcome.ok) {
      await this.allowance.refund(reservationId);
      return err({ code: outcome.error === 'timeout' ? 'timed_out' : 'read_failed' });
    }
    if (!hasBilledLine(outcome.value)) {
      await this.allowance.refund(reservationId);
      return err({ code: 'unclear' });
    }
    await this.allowance.settle(reservationId);
    return ok({ reading: outcome.value, paidWith: reservation.value.paidWith });
  }

  private busy(): ScanRefusal {
    const retryAfterSeconds = Math.max(1, Math.ceil((this.queue.depth / this.limits.concurrency) * this.limits.secondsPerReading));
    return { code: 'reader_busy', retryAfterSeconds };
  }
}

function hasBilledLine(reading: ReceiptReading): boolean {
  return reading.lines.some((l) => BILLED_KINDS.has(l.kind) && l.pricePence !== null);
}
