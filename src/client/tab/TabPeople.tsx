import { useId, useState } from 'react';
import { TAB_LIMITS } from '../../../domain/tab/tab';
import type { TabViewJson } from '../../contracts/tabs';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Problem } from '../ui/Problem';
import type { TabConnection } from './tab-connection';

const HANDLES = [
  { field: 'monzo', label: 'Monzo.me username' },
  { field: 'revolut', label: 'Revolut tag' },
  { field: 'paypal', label: 'PayPal.Me username' },
  { field: 'iban', label: 'IBAN (bank transfers in euros or koruna)' },
  { field: 'bic', label: 'BIC (optional)' },
  { field: 'upi', label: 'UPI ID (payments in rupees)' },
] as const;

/** The tab's people: adding someone, and this phone's person saying how they want to be paid. */
export function TabPeople({ tab, me, send }: { readonly tab: TabViewJson; readonly me: string | undefined; readonly send: TabConnection['send'] }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    const sent = await send({ type: 'addPerson', name });
    setProblem(sent.ok ? null : (sent.error ?? 'That did not go through. Please try again.'));
    if (sent.ok) setName('');
  };
  const person = tab.people.find((p) => p.id === me);
  return (
    <Card aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>People</h2>
      <ul className="rows">
        {tab.people.map((p) => (
          <li key={p.id} className="tab-person">
            <p className="tab-row">
              <span>{p.name}</span>
              <span className="muted">{p.payTo && Object.values(p.payTo).some((v) => v !== null) ? 'can be paid by link' : 'no pay link yet'}</span>
            </p>
            {p.payToChanged !== null && <p className="muted tab-reason">{p.payToChanged}</p>}
          </li>
        ))}
      </ul>
      <form
        className="tab-add-person"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="field">
          <span>Add someone</span>
          <input
            className="input"
            value={name}
            maxLength={TAB_LIMITS.personName}
            placeholder="Name"
            aria-describedby={problem ? `${ids}-problem` : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <Button type="submit" disabled={name.trim() === ''}>
          Add
        </Button>
      </form>
      <Problem id={`${ids}-problem`} message={problem} />
      {person !== undefined && <PayToForm key={person.id} person={person} send={send} />}
    </Card>
  );
}

function PayToForm({ person, send }: { readonly person: TabViewJson['people'][number]; readonly send: TabConnection['send'] }) {
  const [handles, setHandles] = useState(() => Object.fromEntries(HANDLES.map(({ field }) => [field, person.payTo?.[field] ?? ''])) as Record<(typeof HANDLES)[number]['field'], string>);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    const sent = await send({ type: 'setPayTo', personId: person.id, ...handles });
    setOutcome(sent.ok ? { ok: true, text: 'Saved: your pay links are on the transfers to you.' } : { ok: false, text: sent.error ?? 'That did not go through. Please try again.' });
  };
  return (
    <form
      className="tab-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3>How {person.name} gets paid</h3>
      {HANDLES.map(({ field, label }) => (
        <label key={field} className="field">
          <span>{label}</span>
          <input className="input" value={handles[field]} maxLength={100} autoComplete="off" onChange={(e) => setHandles({ ...handles, [field]: e.currentTarget.value })} />
        </label>
      ))}
      <div className="actions">
        <Button type="submit">Save payment details</Button>
      </div>
      {outcome && (outcome.ok ? <p className="panel success">{outcome.text}</p> : <Problem message={outcome.text} />)}
    </form>
  );
}
