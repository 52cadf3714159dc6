import type { CurrencyCode } from '../../../domain/currency';
import { parsePriceInput } from '../../../domain/price-input';
import { Button } from '../ui/Button';
import { MoneyInput } from '../ui/MoneyInput';
import './tab.css';

export interface PayerRow {
  readonly personId: string;
  /** As typed; only asked for when there are several payers. */
  readonly amount: string;
}

/**
 * Who paid a bill: one person (who paid it all), or several, each with what they paid. Used on the
 * tab's expense and bill forms and in the Summary's "Add to tab".
 */
export function PayersFields({
  people,
  currency,
  rows,
  onRows,
}: {
  readonly people: readonly { id: string; name: string }[];
  readonly currency: CurrencyCode;
  readonly rows: readonly PayerRow[];
  readonly onRows: (rows: PayerRow[]) => void;
}) {
  const setRow = (k: number, row: Partial<PayerRow>) => onRows(rows.map((r, i) => (i === k ? { ...r, ...row } : r)));
  const nextPerson = people.find((p) => !rows.some((r) => r.personId === p.id))?.id ?? people[0]?.id ?? '';
  return (
    <fieldset className="tab-fieldset">
      <legend>Paid by</legend>
      {rows.map((row, k) => (
        <div key={k} className="tab-payer">
          <select className="input" aria-label={`Payer ${k + 1}`} value={row.personId} onChange={(e) => setRow(k, { personId: e.currentTarget.value })}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {rows.length > 1 && (
            <MoneyInput label={`What ${people.find((p) => p.id === row.personId)?.name ?? 'they'} paid`} value={row.amount} onValueChange={(text) => setRow(k, { amount: text })} currency={currency} />
          )}
          {rows.length > 1 && (
            <Button variant="ghost" aria-label={`Remove payer ${k + 1}`} onClick={() => onRows(rows.filter((_, i) => i !== k))}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {rows.length < people.length && (
        <Button variant="ghost" onClick={() => onRows([...rows, { personId: nextPerson, amount: '' }])}>
          Add another payer
        </Button>
      )}
    </fieldset>
  );
}

/** The payers as the server takes them: one payer paid `total`; several paid what each typed. */
export function payersPaid(rows: readonly PayerRow[], total: number, currency: CurrencyCode): { personId: string; amount: number }[] {
  if (rows.length === 1) return [{ personId: rows[0]!.personId, amount: total }];
  return rows.map((r) => {
    const typed = parsePriceInput(r.amount, currency);
    return { personId: r.personId, amount: typed.kind === 'price' ? typed.pricePence : 0 };
  });
}
