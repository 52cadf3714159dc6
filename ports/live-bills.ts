import type { LiveActor, LiveBill, LiveChange, LiveProblem } from '../domain/live-bill/live-bill';
import type { Result } from '../domain/result';

/** Hashes of the capabilities a bill is opened with (the keys themselves are never stored). */
export interface LiveBillKeys {
  readonly organiserKeyHash: string;
  readonly tableKeyHash: string;
}

/** Decides a change on the bill as it stands, for whoever holds the presented key. */
export type DecideChange = (bill: LiveBill, actor: LiveActor) => Result<LiveChange, LiveProblem>;

/** Live bills, the one source of truth every process shares. */
export interface LiveBillStore {
  create(bill: LiveBill, keys: LiveBillKeys): Promise<void>;
  find(billId: string): Promise<LiveBill | null>;
  /** Who the key's holder is on this bill, or null when the bill or the key is unknown. */
  actorFor(billId: string, keyHash: string): Promise<{ readonly bill: LiveBill; readonly actor: LiveActor } | null>;
  /**
   * Decides and applies one change atomically, bumping the version, and announces the new bill to
   * every process. A change that joins the actor to a diner stores `dinerKeyHash` as that diner's key.
   */
  change(billId: string, keyHash: string, decide: DecideChange, dinerKeyHash?: string): Promise<Result<LiveBill, LiveProblem>>;
  /** Forgets bills that expired before `before`. */
  deleteExpired(before: Date): Promise<void>;
}

export type Unsubscribe = () => void;

/**
 * A committed version, and the change that made it from the version before (null when the bill was
 * read whole instead: the first one heard, or after a gap).
 */
export type OnLiveChange = (bill: LiveBill, change: LiveChange | null) => void;

export interface LiveSubscription {
  readonly unsubscribe: Unsubscribe;
  /** The latest version known when the subscription began (null when it could not be read): every later one goes to `onChange`. */
  readonly latest: LiveBill | null;
}

/** Committed versions of live bills, as they happen in any process. */
export interface LiveBillEvents {
  /** Resolves once `onChange` will see every version committed after `latest`. */
  subscribe(billId: string, onChange: OnLiveChange): Promise<LiveSubscription>;
}
