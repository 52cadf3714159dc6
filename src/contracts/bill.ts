import { z } from './zod';
import type { Bill } from '../../domain/bill';
import { currencyCode } from '../../domain/currency';
import { MAX_DINERS } from '../../domain/diners';
import { minorUnits } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import { err, ok, type Result } from '../../domain/result';
import { MAX_ITEM_PENCE } from '../../domain/bill';
import { TIP_SPLITS, type ItemKind } from '../../domain/split';
import { everyMember } from './every-member';

// The one bill on the wire: the domain's Bill as JSON, checked here and mapped to the domain here.

/** A line's kind on the wire, every one the domain has: the bill's and the live bill's lines alike. */
export const itemKind = z.enum(everyMember<ItemKind>()('item', 'service', 'vat', 'discount'));
const id = z.string().check(z.minLength(1), z.maxLength(64));
const counts = z.record(id, z.int().check(z.minimum(0), z.maximum(99)));
const portions = z.union([z.object({ by: z.literal('shares'), counts }), z.object({ by: z.literal('units'), quantity: z.int().check(z.minimum(1), z.maximum(99)), counts })]);

export const billWire = z.object({
  currency: z.string().check(z.length(3)),
  name: z.nullable(z.string().check(z.maxLength(120))),
  diners: z.readonly(z.array(z.object({ id, name: z.string().check(z.minLength(1), z.maxLength(40)) })).check(z.maxLength(MAX_DINERS))),
  items: z.readonly(
    z
      .array(
        z.object({
          id,
          name: z.string().check(z.maxLength(200)),
          pricePence: z.int().check(z.minimum(-MAX_ITEM_PENCE), z.maximum(MAX_ITEM_PENCE)),
          kind: itemKind,
          assignedTo: z.readonly(z.array(id).check(z.maxLength(MAX_DINERS))),
          portions: z.optional(portions),
          quantity: z.optional(z.int().check(z.minimum(1), z.maximum(99))),
        }),
      )
      .check(z.maxLength(500)),
  ),
  tipPence: z.int().check(z.minimum(0), z.maximum(MAX_ITEM_PENCE)),
  tipSplit: z.enum(TIP_SPLITS),
  tipSharers: z.enum(['allDiners', 'dinersWithItems']),
  payerId: z.nullable(id),
});

export type BillWire = z.infer<typeof billWire>;

/**
 * The wire's bill as the domain's, or the field that makes it no bill: a currency we do not know,
 * a diner or item id given twice, a line shared with someone not on the bill, a payer who is not.
 */
export function billFromWire(wire: BillWire): Result<Bill, { readonly field: 'currency' | 'diners' | 'items' | 'payerId' }> {
  const currency = currencyCode(wire.currency);
  if (currency === null) return err({ field: 'currency' });
  const diners = new Set(wire.diners.map((d) => d.id));
  if (diners.size !== wire.diners.length) return err({ field: 'diners' });
  if (new Set(wire.items.map((i) => i.id)).size !== wire.items.length) return err({ field: 'items' });
  const onBill = (ids: readonly string[]) => new Set(ids).size === ids.length && ids.every((id) => diners.has(id));
  if (wire.items.some((i) => !onBill(i.assignedTo) || (i.portions !== undefined && !onBill(Object.keys(i.portions.counts))))) return err({ field: 'items' });
  if (wire.payerId !== null && !diners.has(wire.payerId)) return err({ field: 'payerId' });
  return ok({
    ...wire,
    currency,
    tipPence: minorUnits(wire.tipPence),
    items: wire.items.map((item) => ({ ...item, pricePence: minorUnits(item.pricePence), portions: item.portions as Portions | undefined })),
  });
}
