import { minorUnits } from '../../domain/money';
import type { DinerRepayment } from '../../domain/paying-back/repayments';
import { err, ok, type Result } from '../../domain/result';
import type { StoredBill } from '../../domain/paying-back/stored-bill';
import type { BillAccess, BillGone, DecideBillChange, HeldBill, OpenedDiner, StoredBillChange, StoredBillEvents, StoredBills } from '../../ports/stored-bills';

interface Held {
  stored: StoredBill;
  organiserSecretHash: string | null;
  expiresAt: Date | null;
  /** Capability hash by diner id. */
  capabilities: Map<string, string>;
  payments: Map<string, DinerRepayment>;
}

/**
 * StoredBills in memory for tests, refusing what the database's constraints refuse. A change reads,
 * decides and writes with no await between, so it is as atomic as the database's locked transaction.
 * Its watchers are told of each change once it is made, as the database's NOTIFY tells them on commit.
 */
export class MemoryStoredBills implements StoredBills, StoredBillEvents {
  private readonly bills = new Map<string, Held>();
  private readonly watchers = new Map<string, Set<() => void>>();

  async create(stored: StoredBill, access: BillAccess): Promise<void> {
    if (this.bills.has(stored.id)) throw new Error(`bill ${stored.id} already exists`);
    assignedToItsDiners(stored);
    this.bills.set(stored.id, {
      stored: structuredClone(stored),
      organiserSecretHash: access.organiserSecretHash,
      expiresAt: access.expiresAt,
      capabilities: new Map(access.dinerCapabilityHashes),
      payments: new Map(),
    });
  }

  async change<E>(receiptId: string, now: Date, decide: DecideBillChange<E>): Promise<Result<HeldBill, E | BillGone>> {
    const held = this.bills.get(receiptId);
    if (held === undefined || expired(held, now)) return err({ code: 'bill_not_found' as const });
    const decided = decide(snapshot(held));
    if (!decided.ok) return decided;
    apply(held, decided.value);
    for (const onChange of [...(this.watchers.get(receiptId) ?? [])]) {
      try {
        onChange();
      } catch {
        // As the Postgres events: one watcher failing never fails the change or the others.
      }
    }
    return ok(snapshot(held));
  }

  async subscribe(receiptId: string, onChange: () => void): Promise<() => void> {
    const set = this.watchers.get(receiptId) ?? new Set();
    set.add(onChange);
    this.watchers.set(receiptId, set);
    return () => void set.delete(onChange);
  }

  async find(receiptId: string, now: Date) {
    const held = this.bills.get(receiptId);
    if (held === undefined || expired(held, now)) return null;
    return { stored: structuredClone(held.stored), organiserSecretHash: held.organiserSecretHash, expiresAt: held.expiresAt };
  }

  async dinerFor(receiptId: string, key: { readonly capabilityHash: string; readonly plainId: string }): Promise<OpenedDiner | null> {
    const held = this.bills.get(receiptId);
    if (held === undefined) return null;
    const byCapability = held.stored.bill.diners.find((d) => held.capabilities.get(d.id) === key.capabilityHash);
    if (byCapability !== undefined) return { dinerId: byCapability.id, byCapability: true };
    const byId = held.stored.bill.diners.find((d) => d.id === key.plainId);
    return byId === undefined ? null : { dinerId: byId.id, byCapability: false };
  }

  async payments(receiptId: string): Promise<DinerRepayment[]> {
    return [...(this.bills.get(receiptId)?.payments.values() ?? [])];
  }
}

const expired = (held: Held, now: Date) => held.expiresAt !== null && held.expiresAt <= now;

function snapshot(held: Held): HeldBill {
  return { stored: structuredClone(held.stored), organiserSecretHash: held.organiserSecretHash, expiresAt: held.expiresAt, payments: [...held.payments.values()] };
}

function apply(held: Held, change: StoredBillChange): void {
  switch (change.type) {
    case 'replace':
      return replace(held, change.stored, change.access);
    case 'markPaid': {
      // The diner_payments foreign key refuses a mark for someone not on the bill.
      if (!held.stored.bill.diners.some((d) => d.id === change.dinerId)) throw new Error(`no diner ${change.dinerId} on bill ${held.stored.id}`);
      const marked = held.payments.get(change.dinerId);
      if (marked !== undefined && (marked.amountPence ?? -1) >= change.amountPence) return;
      held.payments.set(change.dinerId, { dinerId: change.dinerId, paidBy: change.by, paidAt: change.at, amountPence: minorUnits(change.amountPence) });
      return;
    }
    case 'markUnpaid':
      held.payments.delete(change.dinerId);
      return;
  }
}

function replace(held: Held, stored: StoredBill, access: BillAccess): void {
  assignedToItsDiners(stored);
  const kept = new Set(stored.bill.diners.map((d) => d.id));
  for (const id of [...held.capabilities.keys(), ...held.payments.keys()]) {
    if (!kept.has(id)) {
      held.capabilities.delete(id);
      held.payments.delete(id);
    }
  }
  for (const [id, hash] of access.dinerCapabilityHashes) held.capabilities.set(id, hash);
  held.stored = structuredClone(stored);
  held.expiresAt = access.expiresAt;
}

/** An item shared by someone not at the table is refused, as the assignments' foreign key refuses it. */
function assignedToItsDiners({ bill }: StoredBill): void {
  const diners = new Set(bill.diners.map((d) => d.id));
  for (const item of bill.items) {
    for (const id of item.assignedTo) if (!diners.has(id)) throw new Error(`item ${item.id} is assigned to ${id}, who is not on the bill`);
  }
}
