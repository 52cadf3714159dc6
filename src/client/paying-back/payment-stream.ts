import { PAYMENT_STATUS_EVENT, repaymentStatus, readPayments, watchPayments, type RepaymentStatusAnswer } from '../../contracts/paying-back';
import { callEndpointWith } from '../call-endpoint';

/** How the organiser's view is being followed: by the stream, or by reading it now and then while the stream is down. */
export type FollowedBy = 'stream' | 'poll';

export interface PaymentFollowOptions {
  /** Its fetch (tests); the window's by default. */
  readonly fetch?: typeof fetch;
  /** While the stream is down, the view is read this often. */
  readonly pollMs?: number;
  /** The first wait before the stream is opened again; it doubles up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** The stream is taken for dead when it has said nothing (not even a heartbeat, every 15 s) for this long. */
  readonly silenceMs?: number;
  /** Told whenever the way of following changes. */
  readonly onFollowedBy?: (by: FollowedBy) => void;
}

/** One Server-Sent Event: its name ('message' when none is given) and its data. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Reads Server-Sent Events from text as it arrives, in pieces cut anywhere: each call takes the next
 * piece and answers the events it completes (comments, ids and retries are not needed here).
 */
export function serverSentEvents(): (piece: string) => ServerSentEvent[] {
  let buffer = '';
  return (piece) => {
    buffer += piece.replaceAll('\r\n', '\n');
    const events: ServerSentEvent[] = [];
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const [field, value] = colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}

/**
 * Follows the organiser's view of who has paid on a stored bill: a stream the server writes to after
 * every change (a diner's "I've paid" shows within a moment), read with fetch so the organiser's
 * secret travels in a header, never in the address. While the stream is down (refused, cut, silent)
 * the view is read every `pollMs` instead, and the stream is tried again after a growing wait. An
 * unknown bill or a wrong secret stops both. Answers the function that stops following.
 */
export function followPayments(receiptId: string, organiserSecret: string, onStatus: (status: RepaymentStatusAnswer) => void, options: PaymentFollowOptions = {}): () => void {
  const send: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const { pollMs = 10_000, retryMs = 2_000, maxRetryMs = 30_000, silenceMs = 45_000 } = options;
  let stopped = false;
  let streaming: AbortController | null = null;
  let live = false;
  let wait = retryMs;
  let lastHeard = Date.now();
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let followedBy: FollowedBy | null = null;
  const say = (by: FollowedBy) => {
    if (by !== followedBy) options.onFollowedBy?.((followedBy = by));
  };

  const read = async () => {
    const status = await callEndpointWith({ fetch: send }, readPayments, [receiptId, organiserSecret]);
    if (stopped) return;
    if (status.ok) onStatus(status.value);
    else if (status.code === 'bill_not_found' || status.code === 'not_organiser') stop();
  };
  const startPolling = () => {
    say('poll');
    poll ??= setInterval(() => document.visibilityState === 'visible' && void read(), pollMs);
  };
  const stopPolling = () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };
  /** The stream is down: read now and then until it is back, and try it again after a while. */
  const fallBack = () => {
    if (stopped) return;
    live = false;
    streaming?.abort();
    streaming = null;
    startPolling();
    void read();
    if (retry === null) {
      retry = setTimeout(() => {
        retry = null;
        open();
      }, wait);
      wait = Math.min(wait * 2, maxRetryMs);
    }
  };

  const open = () => {
    if (stopped || !navigator.onLine) return;
    streaming?.abort();
    const controller = new AbortController();
    streaming = controller;
    lastHeard = Date.now();
    void (async () => {
      let response: Response;
      try {
        response = await send(watchPayments.path(receiptId, organiserSecret), {
          headers: { ...watchPayments.headers(receiptId, organiserSecret), accept: 'text/event-stream' },
          signal: controller.signal,
          cache: 'no-store',
        });
      } catch {
        if (streaming === controller) fallBack();
        return;
      }
      if (streaming !== controller) return;
      if (response.status === 404 || response.status === 403) {
        // The bill is gone or the secret is not the organiser's: reading it would be refused too.
        await response.body?.cancel().catch(() => undefined);
        return stop();
      }
      if (!response.ok || response.body === null) {
        await response.body?.cancel().catch(() => undefined);
        return fallBack();
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const events = serverSentEvents();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || streaming !== controller) break;
          lastHeard = Date.now();
          for (const { event, data } of events(decoder.decode(value, { stream: true }))) {
            if (event !== PAYMENT_STATUS_EVENT) continue;
            const parsed = repaymentStatus.safeParse(parseJson(data));
            if (!parsed.success) continue;
            // The stream has spoken: no more reading now and then, and a later drop starts from the shortest wait.
            live = true;
            wait = retryMs;
            stopPolling();
            say('stream');
            onStatus(parsed.data);
          }
        }
      } catch {
        // Cut (the network, the server going away, our own abort): handled below.
      }
      if (streaming === controller) fallBack();
    })();
  };

  // A stream that died without a word (a phone changing networks) is noticed by its missing heartbeats.
  const watchdog = setInterval(() => {
    if (live && Date.now() - lastHeard > silenceMs) fallBack();
  }, silenceMs / 3);
  // Coming back to the page: read at once (a phone may have held the stream while asleep), and open it again if it is down.
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || stopped) return;
    void read();
    if (!live) {
      if (retry !== null) clearTimeout(retry);
      retry = null;
      open();
    }
  };
  const onOnline = () => onVisible();
  const onOffline = () => {
    live = false;
    streaming?.abort();
    streaming = null;
    startPolling();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  function stop() {
    stopped = true;
    streaming?.abort();
    streaming = null;
    stopPolling();
    if (retry !== null) clearTimeout(retry);
    clearInterval(watchdog);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  }

  if (navigator.onLine) open();
  else onOffline();
  return stop;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
