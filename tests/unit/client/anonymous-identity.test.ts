import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { isUuid } from '../../../domain/anonymous-id';
import { ANONYMOUS_USER_BACKUP_KEY, ANONYMOUS_USER_KEY, createAnonymousIdentity, IDENTITY_DATABASE, randomUuid, type IdentityEnvironment } from '../../../src/client/scan-credits/anonymous-identity';
import { MemoryStorage } from '../../support/browser-fakes';

function setup(overrides: Partial<IdentityEnvironment> = {}) {
  let nowMs = Date.parse('2026-11-22T12:00:00Z');
  let n = 0;
  const storage = new MemoryStorage();
  const indexedDB = new IDBFactory();
  const env: IdentityEnvironment = {
    storage,
    indexedDB,
    now: () => new Date(nowMs),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    ...overrides,
  };
  return { storage, indexedDB, env, identity: createAnonymousIdentity(env), tick: () => (nowMs += 1000) };
}

const user = (id: string, lastSeen = '2026-01-01T00:00:00.000Z') => ({ id, createdAt: '2026-01-01T00:00:00.000Z', lastSeen });

describe('anonymous identity', () => {
  it('makes a UUID once and keeps it in local storage, the backup key and the browser database (version 1)', async () => {
    const { identity, storage, indexedDB, env } = setup();
    const first = await identity.current();
    expect(first).toEqual({ id: '00000000-0000-4000-8000-000000000001', createdAt: '2026-11-22T12:00:00.000Z', lastSeen: '2026-11-22T12:00:00.000Z' });
    expect(JSON.parse(storage.getItem(ANONYMOUS_USER_KEY)!)).toEqual(first);
    expect(JSON.parse(storage.getItem(ANONYMOUS_USER_BACKUP_KEY)!)).toEqual(first);
    const dbs = await indexedDB.databases();
    expect(dbs).toEqual([{ name: IDENTITY_DATABASE, version: 1 }]);
    // Only local storage lost: the database copy brings the same id back.
    storage.items.delete(ANONYMOUS_USER_KEY);
    storage.items.delete(ANONYMOUS_USER_BACKUP_KEY);
    expect((await createAnonymousIdentity(env).current()).id).toBe(first.id);
  });

  it('refreshes lastSeen on every read', async () => {
    const { identity, tick } = setup();
    const first = await identity.current();
    tick();
    const second = await identity.current();
    expect(second.id).toBe(first.id);
    expect(second.createdAt).toBe(first.createdAt);
    expect(second.lastSeen).toBe('2026-11-22T12:00:01.000Z');
  });

  it('restores from the browser database before the backup key', async () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const seeded = setup();
    await createAnonymousIdentity({ ...seeded.env, storage: null, newId: () => a }).current(); // database only
    seeded.storage.setItem(ANONYMOUS_USER_BACKUP_KEY, JSON.stringify(user(b)));
    expect((await seeded.identity.current()).id).toBe(a);
  });

  it('restores from the backup key when the browser database is empty', async () => {
    const b = '22222222-2222-4222-8222-222222222222';
    const { identity, storage } = setup();
    storage.setItem(ANONYMOUS_USER_BACKUP_KEY, JSON.stringify(user(b)));
    expect(await identity.current()).toMatchObject({ id: b, createdAt: '2026-01-01T00:00:00.000Z', lastSeen: '2026-11-22T12:00:00.000Z' });
    expect(JSON.parse(storage.getItem(ANONYMOUS_USER_KEY)!).id).toBe(b);
  });

  it('ignores a corrupted or non-UUID stored copy', async () => {
    const { identity, storage } = setup();
    storage.setItem(ANONYMOUS_USER_KEY, '{not json');
    storage.setItem(ANONYMOUS_USER_BACKUP_KEY, JSON.stringify(user('not-a-uuid')));
    expect((await identity.current()).id).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('simultaneous first reads share one new id', async () => {
    const { identity } = setup();
    const ids = new Set((await Promise.all([identity.current(), identity.current(), identity.current()])).map((u) => u.id));
    expect(ids.size).toBe(1);
  });

  it('keeps working when storage throws and there is no browser database', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const { identity } = setup({ storage: broken, indexedDB: null });
    expect((await identity.current()).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('adopting a recovered id replaces every stored copy', async () => {
    const a = '33333333-3333-4333-8333-333333333333';
    const { identity, storage, env } = setup();
    await identity.current();
    await identity.adopt(a.toUpperCase());
    expect((await identity.current()).id).toBe(a);
    storage.items.clear();
    expect((await createAnonymousIdentity(env).current()).id).toBe(a);
    await expect(identity.adopt('nope')).rejects.toThrow();
  });

  it('makes version 4 UUIDs also where crypto.randomUUID is missing (insecure origins)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = Array.from({ length: 50 }, randomUuid);
      for (const id of ids) expect(isUuid(id) && id[14] === '4').toBe(true);
      expect(new Set(ids).size).toBe(50);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
