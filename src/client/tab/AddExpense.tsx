import { useId, useState } from 'react';
import { currencyChoices, currencyCode, currencySign, GBP, type CurrencyCode } from '../../../domain/currency';
import { parsePriceInput } from '../../../domain/price-input';
import type { TabViewJson } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { MoneyInput } from '../ui/MoneyInput';
import { Problem } from '../ui/Problem';
import type { TabConnection } from './tab-connection';
import { PayersFields, payersPaid, type PayerRow } from './PayersFields';

/**
 * A plain expense typed on the tab ("Taxi £24, Ana paid, split equally"): what for, how much, who
 * paid (one or several, each with what they paid) and who shares it equally. The server splits it
 * through the one bill split and refuses payers that do not add up, saying by how much.
 */
export function AddExpense({ tab, me, send }: { readonly tab: TabViewJson; readonly me: string | undefined; readonly send: TabConnection['send'] }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<CurrencyCode>(() => currencyCode(tab.currency) ?? GBP);
  const [payers, setPayers] = useState<PayerRow[]>([]);
  const [sharedBy, setSharedBy] = useState<readonly string[] | null>(null);
  const [problem, setProblem] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);

  if (tab.people.length === 0) return null;
  if (!open)
    return (
      <Card>
        <Button variant="secondary" block onClick={() => setOpen(true)}>
          Add an expense
        </Button>
      </Card>
    );

  const rows: PayerRow[] = payers.length > 0 ? payers : [{ personId: me ?? tab.people[0]!.id, amount: '' }];
  const sharers = sharedBy ?? tab.people.map((p) => p.id);
  const minorOf = (text: string) => {
    const parsed = parsePriceInput(text, currency);
    return parsed.kind === 'price' ? parsed.pricePence : null;
  };
  const submit = async () => {
    const total = minorOf(amount);
    if (total === null) return setProblem({ message: 'Enter an amount greater than 0', field: 'amount' });
    // Several payers say what each paid, and the server checks they add up to the amount.
    const paid = payersPaid(rows, total, currency);
    setBusy(true);
    const sent = await send({ type: 'addExpense', name: name.trim() || 'Expense', amount: total, currency, payers: paid, sharedBy: sharers });
    setBusy(false);
    if (!sent.ok) return setProblem({ message: sent.error ?? 'That did not go through. Please try again.', field: sent.field });
    setProblem(null);
    setName('');
    setAmount('');
    setPayers([]);
    setSharedBy(null);
    setOpen(false);
  };

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Add an expense</h2>
      <form
        className="tab-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>What for</span>
          <input className="input" value={name} maxLength={60} placeholder="Taxi" onChange={(e) => setName(e.currentTarget.value)} />
        </label>
        <div className="tab-amount">
          <label className="field" htmlFor={`${ids}-amount`}>
            <span>Amount</span>
            <MoneyInput id={`${ids}-amount`} value={amount} onValueChange={setAmount} currency={currency} problemId={problem?.field === 'amount' ? `${ids}-problem` : undefined} />
          </label>
          <label className="field">
            <span>Currency</span>
            <select className="input" value={currency} onChange={(e) => setCurrency(currencyCode(e.currentTarget.value) ?? currency)}>
              {currencyChoices([currency, ...tab.otherCurrencies.map((c) => currencyCode(c.currency) ?? currency)]).map((c) => (
                <option key={c} value={c}>
                  {c} ({currencySign(c)})
                </option>
              ))}
            </select>
          </label>
        </div>
        <PayersFields people={tab.people} currency={currency} rows={rows} onRows={setPayers} />
        <fieldset className="tab-fieldset">
          <legend>Split equally between</legend>
          {tab.people.map((p) => (
            <label key={p.id} className="tab-check">
              <input type="checkbox" checked={sharers.includes(p.id)} onChange={(e) => setSharedBy(e.currentTarget.checked ? [...sharers, p.id] : sharers.filter((id) => id !== p.id))} />
              <span>{p.name}</span>
            </label>
          ))}
        </fieldset>
        <Problem id={`${ids}-problem`} message={problem?.message ?? null} />
        <div className="actions">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={busy}>
            {busy ? 'Adding…' : 'Add to tab'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
