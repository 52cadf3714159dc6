import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../adapters/memory/memory-rate-limiter';
import { MemoryStoredBills } from '../../../adapters/memory/memory-stored-bills';
import { dinerBreakdown } from '../../../domain/paying-back/stored-bill';
import { StoredReceipts } from '../../../src/application/paying-back/stored-receipts';
import { FakeClock } from '../../support/clock';
import { nodeSecrets } from '../../../adapters/crypto/node-secrets';
import { createStoredReceipt as create } from '../../support/stored-receipts';

const request = {
  tipPence: 100,
  diners: [
    { id: 'a', name: 'Alice' },
    { id: 'b', name: 'Ben' },
  ],
  items: [{ name: 'Chips', pricePence: 300, assignedTo: ['a', 'b'] }],
};

describe('storing receipts for /r/ links', () => {
  it('answers each diner’s id, for the breakdown stored under it', async () => {
    const bills = new MemoryStoredBills();
    const receipts = new StoredReceipts(bills, new MemoryRateLimiter(new FakeClock()), nodeSecrets);
    const created = await create(receipts, request, 'ip');
    if (!created.ok) throw new Error(created.error.code);
    const [alice] = created.value.diners;
    const stored = await bills.find(created.value.receiptId, new Date());
    expect(stored?.expiresAt).toBeNull();
    const breakdown = dinerBreakdown(stored!.stored, alice!.dinerId);
    expect(breakdown.ok && breakdown.value.totalPence).toBe(150 + 50);
  });

  it('refuses a receipt with a line assigned to nobody, as sharing does, and stores nothing', async () => {
    const bills = new MemoryStoredBills();
    const saved: string[] = [];
    bills.create = async (stored) => void saved.push(stored.id);
    const receipts = new StoredReceipts(bills, new MemoryRateLimiter(new FakeClock()), nodeSecrets);
    const refused = await create(receipts, { ...request, items: [...request.items, { name: 'Coke', pricePence: 299, assignedTo: [] }] }, 'ip');
    expect(refused).toEqual({ ok: false, error: { code: 'unassigned_items', reason: expect.stringContaining('1 item is not assigned to any diner') } });
    expect(saved).toEqual([]);
  });

  it('holds one client to 60 bills an hour', async () => {
    const clock = new FakeClock();
    const receipts = new StoredReceipts(new MemoryStoredBills(), new MemoryRateLimiter(clock), nodeSecrets);
    for (let i = 0; i < 60; i++) expect((await create(receipts, request, 'ip')).ok).toBe(true);
    const refused = await create(receipts, request, 'ip');
    expect(refused.ok ? null : refused.error.code).toBe('rate_limited');
    expect((await create(receipts, request, 'another-ip')).ok).toBe(true);
  });
});
