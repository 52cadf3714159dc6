/** One Server-Sent Event as a client sees it. */
export interface ServerEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

export interface EventStreamReader {
  readonly status: number;
  /** Resolves with the first event (seen or still to come) that matches. */
  next(matches: (event: ServerEvent) => boolean): Promise<ServerEvent>;
  readonly events: readonly ServerEvent[];
  close(): void;
}

/**
 * Opens a text/event-stream with fetch and parses it as EventSource does (id, event, data lines).
 * With `onEvent`, events are handed over as they come and not kept (a benchmark's thousands).
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}, onEvent?: (event: ServerEvent) => void): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ServerEvent[] = [];
  const waiters: { matches: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  const heard = (event: ServerEvent) => {
    if (onEvent) return onEvent(event);
    events.push(event);
    for (const w of waiters.filter((w) => w.matches(event))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  };
  if (response.ok && response.body) void pump(response.body, heard).catch(() => undefined);
  return {
    status: response.status,
    events,
    next(matches) {
      const seen = events.find(matches);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ matches, resolve }));
    },
    close: () => abort.abort(),
  };
}

async function pump(body: ReadableStream<Uint8Array>, heard: (event: ServerEvent) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = { id: null as string | null, event: 'message', data: [] as string[] };
      for (const line of block.split('\n')) {
        const at = line.indexOf(':');
        if (at === 0) continue;
        const [name, value] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1).replace(/^ /, '')];
        if (name === 'id') fields.id = value;
        else if (name === 'event') fields.event = value;
        else if (name === 'data') fields.data.push(value);
      }
      if (fields.data.length > 0) heard({ id: fields.id, event: fields.event, data: fields.data.join('\n') });
    }
  }
}
