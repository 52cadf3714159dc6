import { useState } from 'react';
import { currencyChoices, currencyCode, currencySign, type CurrencyCode } from '../../../domain/currency';
import { recentCurrencies } from '../bill/recent-currencies';

/** The bill's currency: this device's recent ones first, then a short list of common ones. */
export function CurrencyPicker({ id, currency, onChange }: { readonly id: string; readonly currency: CurrencyCode; readonly onChange: (currency: CurrencyCode) => void }) {
  // Read once: the list should not reorder under the person's finger as they choose.
  const [recent] = useState(recentCurrencies);
  const choices = currencyChoices([currency, ...recent]);
  return (
    <div className="field wz-currency">
      <label htmlFor={id}>Currency</label>
      <select
        id={id}
        className="input"
        value={currency}
        onChange={(e) => {
          const chosen = currencyCode(e.currentTarget.value);
          if (chosen !== null) onChange(chosen);
        }}
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {c} ({currencySign(c)})
          </option>
        ))}
      </select>
    </div>
  );
}
