import type { Clock } from '../../ports/clock';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  constructor(private current: Date = new Date('2026-11-22T12:00:00Z')) {}

  now(): Date {
    return new Date(this.current);
  }

  set(date: Date | string): void {
    this.current = new Date(date);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
