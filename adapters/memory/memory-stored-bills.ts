import { pence } from '../../domain/money';
import type { DinerPayment, PaidBy } from '../../domain/paying-back/payments';
import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { BillAccess, StoredBills } from '../../ports/stored-bills';

interface Held {
  bill: StoredReceipt;
  organiserSecretHash: string | null;
  expiresAt: Date | null;
  /** Capability hash by diner id; a diner without one opens by plain id. */
  capabilities: Map<string, string>;
  payments: Map<string, DinerPayment>;
}

/** StoredBills in memory for tests, refusing what the database's constraints refuse. */
export class MemoryStoredBills implements StoredBills {
  private readonly bills = new Map<string, Held>();

  async create(bill: StoredReceipt, access: BillAccess | null): Promise<void> {
    if (this.bills.has(bill.id)) throw new Error(`bill ${bill.id} already exists`);
    assignedToItsDiners(bill);
    this.bills.set(bill.id, {
      bill: structuredClone(bill),
      organiserSecretHash: access?.organiserSecretHash ?? null,
      expiresAt: access?.expiresAt ?? null,
      capabilities: new Map(access?.dinerCapabilityHashes ?? []),
      payments: new Map(),
    });
  }

  async replace(bill: StoredReceipt, access: BillAccess): Promise<void> {
    const held = this.held(bill.id);
    if (held === undefined) throw new Error(`bill ${bill.id} not found`);
    assignedToItsDiners(bill);
    const kept = new Set(bill.diners.map((d) => d.id));
    for (const id of [...held.capabilities.keys(), ...held.payments.keys()]) {
      if (!kept.has(id)) {
        held.capabilities.delete(id);
        held.payments.delete(id);
      }
    }
    for (const [id, hash] of access.dinerCapabilityHashes) held.capabilities.set(id, hash);
    held.bill = structuredClone(bill);
    held.expiresAt = access.expiresAt;
  }

  async find(receiptId: string, now: Date) {
    const held = this.held(receiptId);
    if (held === undefined || (held.expiresAt !== null && held.expiresAt <= now)) return null;
    return { bill: structuredClone(held.bill), organiserSecretHash: held.organiserSecretHash, expiresAt: held.expiresAt };
  }

  async dinerFor(receiptId: string, key: { readonly capabilityHash: string; readonly plainId: string }): Promise<string | null> {
    const held = this.held(receiptId);
    if (held === undefined) return null;
    const opened = held.bill.diners.find((d) => {
      const hash = held.capabilities.get(d.id);
      return hash === undefined ? d.id === key.plainId : hash === key.capabilityHash;
    });
    return opened?.id ?? null;
  }

  async payments(receiptId: string): Promise<DinerPayment[]> {
    return [...(this.held(receiptId)?.payments.values() ?? [])];
  }

  async markPaid(receiptId: string, dinerId: string, by: PaidBy, at: Date, amountPence: number): Promise<void> {
    const held = this.held(receiptId);
    if (held === undefined || !held.bill.diners.some((d) => d.id === dinerId)) throw new Error(`no diner ${dinerId} on bill ${receiptId}`);
    const marked = held.payments.get(dinerId);
    if (marked !== undefined && (marked.amountPence ?? -1) >= amountPence) return;
    held.payments.set(dinerId, { dinerId, paidBy: by, paidAt: at, amountPence: pence(amountPence) });
  }

  async markUnpaid(receiptId: string, dinerId: string): Promise<void> {
    this.held(receiptId)?.payments.delete(dinerId);
  }

  private held(receiptId: string): Held | undefined {
    return this.bills.get(receiptId);
  }
}

/** An item shared by someone not at the table is refused, as the assignments' foreign key refuses it. */
function assignedToItsDiners(bill: StoredReceipt): void {
  const diners = new Set(bill.diners.map((d) => d.id));
  for (const item of bill.items) {
    for (const id of item.assignedTo) if (!diners.has(id)) throw new Error(`item ${item.id} is assigned to ${id}, who is not on the bill`);
  }
}
