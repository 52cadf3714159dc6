import { useState, type RefObject } from 'react';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
import type { Result } from '../../../domain/result';
import { priceTooHighText, type ItemPriceProblem } from '../../../domain/price-input';
import { Button } from '../ui/Button';
import { MoneyInput } from '../ui/MoneyInput';
import { Problem } from '../ui/Problem';

/** What one of the wizard's add-a-line forms says: its legend, field labels, button and the name it asks for. */
export interface AddLineWords {
  readonly id: string;
  readonly legend: string;
  readonly nameLabel: string;
  readonly namePlaceholder: string;
  readonly priceLabel: string;
  readonly submit: string;
  readonly nameNeeded: string;
}

/**
 * A name and a price, added by `add` (the line's rules are the domain's); cleared once added, the
 * problem said under the fields otherwise. The price is the caller's, so it can offer one.
 */
export function AddLineForm(props: {
  readonly words: AddLineWords;
  readonly currency: CurrencyCode;
  readonly price: string;
  readonly onPriceChange: (text: string) => void;
  readonly add: (name: string, price: string) => Result<unknown, 'name needed' | ItemPriceProblem>;
  readonly nameInput?: RefObject<HTMLInputElement | null>;
}) {
  const { words, currency, price, onPriceChange, add, nameInput } = props;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${words.id}-problem`;
  return (
    <form
      className="wz-add-item"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const added = add(name, price);
        if (added.ok) {
          setName('');
          onPriceChange('');
          setProblem(null);
        } else setProblem(added.error === 'name needed' ? words.nameNeeded : added.error === 'price too high' ? priceTooHighText(currency) : `Enter a price greater than ${formatMoney(0, currency)}.`);
      }}
    >
      <fieldset>
        <legend>{words.legend}</legend>
        <div className="wz-inline-form">
          <label className="wz-visually-hidden" htmlFor={`${words.id}-name`}>
            {words.nameLabel}
          </label>
          <input
            ref={nameInput}
            id={`${words.id}-name`}
            className="wz-input"
            type="text"
            placeholder={words.namePlaceholder}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <label className="wz-visually-hidden" htmlFor={`${words.id}-price`}>
            {words.priceLabel}
          </label>
          <MoneyInput currency={currency} id={`${words.id}-price`} value={price} onValueChange={onPriceChange} problemId={problem === null ? undefined : problemId} />
          <Button type="submit">{words.submit}</Button>
        </div>
        <Problem id={problemId} message={problem} />
      </fieldset>
    </form>
  );
}
