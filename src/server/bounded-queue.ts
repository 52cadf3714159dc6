/**
 * Runs at most `concurrency` jobs at once with at most `capacity` waiting. When it is full a job
 * is refused at once (the caller answers 429 with Retry-After) instead of piling up until the
 * server falls over. The queue is shared fairly between keys (client addresses): one key holds at
 * most `perKey` places, running or waiting, and a freed slot goes to the waiter whose key has the
 * fewest jobs running, so a flood from one address never keeps another one waiting behind it.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: { readonly key: string; readonly start: () => void }[] = [];
  private readonly held = new Map<string, { running: number; waiting: number }>();

  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
    private readonly perKey: number = concurrency + capacity,
  ) {}

  /** Whether a job offered now by `key` would be accepted. */
  hasRoomFor(key: string): boolean {
    const mine = this.held.get(key);
    if (mine && mine.running + mine.waiting >= this.perKey) return false;
    return this.running < this.concurrency || this.waiting.length < this.capacity;
  }

  get depth(): number {
    return this.running + this.waiting.length;
  }

  /** Runs the job when a slot frees; null (without running it) when the queue or the key's share is full. */
  async run<T>(key: string, job: () => Promise<T>): Promise<{ value: T } | null> {
    if (!this.hasRoomFor(key)) return null;
    const mine = this.held.get(key) ?? { running: 0, waiting: 0 };
    this.held.set(key, mine);
    if (this.running >= this.concurrency) {
      mine.waiting += 1;
      await new Promise<void>((start) => this.waiting.push({ key, start }));
      mine.waiting -= 1;
    } else this.running += 1;
    mine.running += 1;
    try {
      return { value: await job() };
    } finally {
      mine.running -= 1;
      if (mine.running + mine.waiting === 0) this.held.delete(key);
      const next = this.nextWaiter();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next.start();
      else this.running -= 1;
    }
  }

  /** The earliest waiter among the keys with the fewest jobs running. */
  private nextWaiter() {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      const runningFor = (w: number) => this.held.get(this.waiting[w]!.key)?.running ?? 0;
      if (best === -1 || runningFor(i) < runningFor(best)) best = i;
    }
    return best === -1 ? undefined : this.waiting.splice(best, 1)[0];
  }
}
