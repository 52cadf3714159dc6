import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
import { parsePriceInput, priceEditText, priceTooHighText } from '../../../domain/price-input';
import { isLinePrice } from '../../../domain/bill';
import { MAX_ITEM_NAME_LENGTH } from '../../../domain/bill';
import type { BillItem } from '../../../domain/receipt';
import { evenUnitPrice, printedQuantity } from '../../../domain/portions';
import { MoneyInput } from '../ui/MoneyInput';
import { useStore } from '../use-store';
import { $currency } from './use-money';
import { removeItem, renameItem, repriceItem } from '../bill/bill-store';
import { Button } from '../ui/Button';
import { Problem } from '../ui/Problem';

const ITEM_EDIT_MESSAGES = {
  name: 'Enter the item name.',
  price: (currency: CurrencyCode) => `Enter a price greater than ${formatMoney(0, currency)}.`,
} as const;

/**
 * An item's name and price with an Edit button that opens a form to rename, re-price or remove it,
 * at Assign and at Summary.
 */
export function ItemHead({ item }: { readonly item: BillItem }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const currency = useStore($currency);
  if (open) {
    const close = () => {
      setOpen(false);
      queueMicrotask(() => opener.current?.focus());
    };
    return <ItemForm item={item} currency={currency} onDone={close} />;
  }
  return (
    <div className="wz-assign-head">
      <span>
        {item.name}
        {unitsNote(item, currency)}
      </span>
      <span className="wz-assign-price">
        {formatMoney(item.pricePence, currency)}
        <Button ref={opener} variant="ghost" className="wz-edit" aria-label={`Edit ${item.name}`} onClick={() => setOpen(true)}>
          Edit
        </Button>
      </span>
    </div>
  );
}

/**
 * A line read as several units whose name does not say so ("2XCOPERTO" read as COPERTO, £5.00): how
 * many, so the organiser knows it can be split by units. Not repeated once it is split by units.
 */
function unitsNote(item: BillItem, currency: CurrencyCode) {
  const units = item.quantity;
  if (units === undefined || units < 2 || item.portions?.by === 'units' || printedQuantity(item.name) !== null) return null;
  const unitPrice = evenUnitPrice(item.pricePence, units);
  const each = unitPrice === null ? ' units' : ` × ${formatMoney(unitPrice, currency)}`;
  return <small className="wz-units-note">{`${units}${each}`}</small>;
}

function ItemForm({ item, currency, onDone }: { readonly item: BillItem; readonly currency: CurrencyCode; readonly onDone: () => void }) {
  const [name, setName] = useState(item.name);
  const [price, setPrice] = useState(priceEditText(item.pricePence, currency));
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The whole form in view, Save included: on a phone the sticky Share Bill would cover the end of it
  // (the page's scroll-padding keeps clear of it, src/styles/app.css).
  useEffect(() => {
    const timer = setTimeout(() => form.current?.scrollIntoView({ block: 'nearest' }), 0);
    return () => clearTimeout(timer);
  }, []);
  const problemId = useId();
  const priceId = useId();
  const save = () => {
    const parsed = parsePriceInput(price, currency);
    if (name.trim() === '') return setProblem(ITEM_EDIT_MESSAGES.name);
    if (parsed.kind !== 'price') return setProblem(ITEM_EDIT_MESSAGES.price(currency));
    if (!isLinePrice(parsed.pricePence)) return setProblem(priceTooHighText(currency));
    renameItem(item.id, name);
    repriceItem(item.id, parsed.pricePence);
    onDone();
  };
  return (
    <form
      ref={form}
      className="wz-item-form"
      noValidate
      aria-label={`Edit ${item.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <label className="wz-field">
        <span>Item name</span>
        <input
          className="wz-input"
          type="text"
          value={name}
          maxLength={MAX_ITEM_NAME_LENGTH}
          autoFocus
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <div className="wz-field">
        <label htmlFor={priceId}>Price</label>
        <MoneyInput currency={currency} id={priceId} value={price} onValueChange={setPrice} problemId={problem ? problemId : undefined} />
      </div>
      <Problem id={problemId} message={problem} />
      <div className="wz-actions">
        <Button type="submit" variant="primary">
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="danger" onClick={() => removeItem(item.id)}>
          Remove item
        </Button>
      </div>
    </form>
  );
}
