import type { FocusEventHandler } from 'react';

interface MoneyInputProps {
  /** The amount as typed, in pounds ("12.50"); the caller parses it (domain/price-input.ts or poundsToPence). */
  readonly value: string;
  readonly onValueChange: (text: string) => void;
  /** The accessible name, unless a <label htmlFor={id}> gives one. */
  readonly label?: string;
  readonly id?: string;
  readonly onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The id of a message saying what is wrong with the typed text; the field is marked invalid while it is set. */
  readonly problemId?: string | undefined;
}

/**
 * The one money field: a £ sign and a decimal keypad. It is text, not type="number", so a pasted
 * "£12.50" or "1,200" reaches the parser instead of being emptied by the browser.
 */
export function MoneyInput({ value, onValueChange, label, id, onBlur, problemId }: MoneyInputProps) {
  return (
    <span className="money-input">
      <span aria-hidden="true">£</span>
      <input
        id={id}
        className="input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
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
