import { useState } from 'react';
import { parseDinerShareData, type DinerShareData } from '../../../domain/sharing/packet-view';
import { DinerBillError, DinerBillScreen } from './DinerBillScreen';

type State = { kind: 'error'; message: string } | { kind: 'loaded'; data: DinerShareData };

/** /app/diner: the diner breakdown the link handler left in session storage; rendered in the browser only. */
export function DinerFromSession() {
  const [state] = useState(readSharedDiner);
  if (state.kind === 'error') return <DinerBillError message={state.message} />;
  return <DinerBillScreen data={state.data} />;
}

function readSharedDiner(): State {
  try {
    const raw = sessionStorage.getItem('sharedDinerData');
    if (raw === null) return { kind: 'error', message: 'No diner data found' };
    const data = parseDinerShareData(JSON.parse(raw));
    return data === null ? { kind: 'error', message: 'Invalid or missing diner data' } : { kind: 'loaded', data };
  } catch (e) {
    console.error('diner breakdown failed', e);
    return { kind: 'error', message: 'Failed to load diner breakdown' };
  }
}
