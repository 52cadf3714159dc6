import type { AnonymousId } from '../../../domain/anonymous-id';
import { addressBucket } from '../../../domain/client-address';
import { checkUpload, type UploadLimits } from '../../../domain/scanning/image-upload';
import { BILLED_KINDS, type ReceiptReading } from '../../../domain/scanning/receipt-line';
import { err, ok, type Result } from '../../../domain/result';
import { secondsUntilNextBudgetDay } from '../../../domain/scanning/scan-budgets';
import type { Clock } from '../../../ports/clock';
import type { DailyQuotas } from '../../../ports/daily-quotas';
import type { Log } from '../../../ports/log';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { ReceiptImage, ReceiptReader } from '../../../ports/receipt-reader';
import type { ScanAllowance } from '../../../ports/scan-allowance';
import { BoundedQueue, type Admission } from './bounded-queue';
import { ScanBudget, type ScanBudgetLimits } from './scan-budget';

export interface AnalyzeLimits {
  readonly upload: UploadLimits;
  readonly perIp: RateLimit;
  readonly perDevice: RateLimit;
  /** Readings run at once (the OCR pool size) and readings allowed to wait for a slot. */
  readonly concurrency: number;
  readonly queueCapacity: number;
  /** Places in the queue (running or waiting) one client address may hold: its fair share. */
  readonly perAddressSlots: number;
  /** Free scans per address per day, and the paid reader's daily spend ceiling. */
  readonly budgets: ScanBudgetLimits;
  /** A rough time per reading, to tell a refused client when to come back. */
  readonly secondsPerReading: number;
}

export const DEFAULT_ANALYZE_LIMITS: AnalyzeLimits = {
  upload: { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 },
  perIp: { max: 30, windowSeconds: 60 },
  perDevice: { max: 10, windowSeconds: 60 },
  concurrency: 2,
  queueCapacity: 8,
  perAddressSlots: 3,
  budgets: { freeScansPerAddressPerDay: 10, spend: null },
  secondsPerReading: 2,
};

export type ScanRefusal = { readonly code: 'too_many_scans' | 'reader_busy' | 'free_scans_used' | 'scanning_paused'; readonly retryAfterSeconds: number };

export type ScanFailure =
  ScanRefusal | { readonly code: 'image_too_large'; readonly maxBytes: number } | { readonly code: 'too_many_pixels' | 'not_an_image' | 'allowance_used' | 'read_failed' | 'timed_out' | 'unclear' };

export interface Analysis {
  readonly reading: ReceiptReading;
  readonly paidWith: 'free bill' | 'token';
}

export interface ScanRequest {
  readonly image: Uint8Array;
  readonly anonymousUserId: AnonymousId;
  /** The client's address: budgets and the queue's fair share count its bucket (an IPv6 /64), never the id. */
  readonly clientIp: string;
}

/**
 * Scanning a receipt: the upload is checked from its bytes before any work, the scan is metered
 * (reserved, then settled on a result or refunded on a failure or an empty result) and read by a
 * bounded queue, so a burst of photos is refused rather than piled up. Free scans are a budget per
 * client address per day, the queue is shared fairly between addresses, and a paid reader stops at
 * its daily spend ceiling (issue 16); all of it counted where every process counts together.
 */
export class AnalyzeReceipt {
  private readonly queue: BoundedQueue;

  constructor(
    private readonly reader: ReceiptReader,
    private readonly allowance: ScanAllowance,
    private readonly limiter: RateLimiter,
    readonly limits: AnalyzeLimits,
    private readonly log: Log,
    private readonly quotas: DailyQuotas,
    private readonly clock: Clock,
  ) {
    this.queue = new BoundedQueue(limits.concurrency, limits.queueCapacity, limits.perAddressSlots);
  }

  /** The per-address limit, counted before the (large) body is even read. */
  async admit(clientIp: string): Promise<Result<void, ScanRefusal>> {
    const decision = await this.limiter.hit(`analyze-receipt:ip:${addressBucket(clientIp)}`, this.limits.perIp);
    return decision.allowed ? ok(undefined) : err({ code: 'too_many_scans', retryAfterSeconds: decision.retryAfterSeconds });
  }

  async scan({ image, anonymousUserId, clientIp }: ScanRequest): Promise<Result<Analysis, ScanFailure>> {
    const upload = checkUpload(image, this.limits.upload);
    if (!upload.ok) {
      const problem = upload.error;
      if (problem.kind === 'too large') return err({ code: 'image_too_large', maxBytes: problem.maxBytes });
      return err({ code: problem.kind === 'too many pixels' ? 'too_many_pixels' : 'not_an_image' });
    }
    const deviceDecision = await this.limiter.hit(`analyze-receipt:device:${anonymousUserId}`, this.limits.perDevice);
    if (!deviceDecision.allowed) return err({ code: 'too_many_scans', retryAfterSeconds: deviceDecision.retryAfterSeconds });
    // A place in the reading queue first (this address's fair share), before any metering.
    const address = addressBucket(clientIp);
    const place = this.queue.admit(address);
    if (place === null) return err(this.busy());
    try {
      return await this.readInPlace(place, anonymousUserId, address, { bytes: image, mediaType: upload.value.type });
    } finally {
      place.cancel(); // gives the place up if the reading never started; nothing once it has
    }
  }

  private async readInPlace(place: Admission, anonymousUserId: AnonymousId, address: string, image: ReceiptImage): Promise<Result<Analysis, ScanFailure>> {
    // Budgets before the reservation, so a refusal leaves the id's free bills and tokens untouched.
    const budget = new ScanBudget(this.quotas, this.clock, this.limits.budgets, address);
    if (!(await budget.takeSpend())) return err({ code: 'scanning_paused', retryAfterSeconds: secondsUntilNextBudgetDay(this.clock.now()) });
    const reservation = await this.allowance.reserve(anonymousUserId);
    if (!reservation.ok) {
      await budget.giveBack({ readerCalled: false });
      return err({ code: 'allowance_used' });
    }
    const reservationId = reservation.value.id;
    const refund = async (readerCalled: boolean) => {
      await this.allowance.refund(reservationId);
      await budget.giveBack({ readerCalled });
    };
    if (reservation.value.paidWith === 'free bill') {
      if (!(await budget.takeFreeScan())) {
        await refund(false);
        return err({ code: 'free_scans_used', retryAfterSeconds: secondsUntilNextBudgetDay(this.clock.now()) });
      }
      // Should this process die before the reading ends, whoever refunds the reservation gives this back too.
      await this.allowance.holdFreeScan(reservationId, budget.freeScan());
    }

    let outcome: Awaited<ReturnType<ReceiptReader['read']>>;
    try {
      outcome = await place.run(() => this.reader.read(image));
    } catch (error) {
      this.log.error({ err: error }, 'receipt reader failed');
      await refund(true);
      return err({ code: 'read_failed' });
    }
    if (!outcome.ok) {
      await refund(true);
      return err({ code: outcome.error === 'timeout' ? 'timed_out' : 'read_failed' });
    }
    if (!hasBilledLine(outcome.value)) {
      await refund(true);
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
