// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newLiveBill } from '../../../domain/live-bill/new-live-bill';
import { liveBillToWire } from '../../../src/contracts/live-bill-wire';
import { connectLive, type LiveConnection } from '../../../src/client/live-bill/live-connection';
import { aTableBill, anOpening } from '../../support/live-bills';

/** An EventSource the test speaks through: it records the URLs opened and delivers events by hand. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: 'bill' | 'change', id: number, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) }));
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const made = newLiveBill(aTableBill().build(), anOpening(), 'bill1', new Date('2026-11-25T12:00:00Z'));
if (!made.ok) throw new Error(made.error);
const start = made.value;
const claim = (itemId: string, dinerId: string) => ({ type: 'claim', itemId, unit: 0, dinerId, claimed: true });

describe('a phone’s live copy of the bill, sent as changes', () => {
  let live: LiveConnection;
  const latest = () => FakeEventSource.opened.at(-1)!;

  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    live = connectLive('bill1', 'k'.repeat(22));
  });

  afterEach(() => {
    live.close();
    vi.unstubAllGlobals();
  });

  it('applies each change that follows its version, as the server applied it', () => {
    latest().emit('bill', 0, liveBillToWire(start));
    latest().emit('change', 1, claim('soup', 'ann'));
    latest().emit('change', 2, claim('pizza', 'bob'));
    const bill = live.$state.get().bill!;
    expect(bill.version).toBe(2);
    expect(bill.claims).toEqual([
      { itemId: 'pizza', unit: 0, dinerId: 'bob' },
      { itemId: 'soup', unit: 0, dinerId: 'ann' },
    ]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('asks again from the version it has when it misses a change, and takes the whole bill it is sent', () => {
    latest().emit('bill', 0, liveBillToWire(start));
    latest().emit('change', 1, claim('soup', 'ann'));
    // Version 2 never arrived: version 3 cannot be applied to version 1.
    latest().emit('change', 3, claim('beer', 'cat'));
    expect(live.$state.get().bill!.version).toBe(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toMatch(/[?&]since=1$/);
    const caughtUp = {
      ...liveBillToWire(start),
      version: 3,
      claims: [
        ['beer', 0, 'cat'],
        ['pizza', 0, 'bob'],
        ['soup', 0, 'ann'],
      ] as const,
    };
    latest().emit('bill', 3, caughtUp);
    expect(live.$state.get().bill!.claims).toHaveLength(3);
    latest().emit('change', 4, claim('beer', 'ann'));
    expect(live.$state.get().bill!.version).toBe(4);
  });
});
