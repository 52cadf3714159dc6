import OpenAI, { APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { GBP, minorToMajorText } from '../../domain/currency';
import { minorUnits, type MinorUnits } from '../../domain/money';
import { isoDate } from '../../domain/scanning/receipt-date';
import { isCountedQuantity, kindGivenCount, type ReceiptLine, type ReceiptReading } from '../../domain/scanning/receipt-line';
import { err, ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { extractionSchema, SYSTEM_PROMPT, USER_PROMPT, type Extraction } from './extraction';

export interface OpenAiReaderOptions {
  readonly apiKey: string | null;
  /** An OpenAI-compatible server (self-hosted or a test fake); null for OpenAI itself. */
  readonly baseUrl: string | null;
  readonly model: string;
  /** The whole reading, retries included, gives up after this (30 s). */
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
}

/** Reads receipts with any OpenAI-compatible vision model, through the official SDK. */
export class OpenAiReceiptReader implements ReceiptReader {
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiReaderOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.client = new OpenAI({
      // A self-hosted server often needs no key; the SDK insists on one being set.
      apiKey: options.apiKey ?? 'not-needed',
      baseURL: options.baseUrl,
      timeout: this.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            {
              role: 'user',
              content: [
                { type: 'text', text: USER_PROMPT },
                { type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}`, detail: 'high' } },
              ],
            },
          ],
          response_format: zodResponseFormat(extractionSchema, 'receipt_lines'),
          temperature: 0,
        },
        { signal: abort },
      );
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError || abort.aborted) return err('timeout');
      if (error instanceof OpenAI.APIError) return err('unavailable');
      throw error;
    }
    const message = completion.choices[0]?.message;
    if (message?.refusal) return err('refused');
    if (!message?.content || completion.choices[0]?.finish_reason !== 'stop') return err('malformed');
    const extraction = parseExtraction(message.content);
    return extraction === null ? err('malformed') : ok(toReading(extraction));
  }
}

function parseExtraction(content: string): Extraction | null {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return null;
  }
  const parsed = extractionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function toReading(extraction: Extraction): ReceiptReading {
  const lines: ReceiptLine[] = extraction.items.map((item) => {
    // Discounts are negative whatever sign the model gave them.
    const amount = item.kind === 'discount' ? -Math.abs(item.pricePence) : item.pricePence;
    const pricePence = minorUnits(amount);
    const raw = `${item.label} ${pricePence < 0 ? '-' : ''}£${minorToMajorText(Math.abs(amount), GBP)}`;
    const units = unitsOf(item);
    // The model's own doubt; the sum check adds its own wherever the lines are shown.
    return { raw, label: item.label, pricePence, kind: kindGivenCount(item.kind, units.quantity), ...units, ...(item.unsure === true ? { doubt: 'line' as const } : {}) };
  });
  // A service charge the model reported beside the lines, but not as one of them.
  const service = extraction.serviceChargePence;
  if (service !== null && service > 0 && !lines.some((l) => l.kind === 'service'))
    lines.push({ raw: `Service charge £${minorToMajorText(service, GBP)}`, label: 'Service charge', pricePence: minorUnits(service), kind: 'service' });
  return {
    lines,
    totalPence: extraction.totalPence === null ? null : minorUnits(extraction.totalPence),
    merchant: extraction.merchant?.trim() || null,
    date: extraction.date === null ? null : isoDateOf(extraction.date),
    currency: extraction.currency,
  };
}

/** The model's yyyy-mm-dd, or null for another shape or a day that does not exist (2023-02-30). */
function isoDateOf(text: string): string | null {
  const found = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return found ? isoDate(Number(found[1]), Number(found[2]), Number(found[3])) : null;
}

/** Quantity and unit price, kept only when they multiply out to the line's total. */
function unitsOf(item: Extraction['items'][number]): { quantity?: number; unitPricePence?: MinorUnits } {
  const { quantity, unitPricePence, pricePence } = item;
  if (!isCountedQuantity(quantity) || unitPricePence === null || quantity * unitPricePence !== pricePence) return {};
  return { quantity, unitPricePence: minorUnits(unitPricePence) };
}
