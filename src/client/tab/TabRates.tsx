import { useState } from 'react';
import type { TabViewJson } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Problem } from '../ui/Problem';
import type { TabConnection } from './tab-connection';

/** For bills in another currency: a rate turns them into the tab's currency; without one they settle on their own. */
export function TabRates({ tab, send }: { readonly tab: TabViewJson; readonly send: TabConnection['send'] }) {
  if (tab.otherCurrencies.length === 0) return null;
  return (
    <Card aria-labelledby="tab-rates-title">
      <h2 id="tab-rates-title">Other currencies</h2>
      <p className="muted">With a rate, these bills are settled in {tab.currency} with the rest; without one, in their own currency.</p>
      {tab.otherCurrencies.map((c) => (
        <RateField key={`${c.currency}:${c.rate ?? ''}`} currency={c.currency} tabCurrency={tab.currency} rate={c.rate} send={send} />
      ))}
    </Card>
  );
}

function RateField({ currency, tabCurrency, rate, send }: { readonly currency: string; readonly tabCurrency: string; readonly rate: string | null; readonly send: TabConnection['send'] }) {
  const [text, setText] = useState(rate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (value: string | null) => {
    const sent = await send({ type: 'setRate', currency, rate: value });
    setProblem(sent.ok ? null : (sent.error ?? 'That did not go through. Please try again.'));
  };
  return (
    <form
      className="tab-add-person"
      onSubmit={(e) => {
        e.preventDefault();
        void save(text.trim() === '' ? null : text);
      }}
    >
      <label className="field">
        <span>
          1 {currency} in {tabCurrency}
        </span>
        <input className="input" inputMode="decimal" value={text} placeholder="1.17" onChange={(e) => setText(e.currentTarget.value)} />
      </label>
      <Button type="submit">{rate === null ? 'Use rate' : 'Change rate'}</Button>
      <Problem message={problem} />
    </form>
  );
}
