import { useStore } from '../use-store';
import { useRef, useState } from 'react';
import { formatMoney, minorToMajorText, type CurrencyCode } from '../../../domain/currency';
import type { MinorUnits } from '../../../domain/money';
import type { LineDoubt } from '../../../domain/scanning/receipt-line';
import { printedQuantity } from '../../../domain/portions';
import { heldBack, HELD_BACK_MESSAGES, linesToPassOn, reviewReconciliation, shortfallPence, suspectLineIds, typedReviewPrice, type ReviewLine } from '../../../domain/scanning/review';
import { MoneyInput } from '../ui/MoneyInput';
import { AddLineForm, type AddLineWords } from './AddLineForm';
import { BillNameField } from './BillNameField';
import { CurrencyPicker } from './CurrencyPicker';
import { $bill } from '../bill/bill-state';
import { addMissedLine, chooseCurrency, continueFromReview, discardReview, editReviewLine } from '../bill/bill-store';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Dialog } from '../ui/Dialog';

const KIND_LABEL: Record<ReviewLine['kind'], string> = {
  item: 'Item',
  service: 'Service',
  vat: 'VAT',
  discount: 'Discount',
  subtotal: 'Subtotal',
  total: 'Total',
};

export function ReviewItems() {
  const { review, reviewTotalPence, reviewIsSample, reviewIsTyped, currency, currencyDoubtful } = useStore($bill);
  const money = (amount: number) => formatMoney(amount, currency);
  const [confirming, setConfirming] = useState(false);
  const lines = review ?? [];
  const passing = linesToPassOn(lines).length;
  const held = lines.filter((l) => heldBack(l) !== null).length;
  const reconciliation = reviewReconciliation(lines, reviewTotalPence);
  const printed = reconciliation.totalPence;
  const suspects = new Set(printed === null ? [] : suspectLineIds(lines, reconciliation));
  const shortfall = shortfallPence(reconciliation);
  const [missedPrice, setMissedPrice] = useState('');
  const missedName = useRef<HTMLInputElement>(null);
  const offerMissedLine = (price: MinorUnits) => {
    setMissedPrice(minorToMajorText(price, currency));
    // Centred, so the footer pinned to the bottom of a phone's screen does not cover it.
    missedName.current?.focus({ preventScroll: true });
    missedName.current?.scrollIntoView({ block: 'center' });
  };
  return (
    <Card aria-labelledby="review-title">
      <div className="wz-title-row">
        {/* A scan's reading was paid for (a free scan or a token): going back asks first; the sample and a typed-in bill cost nothing. */}
        <Button variant="ghost" onClick={reviewIsSample || reviewIsTyped ? discardReview : () => setConfirming(true)}>
          ← Back
        </Button>
        <h2 id="review-title">Review Receipt Items</h2>
      </div>
      <BillNameField />
      <CurrencyPicker id="review-currency" currency={currency} onChange={chooseCurrency} />
      {currencyDoubtful === true ? (
        <p className="wz-currency-doubt">
          <span className="wz-doubt" role="note" aria-label="Check: no currency sign was printed; the currency was guessed from where the shop is">
            Check
          </span>{' '}
          No currency sign was printed: {currency} was guessed from where the shop is.
        </p>
      ) : null}
      <p>Untick anything that isn't part of the bill and correct any price that was misread.</p>
      {printed !== null && reconciliation.matches ? <p className="wz-panel wz-ok">The included lines add up to the printed total of {money(printed)}.</p> : null}
      {printed !== null && !reconciliation.matches ? (
        <div className="wz-panel wz-warning" role="status">
          <p>
            The included lines come to {money(reconciliation.billedPence)}, {money(reconciliation.gapPence ?? 0)} {shortfall !== null ? 'less' : 'more'} than the receipt's printed total of{' '}
            {money(printed)}.{suspects.size > 0 ? ' Check the highlighted lines.' : ''}
            {shortfall !== null ? ' Or did the reader miss a line?' : ''}
          </p>
          {shortfall !== null ? <Button onClick={() => offerMissedLine(shortfall)}>Add a missed line of {money(shortfall)}</Button> : null}
        </div>
      ) : null}
      <ul className="wz-review-list">
        {lines.map((line, index) => (
          <ReviewRow key={`${line.id}-${currency}`} currency={currency} line={line} position={index + 1} suspect={suspects.has(line.id)} />
        ))}
      </ul>
      <AddLineForm currency={currency} words={MISSED_LINE} price={missedPrice} onPriceChange={setMissedPrice} add={addMissedLine} nameInput={missedName} />
      <div className="wz-review-footer">
        <p>
          {passing} {passing === 1 ? 'item' : 'items'} included · Total {money(reconciliation.billedPence)}
        </p>
        {held > 0 ? (
          <p className="wz-held-count" role="status">
            {held === 1 ? '1 ticked line does not' : `${held} ticked lines do not`} go on to Assign: each says why.
          </p>
        ) : null}
        <Button variant="primary" disabled={passing === 0} onClick={continueFromReview}>
          Continue with {passing} items
        </Button>
      </div>
      {confirming ? (
        <Dialog open title="Discard this reading?" onClose={() => setConfirming(false)}>
          <p>Going back puts away the items read from this receipt. You can have them back from the scan step until you read another receipt; reading it again uses another free scan or token.</p>
          <div className="wz-actions wz-end">
            <Button variant="primary" onClick={() => setConfirming(false)}>
              Keep reviewing
            </Button>
            <Button variant="danger" onClick={discardReview}>
              Discard reading
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

function ReviewRow({ line, position, suspect, currency }: { readonly line: ReviewLine; readonly position: number; readonly suspect: boolean; readonly currency: CurrencyCode }) {
  const [priceText, setPriceText] = useState(line.pricePence === null ? '' : minorToMajorText(line.pricePence, currency));
  const name = line.label || line.raw;
  // Units the line was read with ("2XCOPERTO") that its name no longer shows: they are carried on to Assign.
  const units = printedQuantity(line.label) === null ? (line.printedUnits ?? null) : null;
  const held = heldBack(line);
  const heldId = `held-${line.id}`;
  const commit = () => {
    const parsed = typedReviewPrice(priceText, currency);
    if (parsed.kind === 'price') {
      editReviewLine(line.id, { pricePence: parsed.pricePence });
      setPriceText(parsed.normalised);
    } else if (parsed.kind === 'cleared') {
      editReviewLine(line.id, { pricePence: null });
      setPriceText('');
    } else {
      setPriceText(line.pricePence === null ? '' : minorToMajorText(line.pricePence, currency));
    }
  };
  return (
    <li
      className="wz-review-row"
      data-included={line.included && held === null ? 'yes' : 'no'}
      data-suspect={suspect ? 'yes' : 'no'}
      data-doubtful={suspect || (line.doubt !== undefined && line.doubt !== 'sum') ? 'yes' : 'no'}
    >
      <input type="checkbox" className="wz-check" checked={line.included} aria-label={`Include ${name}`} onChange={(e) => editReviewLine(line.id, { included: e.currentTarget.checked })} />
      <input
        type="text"
        className="wz-input wz-review-name"
        value={line.label}
        placeholder={line.raw}
        aria-label={`Name of line ${position}`}
        onChange={(e) => editReviewLine(line.id, { label: e.currentTarget.value })}
      />
      <MoneyInput currency={currency} label={`Price of ${name}`} value={priceText} onValueChange={setPriceText} onBlur={commit} problemId={held === null ? undefined : heldId} />
      <span className="wz-kind" data-kind={line.kind}>
        {KIND_LABEL[line.kind]}
        {units !== null ? ` · ${units} units` : null}
      </span>
      <DoubtBadge doubt={suspect ? 'sum' : line.doubt === 'sum' ? undefined : line.doubt} />
      {held !== null ? (
        <p id={heldId} className="wz-line-held">
          {HELD_BACK_MESSAGES[held]}
        </p>
      ) : null}
    </li>
  );
}

/** Why a line needs a look, as its badge says it to a screen reader. */
const DOUBT_NAMES: Record<LineDoubt, string> = {
  name: 'Check: the reader was unsure of this name',
  price: 'Check: the reader was unsure of this price',
  sum: 'Check: this price does not fit the printed total',
  line: 'Check: the reader was unsure of this line',
};

/**
 * "Check" on a line the reader doubted (or whose price breaks the sum to the printed total, as the
 * person's edits leave it), so a person checks those few lines rather than all of them.
 */
function DoubtBadge({ doubt }: { readonly doubt: LineDoubt | undefined }) {
  if (doubt === undefined) return null;
  return (
    <span className="wz-doubt" role="note" aria-label={DOUBT_NAMES[doubt]}>
      Check
    </span>
  );
}

/** A line the reader missed, typed with its name and price; added included, at the end of the list. */
const MISSED_LINE: AddLineWords = {
  id: 'missed',
  legend: 'Add a line the reader missed',
  nameLabel: 'Name of the missed line',
  namePlaceholder: 'Name',
  priceLabel: 'Price of the missed line',
  submit: 'Add line',
  nameNeeded: 'Enter the name of the line.',
};
