import type { FocusEventHandler } from 'react';
import { currencySign, minorDigits, minorToMajorText, type CurrencyCode } from '../../../domain/currency';

interface MoneyInputProps {
  /** The amount as typed in the bill's currency ("12.50", "1200"); the caller parses it (domain/price-input.ts). */
  readonly value: string;
  readonly onValueChange: (text: string) => void;
  /** Its sign is shown before the field, and the placeholder has its decimals. */
  readonly currency: CurrencyCode;
  /** The accessible name, unless a <label htmlFor={id}> gives one. */
  readonly label?: string;
  readonly id?: string;
  readonly onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The id of a message saying what is wrong with the typed text; the field is marked invalid while it is set. */
  readonly problemId?: string | undefined;
}

/**
 * The one money field: the currency's sign and a decimal keypad (a numeric one for a currency
 * without decimals). It is text, not type="number", so a pasted "£12.50" or "1,200" reaches the
 * parser instead of being emptied by the browser.
 */
export function MoneyInput({ value, onValueChange, currency, label, id, onBlur, problemId }: MoneyInputProps) {
  const whole = minorDigits(currency) === 0;
  return (
    <span className="money-input">
      <span aria-hidden="true">{currencySign(currency)}</span>
      <input
        id={id}
        className="input"
        type="text"
        inputMode={whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={minorToMajorText(0, currency)}
        aria-label={label}
        aria-invalid={problemId !== undefined}
        aria-describedby={problemId}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
    </span>
  );
}
