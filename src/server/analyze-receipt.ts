import { inject, injectable } from 'tsyringe';
import { z } from 'zod';
import { checkUpload, isStrictBase64, type UploadLimits, type UploadProblem } from '../../domain/image-upload';
import { BILLED_KINDS, type ReceiptLine, type ReceiptReading } from '../../domain/receipt-line';
import { reconcile } from '../../domain/receipt-reconcile';
import type { RateLimit, RateLimiter } from '../../ports/rate-limiter';
import type { ReadFailure, ReceiptReader } from '../../ports/receipt-reader';
import type { ScanAllowance } from '../../ports/scan-allowance';
import { TOKENS } from '../../ports/tokens';
import { BoundedQueue } from './bounded-queue';
import { json, jsonError } from './http';
import { logger } from './logger';
import { readJson } from './request';

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

export const ANALYZE_LIMITS = Symbol.for('AnalyzeLimits');

export const DEFAULT_ANALYZE_LIMITS: AnalyzeLimits = {
  upload: { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 },
  perIp: { max: 30, windowSeconds: 60 },
  perDevice: { max: 10, windowSeconds: 60 },
  concurrency: 2,
  queueCapacity: 8,
  secondsPerReading: 2,
};

// The documents' texts (seed 000 §8), word for word.
export const MESSAGES = {
  allowanceUsed: 'All free bills used this month. Buy tokens to continue scanning receipts.',
  failed: 'Failed to analyze receipt. Please try again.',
  timedOut: 'Request timed out. Please check your internet connection and try again.',
  unclear: 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.',
} as const;

// Our own texts, where the documents have none.
export const UPLOAD_MESSAGES = {
  notBase64: 'The image must be base64 text (without a data: prefix).',
  notAnImage: 'Please upload a photo of the receipt as a JPEG, PNG or WebP image.',
  tooLarge: (maxBytes: number) => `The photo is too large. Please upload one under ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  tooManyPixels: 'The photo has too many pixels. Please upload a smaller photo of the receipt.',
  noDevice: 'Missing anonymousUserId.',
  tooMany: 'Too many receipts scanned in a short time. Please wait a moment and try again.',
  busy: 'The receipt reader is busy. Please try again in a moment.',
} as const;

const ANONYMOUS_ID = z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be an anonymous id');

const body = z.object({
  image: z.string().min(1),
  // The client's prompt is accepted for compatibility and ignored: the extraction rules are ours.
  prompt: z.string().max(20_000).optional(),
  anonymousUserId: ANONYMOUS_ID.optional(),
});

/**
 * POST /functions/v1/analyze-receipt: checks the upload before any work, meters the scan
 * (reserve, then settle on a result or refund on a failure or an empty result), and reads it.
 */
@injectable()
export class AnalyzeReceipt {
  private readonly queue: BoundedQueue;

  constructor(
    @inject(TOKENS.ReceiptReader) private readonly reader: ReceiptReader,
    @inject(TOKENS.ScanAllowance) private readonly allowance: ScanAllowance,
    @inject(TOKENS.RateLimiter) private readonly limiter: RateLimiter,
    @inject(ANALYZE_LIMITS) private readonly limits: AnalyzeLimits,
  ) {
    this.queue = new BoundedQueue(limits.concurrency, limits.queueCapacity);
  }

  async handle(request: Request, clientAddress: string): Promise<Response> {
    const ipDecision = await this.limiter.hit(`analyze-receipt:ip:${clientAddress}`, this.limits.perIp);
    if (!ipDecision.allowed) return tooMany(UPLOAD_MESSAGES.tooMany, ipDecision.retryAfterSeconds);

    // base64 is 4/3 of the bytes; a little room for the other fields.
    const maxBody = Math.ceil((this.limits.upload.maxBytes * 4) / 3) + 64 * 1024;
    const parsed = await readJson(request, body, maxBody);
    if (!parsed.ok) {
      const message = parsed.error.status === 413 ? UPLOAD_MESSAGES.tooLarge(this.limits.upload.maxBytes) : parsed.error.message;
      return jsonError(message, parsed.error.status);
    }
    const headerId = ANONYMOUS_ID.safeParse(request.headers.get('x-anonymous-id') ?? undefined);
    const anonymousUserId = parsed.value.anonymousUserId ?? (headerId.success ? headerId.data : undefined);
    if (anonymousUserId === undefined) return jsonError(UPLOAD_MESSAGES.noDevice, 400);

    if (!isStrictBase64(parsed.value.image)) return jsonError(UPLOAD_MESSAGES.notBase64, 400);
    const bytes = new Uint8Array(Buffer.from(parsed.value.image, 'base64'));
    const upload = checkUpload(bytes, this.limits.upload);
    if (!upload.ok) return this.refuseUpload(upload.error);

    const deviceDecision = await this.limiter.hit(`analyze-receipt:device:${anonymousUserId}`, this.limits.perDevice);
    if (!deviceDecision.allowed) return tooMany(UPLOAD_MESSAGES.tooMany, deviceDecision.retryAfterSeconds);
    if (!this.queue.hasRoom) return tooMany(UPLOAD_MESSAGES.busy, this.retryAfterWhenBusy());

    const reservation = await this.allowance.reserve(anonymousUserId);
    if (!reservation.ok) return jsonError(MESSAGES.allowanceUsed, 402);
    const reservationId = reservation.value.id;

    let outcome: Awaited<ReturnType<ReceiptReader['read']>> | null;
    try {
      const queued = await this.queue.run(() => this.reader.read({ bytes, mediaType: upload.value.type }));
      outcome = queued?.value ?? null;
    } catch (error) {
      logger.error({ err: error }, 'receipt reader failed');
      await this.allowance.refund(reservationId);
      return jsonError(MESSAGES.failed, 502);
    }
    if (outcome === null) {
      await this.allowance.refund(reservationId);
      return tooMany(UPLOAD_MESSAGES.busy, this.retryAfterWhenBusy());
    }
    if (!outcome.ok) {
      await this.allowance.refund(reservationId);
      return readFailure(outcome.error);
    }
    if (!hasBilledLine(outcome.value)) {
      await this.allowance.refund(reservationId);
      return jsonError(MESSAGES.unclear, 422);
    }
    await this.allowance.settle(reservationId);
    return json(responseBody(outcome.value, reservation.value.paidWith));
  }

  private refuseUpload(problem: UploadProblem): Response {
    switch (problem.kind) {
      case 'too large':
        return jsonError(UPLOAD_MESSAGES.tooLarge(problem.maxBytes), 413);
      case 'too many pixels':
        return jsonError(UPLOAD_MESSAGES.tooManyPixels, 413);
      case 'empty':
      case 'not an image':
      case 'unreadable header':
        return jsonError(UPLOAD_MESSAGES.notAnImage, 415);
    }
  }

  private retryAfterWhenBusy(): number {
    return Math.max(1, Math.ceil((this.queue.depth / this.limits.concurrency) * this.limits.secondsPerReading));
  }
}

function tooMany(message: string, retryAfterSeconds: number): Response {
  return jsonError(message, 429, { 'retry-after': String(retryAfterSeconds) });
}

function readFailure(failure: ReadFailure): Response {
  return failure === 'timeout' ? jsonError(MESSAGES.timedOut, 504) : jsonError(MESSAGES.failed, 502);
}

function hasBilledLine(reading: ReceiptReading): boolean {
  return reading.lines.some((l) => BILLED_KINDS.has(l.kind) && l.pricePence !== null);
}

/** The analysis response's coarse type (seed 000 §3: item, tax or discount). */
function typeOf(line: ReceiptLine): 'item' | 'tax' | 'discount' {
  return line.kind === 'vat' ? 'tax' : line.kind === 'discount' ? 'discount' : 'item';
}

function responseBody(reading: ReceiptReading, paidWith: 'free bill' | 'token') {
  const check = reconcile(reading.lines, reading.totalPence);
  return {
    items: reading.lines.map((line) => ({
      name: line.label,
      label: line.label,
      raw: line.raw,
      pricePence: line.pricePence,
      kind: line.kind,
      type: typeOf(line),
      ...(line.quantity === undefined ? {} : { quantity: line.quantity, unitPricePence: line.unitPricePence }),
    })),
    totalPence: reading.totalPence,
    ...(reading.currency === undefined ? {} : { currency: reading.currency }),
    reconciliation: { billedPence: check.billedPence, differencePence: check.differencePence, matches: check.matches, suspectLines: check.suspectLines },
    paidWith,
  };
}
