import { useStore } from '../use-store';
import { useEffect, useState } from 'react';
import { meteringClient } from '../scan-credits/metering-client';
import { $metering, tokensHeld } from '../scan-credits/metering-store';
import { BuyTokensDialog } from './BuyTokensDialog';

/** A page of its own for buying tokens: the server's balance for this device, and the Buy Tokens dialog. */
export function BuyTokensPage() {
  const tokens = tokensHeld(useStore($metering));
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void meteringClient().loadUsage();
  }, []);

  return (
    <section aria-label="Tokens">
      <p>
        Tokens: <output aria-label="Token balance">{tokens ?? '—'}</output>
      </p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Buy Tokens
      </button>
      <BuyTokensDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
