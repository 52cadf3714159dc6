import { useId, useState } from 'react';
import type { CurrencyCode } from '../../../domain/currency';
import { payBackRate } from '../../../domain/paying-back/pay-back-rate';
import { Card } from '../ui/Card';
import { setPayBackRate } from '../bill/bill-store';
import { Problem } from '../ui/Problem';

/**
 * For a bill not in pounds: the organiser who is paid back in pounds types the rate once (no
 * network is asked); everyone's share then shows in both currencies and the pay links ask for pounds.
 */
export function PayBackRateCard({ currency, rate }: { readonly currency: CurrencyCode; readonly rate: string | null }) {
  const [draft, setDraft] = useState(rate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();
  const type = (text: string) => {
    setDraft(text);
    const read = payBackRate(currency, text);
    if (read.ok) {
      setPayBackRate(read.value?.rate ?? null);
      setProblem(null);
    } else setProblem(read.error);
  };
  return (
    <Card aria-labelledby="rate-title">
      <h2 id="rate-title">Paid back in pounds?</h2>
      <p className="wz-note">If people will pay you back in pounds, enter the rate once: everyone sees both amounts and the pay links ask for pounds.</p>
      <div className="wz-field">
        <label htmlFor={fieldId}>{`£ for 1 ${currency}`}</label>
        <input
          id={fieldId}
          className="wz-input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.86"
          value={draft}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(e) => type(e.currentTarget.value)}
        />
      </div>
      <Problem id={problemId} message={problem} />
    </Card>
  );
}
