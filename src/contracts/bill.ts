import { z } from './zod';
import type { Bill } from '../../domain/bill';
import { currencyCode } from '../../domain/currency';
import { MAX_DINERS } from '../../domain/diners';
import { pence } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import { err, ok, type Result } from '../../domain/result';
import { TIP_SPLITS, type ItemKind } from '../../domain/split';
import { everyMember } from './every-member';

// The one bill on the wire: the domain's Bill as JSON, checked here and mapped to the domain here.

const ITEM_KINDS = everyMember<ItemKind>()('item', 'service', 'vat', 'discount');
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
          pricePence: z.int(),
          kind: z.enum(ITEM_KINDS),
          assignedTo: z.readonly(z.array(id).check(z.maxLength(MAX_DINERS))),
          portions: z.optional(portions),
          quantity: z.optional(z.int().check(z.minimum(1), z.maximum(99))),
        }),
      )
      .check(z.maxLength(500)),
  ),
  tipPence: z.int(),
  tipSplit: z.enum(TIP_SPLITS),
  tipSharers: z.enum(['allDiners', 'dinersWithItems']),
  payerId: z.nullable(id),
});

export type BillWire = z.infer<typeof billWire>;

/** The wire's bill as the domain's, or 'currency' when its currency is none we know. */
export function billFromWire(wire: BillWire): Result<Bill, { readonly field: 'currency' }> {
  const currency = currencyCode(wire.currency);
  if (currency === null) return err({ field: 'currency' });
  return ok({
    ...wire,
    currency,
    tipPence: pence(wire.tipPence),
    items: wire.items.map((item) => ({ ...item, pricePence: pence(item.pricePence), portions: item.portions as Portions | undefined })),
  });
}
