import { liveStatusAt, type LiveBill } from '../../../domain/live-bill/live-bill';
import { readOnlyMessage } from '../../../domain/live-bill/messages';
import type { LiveConnection, LiveState } from './live-connection';

/** Whether the bill can still change on this phone: open, and not past its expiry. */
export function isReadOnly(bill: LiveBill): boolean {
  return liveStatusAt(bill, new Date()) !== 'open';
}

/** Why the bill is read-only, whether this phone is connected, and changes not yet saved or refused. */
export function LiveBanners({ state, bill, connection }: { readonly state: LiveState; readonly bill: LiveBill; readonly connection: LiveConnection }) {
  const readOnly = readOnlyMessage(liveStatusAt(bill, new Date()));
  return (
    <>
      {readOnly !== null ? (
        <p className="wz-panel wz-info lv-readonly" role="status">
          {readOnly}
        </p>
      ) : null}
      <p className="lv-connection" role="status" data-state={state.connection}>
        {state.connection === 'live' ? (
          <>
            <span className="lv-dot" aria-hidden="true" /> Live
          </>
        ) : state.connection === 'connecting' ? (
          'Connecting…'
        ) : (
          'Reconnecting… Your taps are kept and sent when you are back online.'
        )}
        {state.pending.length > 0 ? ` ${state.pending.length} ${state.pending.length === 1 ? 'change' : 'changes'} waiting to be sent.` : ''}
      </p>
      {state.failures.map((f) => (
        <div key={f.id} className="wz-panel wz-warning lv-failure" role="alert">
          <p>Not saved: {f.message}</p>
          <button type="button" className="button secondary" onClick={() => connection.dismissFailure(f.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  );
}
