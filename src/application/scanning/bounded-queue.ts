/**
 * Runs at most `concurrency` jobs at once with at most `capacity` waiting. When it is full a job
 * is refused at once (the caller is told to come back later) instead of piling up until the
 * server falls over.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly capacity: number,
  ) {}

  /** Whether a job offered now would be accepted. */
  get hasRoom(): boolean {
    return this.running < this.concurrency || this.waiting.length < this.capacity;
  }

  get depth(): number {
    return this.running + this.waiting.length;
  }

  /** Runs the job when a slot frees; null (without running it) when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.capacity) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return { value: await job() };
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next();
      else this.running -= 1;
    }
  }
}
