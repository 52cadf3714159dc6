import { useEffect, useState } from 'react';
import { parseDinerShareData, type DinerShareData } from '../../../domain/sharing/bill-view';
import { DinerBillError, DinerBillScreen } from './DinerBillScreen';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; data: DinerShareData };

/** /app/diner: the diner breakdown the link handler left in session storage (seed 001 §4). */
export function DinerFromSession() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    try {
      const raw = sessionStorage.getItem('sharedDinerData');
      if (raw === null) return setState({ kind: 'error', message: 'No diner data found' });
      const data = parseDinerShareData(JSON.parse(raw));
      setState(data === null ? { kind: 'error', message: 'Invalid or missing diner data' } : { kind: 'loaded', data });
    } catch (e) {
      console.error('diner breakdown failed', e);
      setState({ kind: 'error', message: 'Failed to load diner breakdown' });
    }
  }, []);
  if (state.kind === 'loading') return <p className="share">Loading your bill breakdown...</p>;
  if (state.kind === 'error') return <DinerBillError message={state.message} />;
  return <DinerBillScreen data={state.data} />;
}
