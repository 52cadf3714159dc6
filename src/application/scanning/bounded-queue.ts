/**
 * Runs at most `concurrency` jobs at once with at most `capacity` more admitted and waiting. When it
 * is full a job is refused at once (the caller is told to come back later) instead of piling up
 * until the server falls over. The queue is shared fairly between keys (client addresses): one key
 * holds at most `perKey` places, running or waiting, and a freed slot goes to the waiter whose key
 * has the fewest jobs running, so a flood from one address never keeps another waiting behind it.
 *
 * A place is taken by `admit`, synchronously, before the caller does any other work; the caller
 * then runs its job in it, or gives it up.
 */
export class BoundedQueue {
  private running = 0;
  private places = 0;
  private readonly waiting: { readonly key: string; readonly start: () => void }[] = [];
  private readonly held = new Map<string, { places: number; running: number }>();

  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
    private readonly perKey: number = concurrency + capacity,
  ) {}

  get depth(): number {
    return this.places;
  }

  /** A place in the queue for `key`, or null when the queue or the key's share is full. */
  admit(key: string): Admission | null {
    const mine = this.held.get(key) ?? { places: 0, running: 0 };
    if (this.places >= this.concurrency + this.capacity || mine.places >= this.perKey) return null;
    this.held.set(key, mine);
    mine.places += 1;
    this.places += 1;
    let used = false;
    const leave = () => {
      mine.places -= 1;
      this.places -= 1;
      if (mine.places === 0) this.held.delete(key);
    };
    return {
      run: async <T>(job: () => Promise<T>): Promise<T> => {
        if (used) throw new Error('an admission runs one job');
        used = true;
        if (this.running >= this.concurrency) await new Promise<void>((start) => this.waiting.push({ key, start }));
        else this.running += 1;
        mine.running += 1;
        try {
          return await job();
        } finally {
          mine.running -= 1;
          leave();
          const next = this.nextWaiter();
          // The slot passes straight to the next waiter, so `running` stays the same.
          if (next) next.start();
          else this.running -= 1;
        }
      },
      cancel: () => {
        if (used) return;
        used = true;
        leave();
      },
    };
  }

  /** The earliest waiter among the keys with the fewest jobs running. */
  private nextWaiter() {
    const runningFor = (w: number) => this.held.get(this.waiting[w]!.key)?.running ?? 0;
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) if (best === -1 || runningFor(i) < runningFor(best)) best = i;
    return best === -1 ? undefined : this.waiting.splice(best, 1)[0];
  }
}

/** A place in the queue: run one job in it, or cancel to give it up. */
export interface Admission {
  run<T>(job: () => Promise<T>): Promise<T>;
  cancel(): void;
}
