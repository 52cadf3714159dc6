import { z } from './zod';
import type { Bill } from '../../domain/bill';
import { currencyCode, GBP } from '../../domain/currency';
import { minorUnits } from '../../domain/money';
import { err, ok, type Result } from '../../domain/result';
import { TIP_SPLITS } from '../../domain/split';
import { SHARE_MESSAGES } from '../../domain/sharing/share-packet';
import { receiptServiceCharge } from '../../domain/paying-back/stored-bill';
import type { StoredBillTerms } from '../../domain/paying-back/new-stored-bill';

// The documents' POST /api/receipts: a receipt stored for the short /r/{id}/{dinerId} links, each diner
// with their own handles. Its body is the documents'; it is read into the domain's Bill here, once.

const id = z.string().check(z.minLength(1), z.maxLength(64));
const handle = z.nullish(z.string().check(z.maxLength(60)));

export const storedReceiptRequest = z.object({
  merchant: z.nullish(z.string().check(z.maxLength(200))),
  diningDate: z.nullish(z.string().check(z.maxLength(10))),
  serviceChargePence: z.nullish(z.int()),
  tipPence: z.int(),
  /** ISO 4217; pounds when left out. */
  currency: z.nullish(z.string().check(z.maxLength(3))),
  tipSplit: z.optional(z.enum(TIP_SPLITS)),
  diners: z.array(z.object({ id, name: z.string().check(z.maxLength(100)), monzo: handle, revolut: handle, paypal: handle })).check(z.maxLength(50)),
  items: z
    .array(z.object({ name: z.string().check(z.maxLength(200)), pricePence: z.int(), kind: z.optional(z.enum(['item', 'discount'])), assignedTo: z.array(id).check(z.maxLength(50)) }))
    .check(z.maxLength(500)),
});

export type StoredReceiptRequest = z.infer<typeof storedReceiptRequest>;

/**
 * The documents' receipt as the domain's Bill (its diners keep the request's ids; a line's kind is
 * a discount when negative unless said; the tip is shared by diners with items, the documents' rule),
 * with the dining date and each diner's handles beside it; the bill is checked when it is stored.
 */
export function billOfStoredReceiptRequest(request: StoredReceiptRequest): Result<{ readonly bill: Bill; readonly terms: StoredBillTerms }, string> {
  const currency = request.currency == null ? GBP : currencyCode(request.currency);
  if (currency === null) return err(SHARE_MESSAGES.invalidFormat);
  const service = request.serviceChargePence ?? 0;
  const handles = new Map(request.diners.map((d) => [d.id, d]));
  return ok({
    bill: {
      currency,
      name: request.merchant ?? null,
      diners: request.diners.map((d) => ({ id: d.id, name: d.name })),
      items: [
        ...request.items.map((item, n) => ({
          id: String(n),
          name: item.name,
          pricePence: minorUnits(item.pricePence),
          kind: item.kind ?? (item.pricePence < 0 ? 'discount' : 'item'),
          assignedTo: item.assignedTo,
        })),
        ...(service === 0 ? [] : [receiptServiceCharge(minorUnits(service))]),
      ],
      tipPence: minorUnits(request.tipPence),
      tipSplit: request.tipSplit ?? 'equal',
      tipSharers: 'dinersWithItems',
      payerId: null,
    },
    terms: { diningDate: request.diningDate, handles: (dinerId) => handles.get(dinerId) ?? {} },
  });
}
