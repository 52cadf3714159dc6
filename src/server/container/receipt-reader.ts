import { LocalReceiptReader } from '../../../adapters/ocr/local-receipt-reader';
import { OpenAiReceiptReader } from '../../../adapters/openai/openai-receipt-reader';
import type { ReceiptReader } from '../../../ports/receipt-reader';
import type { Config } from '../config';

/** The receipt reader RECEIPT_ENGINE asks for (DESIGN.md §3); the CLI overrides the engine. */
export function createReceiptReader(config: Pick<Config, 'receiptEngine' | 'openai'>): ReceiptReader & { close?(): Promise<void> } {
  if (config.receiptEngine === 'openai') return new OpenAiReceiptReader(config.openai);
  return new LocalReceiptReader();
}
