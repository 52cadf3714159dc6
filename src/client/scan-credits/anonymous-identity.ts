import { parseAnonymousUserId, type AnonymousId } from '../../../domain/anonymous-id';

/** The device's anonymous user. Nobody signs in; this id is sent with every metering and token call. */
export interface AnonymousUser {
  readonly id: AnonymousId;
  readonly createdAt: string;
  readonly lastSeen: string;
}

export const ANONYMOUS_USER_KEY = 'whos-paying.anonymous-user';
export const ANONYMOUS_USER_BACKUP_KEY = 'whos-paying.anonymous-user.backup';
export const IDENTITY_DATABASE = 'whos-paying';
const IDENTITY_DATABASE_VERSION = 1;
const IDENTITY_STORE = 'anonymousUsers';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface IdentityEnvironment {
  readonly storage: KeyValueStorage | null;
  readonly indexedDB: IDBFactory | null;
  readonly now: () => Date;
  readonly newId: () => string;
}

export interface AnonymousIdentity {
  /** The device's user with lastSeen refreshed; restored from the browser database, then the backup key, before a new one is made. */
  current(): Promise<AnonymousUser>;
  /** Makes another id this device's own (a redeemed recovery code); it replaces the stored copies. */
  adopt(id: string): Promise<AnonymousUser>;
}

/** Storage errors are logged and defaults used: a missing copy never stops the app. */
export function createAnonymousIdentity(env: IdentityEnvironment): AnonymousIdentity {
  // Calls run one after another, so two islands asking at first load cannot mint two ids.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function save(user: AnonymousUser, replaceOthers: boolean): Promise<AnonymousUser> {
    const text = JSON.stringify(user);
    safely(() => env.storage?.setItem(ANONYMOUS_USER_KEY, text));
    safely(() => env.storage?.setItem(ANONYMOUS_USER_BACKUP_KEY, text));
    await writeDatabase(env.indexedDB, user, replaceOthers).catch((error) => console.warn('Could not keep the anonymous id in IndexedDB', error));
    return user;
  }

  return {
    current: () =>
      serial(async () => {
        const found =
          parseUser(safely(() => env.storage?.getItem(ANONYMOUS_USER_KEY))) ??
          (await readDatabase(env.indexedDB).catch(() => null)) ??
          parseUser(safely(() => env.storage?.getItem(ANONYMOUS_USER_BACKUP_KEY)));
        const now = env.now().toISOString();
        return save(found ? { ...found, lastSeen: now } : { id: anonymousIdOf(env.newId()), createdAt: now, lastSeen: now }, false);
      }),
    adopt: (id: string) =>
      serial(async () => {
        const now = env.now().toISOString();
        return save({ id: anonymousIdOf(id), createdAt: now, lastSeen: now }, true);
      }),
  };
}

/** The id, parsed once where it comes in (a new one, or one adopted from a recovery code); an id that is no UUID is refused. */
function anonymousIdOf(id: string): AnonymousId {
  const parsed = parseAnonymousUserId(id);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function parseUser(value: unknown): AnonymousUser | null {
  try {
    const raw: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    if (typeof raw !== 'object' || raw === null) return null;
    const { id, createdAt, lastSeen } = raw as Record<string, unknown>;
    const parsed = parseAnonymousUserId(id);
    if (!parsed.ok || typeof createdAt !== 'string') return null;
    return { id: parsed.value, createdAt, lastSeen: typeof lastSeen === 'string' ? lastSeen : createdAt };
  } catch {
    return null;
  }
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch (error) {
    console.warn('Local storage is not available', error);
    return undefined;
  }
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(IDENTITY_DATABASE, IDENTITY_DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(IDENTITY_STORE)) request.result.createObjectStore(IDENTITY_STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The most recently seen user in the store, if any. */
async function readDatabase(factory: IDBFactory | null): Promise<AnonymousUser | null> {
  if (!factory) return null;
  const db = await openDatabase(factory);
  try {
    const all = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction(IDENTITY_STORE, 'readonly').objectStore(IDENTITY_STORE).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const users = all.map(parseUser).filter((u): u is AnonymousUser => u !== null);
    return users.sort((a, b) => b.lastSeen.localeCompare(a.lastSeen))[0] ?? null;
  } finally {
    db.close();
  }
}

async function writeDatabase(factory: IDBFactory | null, user: AnonymousUser, replaceOthers: boolean): Promise<void> {
  if (!factory) return;
  const db = await openDatabase(factory);
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(IDENTITY_STORE, 'readwrite');
      const store = tx.objectStore(IDENTITY_STORE);
      if (replaceOthers) store.clear();
      store.put(user);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

let shared: AnonymousIdentity | null = null;

/** The browser's identity (created on first use, so server rendering never touches `window`). */
export function anonymousIdentity(): AnonymousIdentity {
  shared ??= createAnonymousIdentity({
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    indexedDB: typeof indexedDB === 'undefined' ? null : indexedDB,
    now: () => new Date(),
    newId: randomUuid,
  });
  return shared;
}

/** A version 4 UUID. `crypto.randomUUID` exists only on secure origins; `getRandomValues` everywhere. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
