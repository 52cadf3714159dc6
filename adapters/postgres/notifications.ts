/** LISTEN on one channel; `onResync` runs after a lost connection is back, since notifications sent meanwhile are gone. */
export interface NotificationSource {
  listen(channel: string, onPayload: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;
}

const sources = new WeakMap<object, NotificationSource>();

/** connectDatabase records, next to each database it opens, where its notifications can be heard. */
export function registerNotificationSource(db: object, source: NotificationSource): void {
  sources.set(db, source);
}

export function notificationSourceOf(db: object): NotificationSource {
  const source = sources.get(db);
  if (source === undefined) throw new Error('this database was not opened by connectDatabase');
  return source;
}

interface ListeningClient {
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: () => void): unknown;
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

/**
 * A real Postgres: a connection of its own (never one of the pool's, which come and go), reopened
 * with a growing pause when it drops; every reopening asks the subscribers to resync.
 */
export function pgNotificationSource(connect: () => ListeningClient): NotificationSource {
  return {
    async listen(channel, onPayload, onResync) {
      let closed = false;
      let client: ListeningClient | null = null;
      let pause = 100;
      const open = async (): Promise<void> => {
        const next = connect();
        next.on('notification', (m) => m.channel === channel && m.payload !== undefined && onPayload(m.payload));
        let dropped = false;
        const reopen = () => {
          if (dropped || closed) return;
          dropped = true;
          setTimeout(() => void open().then(onResync, () => reopen()), pause).unref();
          pause = Math.min(pause * 2, 5000);
        };
        next.on('error', reopen);
        next.on('end', reopen);
        try {
          await next.connect();
          await next.query(`LISTEN ${quoteIdentifier(channel)}`);
        } catch (error) {
          reopen();
          throw error;
        }
        client = next;
        pause = 100;
      };
      await open();
      return async () => {
        closed = true;
        await client?.end().catch(() => undefined);
      };
    },
  };
}

/** PGlite runs in this process, so its notifications never drop. */
export function pgliteNotificationSource(pglite: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> }): NotificationSource {
  return {
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
