import { liveBillToWire } from '../../contracts/live-bill-wire';
import type { LiveBill, LiveChange } from '../../../domain/live-bill/live-bill';
import { eventStream } from './event-stream';

/**
 * A Server-Sent Events stream of a bill's versions: `id` is the version, so a reconnect says where it
 * was. The next version goes out as a `change` event (the step from the version before, a few dozen
 * bytes); any other as a `bill` event with the whole bill. A phone that finds a change does not
 * follow from its version reconnects, and is sent the whole bill.
 */
export interface BillStream {
  readonly response: Response;
  /** Sends a version newer than the last one sent (older or equal ones are dropped); `change` made it from the one before. */
  send(bill: LiveBill, change?: LiveChange | null): void;
  /** Called once when the phone goes away or the stream is closed. */
  onClose(listener: () => void): void;
}

// Phones watching a bill are sent the same bill or change object, so the same text: made once per
// version, not once per phone. (Once pay-back links are handed out each diner's view is its own object: visibleTo.)
const eventBytes = new WeakMap<object, Uint8Array>();

function bytesOf(key: object, event: () => string): Uint8Array {
  let bytes = eventBytes.get(key);
  if (bytes === undefined) {
    bytes = new TextEncoder().encode(event());
    eventBytes.set(key, bytes);
  }
  return bytes;
}

const billEvent = (bill: LiveBill) => bytesOf(bill, () => `id: ${bill.version}\nevent: bill\ndata: ${JSON.stringify(liveBillToWire(bill))}\n\n`);
const changeEvent = (version: number, change: LiveChange) => bytesOf(change, () => `id: ${version}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`);

export function billStream(lastEventId: number, signal: AbortSignal): BillStream {
  const stream = eventStream(signal);
  let sent = lastEventId;
  return {
    response: stream.response,
    send(bill, change = null) {
      if (bill.version <= sent) return;
      const step = change !== null && bill.version === sent + 1;
      sent = bill.version;
      stream.write(step ? changeEvent(bill.version, change) : billEvent(bill));
    },
    onClose: stream.onClose,
  };
}
