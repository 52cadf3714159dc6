const HEARTBEAT_MS = 15_000;
const RECONNECT_MS = 1_000;

/** A Server-Sent Events response: events written to it, a heartbeat to keep proxies from closing it, and its end. */
export interface EventStream {
  readonly response: Response;
  write(chunk: string | Uint8Array): void;
  /** Called once when the phone goes away or the stream is closed. */
  onClose(listener: () => void): void;
}

export function eventStream(signal: AbortSignal): EventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  const closers: (() => void)[] = [];
  const write = (chunk: string | Uint8Array) => {
    if (closed || controller === null) return;
    try {
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    } catch {
      close();
    }
  };
  const heartbeat = setInterval(() => write('event: heartbeat\ndata: \n\n'), HEARTBEAT_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of closers) listener();
    try {
      controller?.close();
    } catch {
      // already closed by the other side
    }
  };
  signal.addEventListener('abort', close, { once: true });
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(`retry: ${RECONNECT_MS}\n\n`));
    },
    cancel: close,
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    }),
    write,
    onClose(listener) {
      if (closed) listener();
      else closers.push(listener);
    },
  };
}
