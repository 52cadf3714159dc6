import { useStore } from '../use-store';
import { useId, useState } from 'react';
import { currencySign, formatMoney, minorToMajorText, type CurrencyCode } from '../../../domain/currency';
import { TIP_SPLIT_LABELS, TIP_SPLITS } from '../../../domain/split';
import { readTipAmount, readTipPercent, TIP_QUICK_PERCENTS } from '../../../domain/tip';
import { MoneyInput } from '../ui/MoneyInput';
import { $bill } from '../bill/bill-state';
import { $billView, $tipPercent, setTip, setTipSplit } from '../bill/bill-store';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Problem } from '../ui/Problem';

/**
 * The Tip card. Over a printed service charge the tip starts at no extra tip and
 * the card says so; a quick choice adds a tip in one tap. A typed figure out
 * of range is refused next to the field, and the tip in use, always the one shown, stays as it was.
 */
export function TipCard() {
  const { tip, currency } = useStore($bill);
  const money = (amount: number) => formatMoney(amount, currency);
  const percent = useStore($tipPercent);
  const { tipPence, serviceChargePence: service } = useStore($billView);
  const amountMode = tip.chosen && tip.mode === 'amount';
  return (
    <Card aria-labelledby="tip-title" className="wz-tip">
      {/* Kept short on a phone (the mode beside the title, the figure beside its field), so Individual Totals start on the first screen. */}
      <div className="wz-tip-head">
        <h2 id="tip-title">Tip</h2>
        <div className="wz-segmented" role="group" aria-label="Tip mode">
          <button type="button" aria-pressed={!amountMode} onClick={() => setTip({ mode: 'percent' })}>
            Percentage
          </button>
          <button type="button" aria-pressed={amountMode} onClick={() => setTip({ mode: 'amount', amountText: minorToMajorText(tipPence, currency) })}>
            Amount
          </button>
        </div>
      </div>
      {service > 0 ? (
        <div className="wz-panel wz-info" role="note">
          <p>This bill already includes a service charge of {money(service)}, so no extra tip is added unless you choose one.</p>
          <Button aria-pressed={!amountMode && percent === 0} onClick={() => setTip({ mode: 'percent', percent: 0 })}>
            No extra tip
          </Button>
        </div>
      ) : null}
      <div className="wz-tip-row">
        {amountMode ? (
          <TipField
            key="amount"
            currency={currency}
            label={`Tip amount (${currencySign(currency)})`}
            shown={tip.amountText}
            read={(text) => {
              const read = readTipAmount(text, currency);
              return read.ok ? { ok: true, commit: () => setTip({ amountText: minorToMajorText(read.pence, currency) }) } : read;
            }}
            keeps={`The tip stays at ${money(tipPence)}.`}
          />
        ) : (
          <TipField
            key="percent"
            label="Tip percentage (%)"
            shown={String(percent)}
            read={(text) => {
              const read = readTipPercent(text);
              return read.ok ? { ok: true, commit: () => setTip({ mode: 'percent', percent: read.percent }) } : read;
            }}
            keeps={`The tip stays at ${percent}%.`}
          />
        )}
        <p className="wz-tip-figure">Tip: {money(tipPence)}</p>
      </div>
      <div className="wz-quick" role="group" aria-label="Quick tip percentages">
        {TIP_QUICK_PERCENTS.map((p) => (
          <Button key={p} disabled={amountMode} aria-pressed={!amountMode && percent === p} onClick={() => setTip({ mode: 'percent', percent: p })}>
            {p}%
          </Button>
        ))}
      </div>
      <TipSplitChoice />
    </Card>
  );
}

interface TipFieldProps {
  readonly label: string;
  /** An amount in this currency: the one money field. */
  readonly currency?: CurrencyCode;
  /** The figure in use. */
  readonly shown: string;
  readonly read: (text: string) => { ok: true; commit: () => void } | { ok: false; message: string };
  /** What is still charged while the typed text is refused. */
  readonly keeps: string;
}

/** While the typed text is refused the message says so and what is charged; leaving the field shows the figure in use again. */
function TipField({ label, currency, shown, read, keeps }: TipFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();
  const type = (text: string) => {
    setDraft(text);
    const result = read(text);
    if (result.ok) {
      result.commit();
      setProblem(null);
    } else setProblem(result.message);
  };
  const leave = () => {
    setDraft(null);
    setProblem(null);
  };
  const describedBy = problem ? problemId : undefined;
  return (
    <div className="wz-field">
      <label htmlFor={fieldId}>{label}</label>
      {currency !== undefined ? (
        <MoneyInput currency={currency} id={fieldId} value={draft ?? shown} onValueChange={type} onBlur={leave} problemId={describedBy} />
      ) : (
        <input
          id={fieldId}
          className="wz-input"
          type="text"
          inputMode="decimal"
          value={draft ?? shown}
          aria-invalid={problem !== null}
          aria-describedby={describedBy}
          onChange={(e) => type(e.currentTarget.value)}
          onBlur={leave}
        />
      )}
      <Problem id={problemId} message={problem === null ? null : `${problem} ${keeps}`} />
    </div>
  );
}

/** Equal shares by default; native radios give the group its role and arrow-key movement. Moot without a tip. */
function TipSplitChoice() {
  const { tipSplit } = useStore($bill);
  const { tipPence } = useStore($billView);
  return (
    <fieldset className="wz-choice" role="radiogroup" disabled={tipPence === 0}>
      <legend>Split the tip</legend>
      <div className="wz-choice-options">
        {TIP_SPLITS.map((option) => (
          <label key={option}>
            <input type="radio" name="tip-split" value={option} checked={tipSplit === option} onChange={() => setTipSplit(option)} />
            <span>{TIP_SPLIT_LABELS[option]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
