import { useEffect, useRef, useState, type FormEvent } from 'react';
import { parsePayee, type Payee, type PayeeField } from '../../../domain/paying-back/payee';
import { Dialog } from '../ui/Dialog';
import { Button } from '../ui/Button';
import type { PayeeRefusal } from './problem';

interface Props {
  readonly open: boolean;
  readonly payee: Payee | null;
  /** A detail the server refused, with its words, to show at once. */
  readonly refused?: PayeeRefusal | null;
  readonly onSave: (payee: Payee) => void;
  readonly onClose: () => void;
}

interface Field {
  readonly field: PayeeField;
  readonly label: string;
  readonly hint: string;
  readonly placeholder: string;
  readonly autoComplete?: string;
}

const FIELDS: readonly Field[] = [
  { field: 'name', label: 'Your name', hint: 'Who people pay back', placeholder: 'Alex', autoComplete: 'given-name' },
  { field: 'monzo', label: 'Monzo.me username', hint: 'Optional: from monzo.me/username', placeholder: 'alexsmith' },
  { field: 'revolut', label: 'Revolut tag', hint: 'Optional: your @tag', placeholder: 'alexsmith' },
  { field: 'paypal', label: 'PayPal.Me username', hint: 'Optional: from paypal.me/username', placeholder: 'AlexSmith' },
  { field: 'iban', label: 'IBAN', hint: 'Optional: euro and koruna bills get a bank-transfer code to scan', placeholder: 'DE89 3704 0044 0532 0130 00' },
  { field: 'bic', label: 'BIC', hint: 'Optional: your bank’s BIC (SWIFT code), if it asks for one', placeholder: 'DEUTDEFF' },
  { field: 'upi', label: 'UPI ID', hint: 'Optional: for rupee bills, such as name@okaxis', placeholder: 'alex@okaxis' },
];

const EMPTY: Record<PayeeField, string> = { name: '', monzo: '', revolut: '', paypal: '', iban: '', bic: '', upi: '' };

/** The organiser's payment details: checked here with the server's own rules, kept on this device. */
export function PayeeDialog({ open, payee, refused = null, onSave, onClose }: Props) {
  const [values, setValues] = useState<Record<PayeeField, string>>(() => ({ ...EMPTY, ...Object.fromEntries(Object.entries(payee ?? {}).map(([k, v]) => [k, v ?? ''])) }));
  const [problem, setProblem] = useState<PayeeRefusal | null>(refused);
  const form = useRef<HTMLFormElement>(null);

  // The field at fault takes focus, with its message, whether this device or the server found it:
  // on a short phone it can be scrolled away above Save.
  const focus = (field: PayeeField) => {
    const input = form.current?.elements.namedItem(field);
    if (input instanceof HTMLInputElement) input.focus();
  };
  useEffect(() => {
    if (refused !== null) focus(refused.field);
  }, [refused]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parsePayee(values);
    if (!parsed.ok) {
      focus(parsed.error.field);
      return setProblem({ field: parsed.error.field, message: parsed.error.message });
    }
    setProblem(null);
    onSave(parsed.value);
  };

  return (
    <Dialog open={open} title="Your payment details" onClose={onClose}>
      <p className="wz-note">Kept on this device only, and shown to the people you send a bill to.</p>
      <form ref={form} className="pb-form" onSubmit={submit} noValidate>
        {FIELDS.map(({ field, label, hint, placeholder, autoComplete }) => (
          <label key={field} className="pb-field">
            <span>{label}</span>
            <span className="wz-note">{hint}</span>
            <input
              className="wz-input"
              name={field}
              value={values[field]}
              placeholder={placeholder}
              autoComplete={autoComplete ?? 'off'}
              autoCapitalize={field === 'name' ? 'words' : field === 'iban' || field === 'bic' ? 'characters' : 'none'}
              spellCheck={field === 'name'}
              aria-invalid={problem?.field === field}
              aria-describedby={problem?.field === field ? `payee-${field}-problem` : undefined}
              onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
            />
            {problem?.field === field ? (
              <span id={`payee-${field}-problem`} className="wz-error" role="alert">
                {problem.message}
              </span>
            ) : null}
          </label>
        ))}
        <div className="wz-actions wz-end">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Save details
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
