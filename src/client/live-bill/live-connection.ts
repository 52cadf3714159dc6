import { atom, type ReadableAtom } from 'nanostores';
import { applyLive, type LiveBill, type LiveChange, type LiveCommand, type LiveRequest } from '../../../domain/live-bill/live-bill';
import { liveCommand, liveStreamEvents, type LiveRefusal } from '../../contracts/live-bills';
import { liveBillFromWire, type LiveBillWire } from '../../contracts/live-bill-wire';
import type { z } from '../../contracts/zod';
import { refusalOf } from '../../contracts/endpoint';
import { callEndpoint, type Called } from '../call-endpoint';
import { OFFLINE_MESSAGES } from '../online';

/** What a phone sends through its connection (the organiser's hand-out goes its own way). */
export type PhoneRequest = Exclude<LiveRequest, { readonly type: 'handOut' }>;

/** A change waiting to reach the server: kept across reloads, sent in order when there is a connection. */
export interface PendingChange {
  readonly id: string;
  readonly key: string;
  readonly command: PhoneRequest;
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

/** The server's answer to a change sent now: the bill as this key sees it (and the key of a seat just taken), or why not, with a text to show. */
export type SentNow =
  | {
      readonly ok: true;
      readonly bill: LiveBill;
      readonly joined?: { readonly dinerId: string; readonly dinerKey: string };
      /** After asking for a seat held on another phone: the key this phone holds it with once the organiser lets it in. */
      readonly asked?: { readonly dinerId: string; readonly askId: string; readonly dinerKey: string };
    }
  | { readonly ok: false; readonly code: string; readonly error: string };

export interface LiveState {
  /** The server's latest version: the truth every phone converges to. */
  readonly bill: LiveBill | null;
  readonly pending: readonly PendingChange[];
  readonly connection: ConnectionState;
  /** Changes the server refused, shown until dismissed. */
  readonly failures: readonly { readonly id: string; readonly message: string }[];
  /** The stream was refused (unknown bill or key, too many connections): why, from the server. */
  readonly refused: { readonly code: string; readonly message: string } | null;
}

export interface LiveConnection {
  readonly $state: ReadableAtom<LiveState>;
  /** Queues a change and sends it as soon as it can; a claim shows at once. */
  queue(key: string, command: PhoneRequest): void;
  /** Sends a change now and answers the server's reply (joining, locking: things that must not wait). */
  sendNow(key: string, command: PhoneRequest): Promise<SentNow>;
  /**
   * Watches with another key from now on: a phone that has joined watches as its diner (and so is
   * sent its own pay-back link), one that was removed as the table again. The bill is sent afresh.
   */
  watchAs(key: string): void;
  dismissFailure(id: string): void;
  close(): void;
}

const RETRY_MS = 3000;
// Three missed heartbeats (the server sends one every 15 s).
const SILENCE_MS = 45_000;

/**
 * One phone's live copy of a bill: a Server-Sent Events stream (the browser reconnects by itself
 * and says which version it has, so it is sent what it missed) and a queue of changes stored on the
 * device, sent when the connection allows. Claims are set, not toggled, so sending one twice is harmless.
 * Each version comes as the change that made it; a phone that finds it missed one opens the stream
 * again from the version it has, and is sent the whole bill.
 */
export function connectLive(billId: string, initialKey: string): LiveConnection {
  const queueKey = `whos-paying:live-queue:${billId}`;
  const $state = atom<LiveState>({ bill: null, pending: readQueue(queueKey), connection: 'connecting', failures: [], refused: null });
  const set = (change: Partial<LiveState>) => {
    $state.set({ ...$state.get(), ...change });
    if ('pending' in change) localStorage.setItem(queueKey, JSON.stringify(change.pending));
  };
  // After watchAs, the same version as another key sees it replaces this phone's copy once.
  let retake = false;
  /** Applies the step to `version` as the server did; false when this phone's copy is not the version just before. */
  const applyStep = (version: number, change: LiveChange): boolean => {
    const current = $state.get().bill;
    if (current !== null && version <= current.version) return true;
    if (current === null || version !== current.version + 1 || retake) return false;
    set({ bill: applyLive(current, change) });
    return true;
  };
  const accept = (bill: LiveBill) => {
    const current = $state.get().bill;
    if ((current !== null && bill.version < current.version) || (current !== null && bill.version === current.version && !retake)) return;
    retake = false;
    set({ bill });
  };

  let streamKey = initialKey;
  const streamUrl = () => `/api/live-bills/${encodeURIComponent(billId)}/events?key=${encodeURIComponent(streamKey)}`;
  let source: EventSource | null = null;
  let closed = false;
  let lastHeard = Date.now();
  const open = (afresh = false) => {
    source?.close();
    // A new EventSource forgets the last event id, so say which version this phone has.
    const since = afresh ? undefined : $state.get().bill?.version;
    const url = streamUrl();
    source = new EventSource(since === undefined ? url : `${url}&since=${since}`);
    lastHeard = Date.now();
    source.addEventListener('bill', (e) => {
      lastHeard = Date.now();
      const bill = streamed(liveStreamEvents.bill, (e as MessageEvent<string>).data);
      if (bill !== null) accept(liveBillFromWire(bill));
    });
    source.addEventListener('change', (e) => {
      lastHeard = Date.now();
      const event = e as MessageEvent<string>;
      // A change this phone cannot read, or not the next one, and it takes the whole bill again.
      const change = streamed(liveStreamEvents.change, event.data);
      if (change === null || !applyStep(Number(event.lastEventId), change)) open(retake);
    });
    source.addEventListener('heartbeat', () => (lastHeard = Date.now()));
    source.addEventListener('open', () => {
      lastHeard = Date.now();
      set({ connection: 'live' });
      void flush();
    });
    source.addEventListener('error', () => {
      if (source?.readyState === EventSource.CLOSED) void refusedOrRetry();
      else set({ connection: 'reconnecting' });
    });
  };
  // The device knows before the stream does: stop at once when it goes offline, start again when back.
  const onOffline = () => {
    source?.close();
    set({ connection: 'reconnecting' });
  };
  const onOnline = () => {
    if (closed) return;
    open();
    void flush();
  };
  // A connection that died without a word (a phone changing networks) is noticed by the missing heartbeats.
  const watchdog = setInterval(() => {
    if (!closed && navigator.onLine && Date.now() - lastHeard > SILENCE_MS) open();
  }, SILENCE_MS / 3);
  // The browser gives up on an HTTP error; ask once what it was, else try again shortly.
  const refusedOrRetry = async () => {
    set({ connection: 'reconnecting' });
    const probe = new AbortController();
    const answer = await fetch(streamUrl(), { signal: probe.signal }).catch(() => null);
    if (closed) return;
    if (answer !== null && !answer.ok) {
      const refusal = refusalOf(liveCommand.refusals, await answer.json().catch(() => null));
      set({ refused: refusal !== null ? { code: refusal.code, message: refusal.error } : { code: String(answer.status), message: 'This live bill cannot be opened' } });
      if (answer.status === 404) return;
    } else probe.abort();
    setTimeout(() => !closed && navigator.onLine && open(), RETRY_MS);
  };

  let sending = false;
  const flush = async (): Promise<void> => {
    if (sending || closed) return;
    sending = true;
    try {
      for (let next = $state.get().pending[0]; next !== undefined; next = $state.get().pending[0]) {
        const answer = await post(billId, next.key, next.command);
        // Not taken yet (no answer, a passing fault, the server's queue full): the change stays and goes again shortly.
        if (!answer.ok && NOT_TAKEN_YET.has(answer.code)) {
          setTimeout(() => void flush(), RETRY_MS);
          return;
        }
        const rest = $state.get().pending.filter((p) => p.id !== next!.id);
        if (answer.ok) {
          set({ pending: rest });
          accept(liveBillFromWire(answer.value.bill));
        } else set({ pending: rest, failures: [...$state.get().failures, { id: next.id, message: answer.error ?? UNEXPECTED_TEXT }] });
      }
    } finally {
      sending = false;
    }
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (navigator.onLine) open();
  else set({ connection: 'reconnecting' });

  return {
    $state,
    queue(key, command) {
      // A later tap on the same unit replaces an earlier one still waiting: the last choice wins.
      const pending = $state.get().pending.filter((p) => !sameClaim(p.command, command));
      set({ pending: [...pending, { id: crypto.randomUUID(), key, command }] });
      void flush();
    },
    async sendNow(key, command) {
      const answer = await post(billId, key, command);
      if (!answer.ok) return { ok: false, code: answer.code, error: answer.error ?? (answer.code === 'offline' ? OFFLINE_MESSAGES.liveChange : UNEXPECTED_TEXT) };
      const bill = liveBillFromWire(answer.value.bill);
      accept(bill);
      return { ok: true, ...answer.value, bill };
    },
    watchAs(key) {
      if (key === streamKey || closed) return;
      streamKey = key;
      retake = true;
      set({ refused: null });
      // What another key may see differs (its own pay-back link), even at the same version: start afresh.
      if (navigator.onLine) open(true);
    },
    dismissFailure(id) {
      set({ failures: $state.get().failures.filter((f) => f.id !== id) });
    },
    close() {
      closed = true;
      source?.close();
      clearInterval(watchdog);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    },
  };
}

/** The bill as this phone shows it: the server's version with its own claims still on their way. */
export function shownBill(state: LiveState): LiveBill | null {
  if (state.bill === null) return null;
  return state.pending.reduce((bill, p) => (p.command.type === 'claim' ? applyLive(bill, p.command as LiveCommand) : bill), state.bill);
}

function post(billId: string, key: string, command: PhoneRequest): Promise<Called<{ readonly bill: LiveBillWire }, LiveRefusal>> {
  return callEndpoint(liveCommand, [billId], { key, command });
}

// A fault on the server's side (503 while the database restarts) is retried like a lost connection.
const NOT_TAKEN_YET: ReadonlySet<string> = new Set(['offline', 'unavailable', 'busy']);
const UNEXPECTED_TEXT = 'Could not save this change';

function sameClaim(a: PhoneRequest, b: PhoneRequest): boolean {
  return a.type === 'claim' && b.type === 'claim' && a.itemId === b.itemId && a.unit === b.unit && a.dinerId === b.dinerId;
}

function readQueue(key: string): PendingChange[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? (stored as PendingChange[]) : [];
  } catch {
    return [];
  }
}

/** An event's data as its contract says, or null for anything else (not JSON, another shape). */
function streamed<S extends z.ZodMiniType>(schema: S, data: string): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? (parsed.data as z.output<S>) : null;
  } catch {
    return null;
  }
}
