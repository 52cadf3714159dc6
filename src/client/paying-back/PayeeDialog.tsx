import { useState, type FormEvent } from 'react';
import { PAYEE_MESSAGES, parsePayee, type Payee, type PayeeField } from '../../../domain/paying-back/payee';
import { Dialog } from '../ui/Dialog';
import { Button } from '../ui/Button';

interface Props {
  readonly open: boolean;
  readonly payee: Payee | null;
  /** A field the server refused, to show at once. */
  readonly refused?: PayeeField | null;
  readonly onSave: (payee: Payee) => void;
  readonly onClose: () => void;
}

const FIELDS: readonly { readonly field: PayeeField; readonly label: string; readonly hint: string; readonly placeholder: string }[] = [
  { field: 'name', label: 'Your name', hint: 'Who people pay back', placeholder: 'Alex' },
  { field: 'monzo', label: 'Monzo.me username', hint: 'Optional: from monzo.me/username', placeholder: 'alexsmith' },
  { field: 'revolut', label: 'Revolut tag', hint: 'Optional: your @tag', placeholder: 'alexsmith' },
  { field: 'paypal', label: 'PayPal.Me username', hint: 'Optional: from paypal.me/username', placeholder: 'AlexSmith' },
];

/** The organiser's payment details: checked here with the server's own rules, kept on this device. */
export function PayeeDialog({ open, payee, refused = null, onSave, onClose }: Props) {
  const [values, setValues] = useState<Record<PayeeField, string>>({ name: payee?.name ?? '', monzo: payee?.monzo ?? '', revolut: payee?.revolut ?? '', paypal: payee?.paypal ?? '' });
  const [problem, setProblem] = useState<{ field: PayeeField; message: string } | null>(refused ? { field: refused, message: PAYEE_MESSAGES[refused].invalid } : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parsePayee(values);
    if (!parsed.ok) {
      // Into view with its message: on a short phone the field can be scrolled away above Save.
      const input = event.currentTarget.elements.namedItem(parsed.error.field);
      if (input instanceof HTMLInputElement) input.focus();
      return setProblem({ field: parsed.error.field, message: PAYEE_MESSAGES[parsed.error.field][parsed.error.code] });
    }
    setProblem(null);
    onSave(parsed.value);
  };

  return (
    <Dialog open={open} title="Your payment details" onClose={onClose}>
      <p className="wz-note">Kept on this device only, and shown to the people you send a bill to.</p>
      <form className="pb-form" onSubmit={submit} noValidate>
        {FIELDS.map(({ field, label, hint, placeholder }) => (
          <label key={field} className="pb-field">
            <span>{label}</span>
            <span className="wz-note">{hint}</span>
            <input
              className="wz-input"
              name={field}
              value={values[field]}
              placeholder={placeholder}
              autoComplete={field === 'name' ? 'given-name' : 'off'}
              autoCapitalize={field === 'name' ? 'words' : 'none'}
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
