import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $tokenBalance } from './api';
import { BuyTokensDialog } from './BuyTokensDialog';

// INTEGRATION POINT: the wizard and the ledger own the device's anonymous identity; this page keeps
// its own under the same kind of key until one shared module exists.
const ID_KEY = 'whos-paying:anonymous-id';

function deviceId(): string {
  const existing = localStorage.getItem(ID_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  localStorage.setItem(ID_KEY, created);
  return created;
}

/** A page of its own for buying tokens: the balance, and the Buy Tokens dialog. */
export function BuyTokensPage() {
  const balance = useStore($tokenBalance);
  const [id, setId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const anonymousUserId = deviceId();
    setId(anonymousUserId);
    fetch('/functions/v1/get-token-balance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ anonymousUserId }) })
      .then((r) => (r.ok ? (r.json() as Promise<{ tokenBalance?: { totalTokens?: number } }>) : null))
      .then((body) => {
        const total = body?.tokenBalance?.totalTokens;
        if (typeof total === 'number' && $tokenBalance.get() === null) $tokenBalance.set(total);
      })
      .catch(() => undefined);
  }, []);

  return (
    <section aria-label="Tokens">
      <p>
        Tokens: <output aria-label="Token balance">{balance ?? '—'}</output>
      </p>
      <button type="button" disabled={id === null} onClick={() => setOpen(true)}>
        Buy Tokens
      </button>
      {id && <BuyTokensDialog open={open} anonymousUserId={id} onClose={() => setOpen(false)} />}
    </section>
  );
}
