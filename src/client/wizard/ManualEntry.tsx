import { useState } from 'react';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
import { printedQuantity } from '../../../domain/portions';
import { priceTooHighText, typedItemPrice, type ItemPriceProblem } from '../../../domain/price-input';
import { useStore } from '../use-store';
import { MoneyInput } from '../ui/MoneyInput';
import { chooseCurrency, startBillWith } from '../bill/bill-store';
import { CurrencyPicker } from './CurrencyPicker';
import { $currency } from './use-money';
import { Dialog } from '../ui/Dialog';
import { Button } from '../ui/Button';

interface Row {
  readonly key: number;
  readonly name: string;
  readonly price: string;
}

const emptyRow = (key: number): Row => ({ key, name: '', price: '' });

/** Why a typed price will not go on (a 0, a minus, no number, too high): said on the row rather than the row quietly left out. */
function priceProblem(row: Row, currency: CurrencyCode): ItemPriceProblem | null {
  const price = typedItemPrice(row.price, currency);
  return row.price.trim() === '' || price.ok ? null : price.error;
}

export function ManualEntry({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const [rows, setRows] = useState<readonly Row[]>([emptyRow(0)]);
  const [nextKey, setNextKey] = useState(1);
  const currency = useStore($currency);
  // A row counts only with a name and a price above 0 (as an item added on Assign).
  const valid = rows.flatMap((row) => {
    const price = typedItemPrice(row.price, currency);
    return row.name.trim() !== '' && price.ok ? [{ row, pricePence: price.value }] : [];
  });
  const edit = (key: number, change: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const close = () => {
    setRows([emptyRow(nextKey)]);
    setNextKey(nextKey + 1);
    onClose();
  };
  const submit = () => {
    const stamp = Date.now();
    startBillWith(
      valid.map(({ row, pricePence }, i) => ({
        id: `manual-${stamp}-${i}`,
        name: row.name.trim(),
        pricePence,
        kind: 'item' as const,
        quantity: printedQuantity(row.name) ?? undefined,
      })),
      // Only the sample receipt is a test bill: a manual bill is edited like any other.
      false,
    );
    close();
  };
  return (
    <Dialog open={open} title="Enter Items Manually" onClose={close}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid.length > 0) submit();
        }}
      >
        <CurrencyPicker id="manual-currency" currency={currency} onChange={chooseCurrency} />
        <ol className="wz-manual-rows">
          {rows.map((row, index) => {
            const problem = priceProblem(row, currency);
            return (
              <li key={row.key} className="wz-manual-row">
                <input
                  className="wz-input"
                  type="text"
                  placeholder="Item name"
                  aria-label={`Item ${index + 1} name`}
                  value={row.name}
                  onChange={(e) => edit(row.key, { name: e.currentTarget.value })}
                />
                <MoneyInput
                  currency={currency}
                  label={`Item ${index + 1} price`}
                  value={row.price}
                  onValueChange={(price) => edit(row.key, { price })}
                  problemId={problem === null ? undefined : `manual-price-${row.key}`}
                />
                {rows.length > 1 ? (
                  <button type="button" className="icon-button" aria-label={`Remove item ${index + 1}`} onClick={() => setRows(rows.filter((r) => r.key !== row.key))}>
                    ×
                  </button>
                ) : null}
                {problem !== null ? (
                  <p id={`manual-price-${row.key}`} className="wz-error wz-manual-problem">
                    {problem === 'price too high' ? `${priceTooHighText(currency)} This item is not counted.` : `Enter a price greater than ${formatMoney(0, currency)}: this item is not counted.`}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button
          variant="ghost"
          onClick={() => {
            setRows([...rows, emptyRow(nextKey)]);
            setNextKey(nextKey + 1);
          }}
        >
          <span aria-hidden="true">+ </span>Add Another Item
        </Button>
        <div className="wz-actions">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={valid.length === 0}>
            Continue ({valid.length} items)
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
