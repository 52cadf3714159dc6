import type { LiveBill, LiveItem } from '../../../domain/live-bill/live-bill';
import { baseName, unitPrices } from '../../../domain/live-bill/live-split';
import { minorUnits } from '../../../domain/money';
import { inBothCurrencies } from '../../../domain/paying-back/pay-back-rate';

export type LiveViewer = { readonly kind: 'organiser' } | { readonly kind: 'diner'; readonly dinerId: string };

interface Props {
  readonly bill: LiveBill;
  readonly viewer: LiveViewer;
  readonly readOnly: boolean;
  readonly onClaim: (itemId: string, unit: number, dinerId: string, claimed: boolean) => void;
  readonly onEdit?: (item: LiveItem) => void;
}

/**
 * The bill's food lines to claim. A diner taps what they had (a "3 x" line unit by unit) and sees who
 * else has it; the organiser sets anyone's claims. Charges and discounts are split by the rules.
 */
export function LiveItems({ bill, viewer, readOnly, onClaim, onEdit }: Props) {
  const items = bill.items.filter((i) => i.kind === 'item');
  // With the organiser's rate, a price in both currencies, as the totals below are.
  const money = (amount: number) => inBothCurrencies(minorUnits(amount), bill.currency, bill.payBack ?? null);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const claimants = (itemId: string, unit: number) => bill.claims.filter((c) => c.itemId === itemId && c.unit === unit && names.has(c.dinerId)).map((c) => c.dinerId);
  return (
    <ul className="wz-assign-list">
      {items.map((item) => (
        <li key={item.id} className="wz-assign-item">
          <div className="wz-assign-head lv-item-head">
            <span>{item.name}</span>
            <span className="lv-price">
              {money(item.pricePence)}
              {onEdit && !readOnly ? (
                <button type="button" className="button ghost lv-edit" onClick={() => onEdit(item)}>
                  Edit <span className="wz-visually-hidden">{item.name}</span>
                </button>
              ) : null}
            </span>
          </div>
          {unitsOf(item).map(({ unit, label, pricePence }) => {
            const who = claimants(item.id, unit);
            if (viewer.kind === 'diner') {
              const mine = who.includes(viewer.dinerId);
              const others = who.filter((d) => d !== viewer.dinerId).map((d) => names.get(d));
              return (
                <div key={unit} className="lv-unit">
                  <button type="button" className="wz-toggle lv-claim" aria-pressed={mine} disabled={readOnly} onClick={() => onClaim(item.id, unit, viewer.dinerId, !mine)}>
                    {mine ? <span aria-hidden="true">✓ </span> : null}
                    {label}
                    {item.units > 1 ? <span className="lv-unit-price"> {money(pricePence)}</span> : null}
                  </button>
                  <span className="wz-note">{others.length === 0 ? (who.length === 0 ? 'Nobody yet' : '') : `${mine ? 'Also' : 'Had by'}: ${others.join(', ')}`}</span>
                </div>
              );
            }
            return (
              <div key={unit} className="wz-toggles" role="group" aria-label={`Who had ${label}`}>
                {item.units > 1 ? <span className="lv-unit-label">{label}</span> : null}
                {bill.diners.map((d) => {
                  const pressed = who.includes(d.id);
                  return (
                    <button key={d.id} type="button" className="wz-toggle" aria-pressed={pressed} disabled={readOnly} onClick={() => onClaim(item.id, unit, d.id, !pressed)}>
                      {pressed ? <span aria-hidden="true">✓ </span> : null}
                      {d.name}
                    </button>
                  );
                })}
              </div>
            );
          })}
        </li>
      ))}
    </ul>
  );
}

/** Each claimable unit with what a phone calls it: the item's name, or "Peroni 2 of 3". */
export function unitsOf(item: LiveItem): { unit: number; label: string; pricePence: LiveItem['pricePence'] }[] {
  const prices = unitPrices(item);
  const base = baseName(item.name);
  return prices.map((pricePence, unit) => ({ unit, label: item.units === 1 ? item.name : `${base} ${unit + 1} of ${item.units}`, pricePence }));
}
