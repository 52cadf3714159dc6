// Settling a tab up: who pays whom so that every balance ends at zero, in the fewest transfers.
//
// A plan for n people with a balance needs n − g transfers, where g is the number of groups they
// can be split into that each add up to zero (each group settles inside itself with one transfer
// fewer than it has members). Finding the most groups is hard in general, so it is worked out
// exactly over subsets for groups up to EXACT_LIMIT people and greedily beyond (still at most n − 1).

/** A person's balance in minor units: positive when they are owed money, negative when they owe. */
export type Balances = ReadonlyMap<string, number>;

export interface Transfer {
  readonly from: string;
  readonly to: string;
  /** Minor units, > 0. */
  readonly amount: number;
}

/** Above this many people with a balance (after pairs that cancel out), the plan is found greedily. */
export const EXACT_LIMIT = 20;

/**
 * People who settle among themselves (they shared no bill or payment with anyone else): a plan is
 * found for each such circle on its own where there are too many people to search them all at once.
 */
export type Circles = ReadonlyMap<string, number>;

/**
 * The fewest transfers that bring every balance to zero. `order` fixes the tie-breaks (people
 * earlier in it are matched first), so the same balances always give the same plan. Balances must
 * add up to zero.
 */
export function fewestTransfers(balances: Balances, order: readonly string[], circles?: Circles): Transfer[] {
  const rank = rankOf(order);
  const open = [...balances].filter(([, amount]) => amount !== 0).sort(([a], [b]) => rank(a) - rank(b));
  if (open.reduce((sum, [, amount]) => sum + amount, 0) !== 0) throw new RangeError('Balances must add up to zero');

  const transfers: Transfer[] = [];
  for (const part of open.length <= EXACT_LIMIT ? [open] : byCircle(open, circles)) {
    // A debt that exactly matches a credit is one transfer in some fewest plan: pay it directly.
    const left: [string, number][] = [];
    for (const entry of part) {
      const match = left.findIndex(([, amount]) => amount === -entry[1]);
      if (match === -1) left.push([...entry]);
      else transfers.push(transferBetween(left.splice(match, 1)[0]!, entry));
    }
    const groups = left.length <= EXACT_LIMIT ? mostZeroSumGroups(left) : [left];
    for (const group of groups) transfers.push(...settleGroup(group));
  }
  return sortTransfers(transfers, rank);
}

/** The people split by circle, where each circle still adds up to zero (else all of them as one). */
function byCircle(people: readonly (readonly [string, number])[], circles: Circles | undefined): (readonly [string, number])[][] {
  const parts = new Map<number, (readonly [string, number])[]>();
  for (const entry of people) {
    const circle = circles?.get(entry[0]) ?? -1;
    parts.set(circle, [...(parts.get(circle) ?? []), entry]);
  }
  const split = [...parts.values()];
  return split.every((part) => part.reduce((sum, [, a]) => sum + a, 0) === 0) ? split : [[...people]];
}

/** A debtor and a creditor with equal and opposite balances. */
function transferBetween(a: readonly [string, number], b: readonly [string, number]): Transfer {
  const [debtor, creditor] = a[1] < 0 ? [a, b] : [b, a];
  return { from: debtor[0], to: creditor[0], amount: creditor[1] };
}

/**
 * The people split into the most groups that each add up to zero: best[mask] is the most zero-sum
 * prefixes any order of the people in `mask` has, which is the most groups they split into.
 */
function mostZeroSumGroups(people: readonly (readonly [string, number])[]): (readonly [string, number])[][] {
  const n = people.length;
  if (n === 0) return [];
  const size = 1 << n;
  const sums = new Float64Array(size);
  const best = new Int8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + people[low]![1];
    let most = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const without = mask & ~(rest & -rest);
      if (best[without]! > most) most = best[without]!;
    }
    best[mask] = most + (sums[mask] === 0 ? 1 : 0);
  }
  // Walk back from everyone, taking people off the end of the order; a zero sum closes a group.
  const groups: (readonly [string, number])[][] = [];
  let current: (readonly [string, number])[] = [];
  let mask = size - 1;
  while (mask !== 0) {
    const closes = sums[mask] === 0 ? 1 : 0;
    if (closes === 1 && current.length > 0) {
      groups.push(current);
      current = [];
    }
    let last = 0;
    while (!((mask >> last) & 1) || best[mask & ~(1 << last)]! + closes !== best[mask]) last++;
    current.push(people[last]!);
    mask &= ~(1 << last);
  }
  groups.push(current);
  return groups;
}

/** One transfer fewer than the group has people: the largest debt meets the largest credit, in turn. */
function settleGroup(group: readonly (readonly [string, number])[]): Transfer[] {
  const debtors = group.filter(([, a]) => a < 0).map(([p, a]) => ({ person: p, left: -a }));
  const creditors = group.filter(([, a]) => a > 0).map(([p, a]) => ({ person: p, left: a }));
  const largestFirst = (list: { left: number }[]) => list.sort((a, b) => b.left - a.left);
  const transfers: Transfer[] = [];
  largestFirst(debtors);
  largestFirst(creditors);
  while (debtors.length > 0 && creditors.length > 0) {
    const debtor = debtors[0]!;
    const creditor = creditors[0]!;
    const amount = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.person, to: creditor.person, amount });
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left === 0) debtors.shift();
    if (creditor.left === 0) creditors.shift();
    largestFirst(debtors);
    largestFirst(creditors);
  }
  return transfers;
}

/**
 * The plan after payments, taken in the order they were made, each against the plan as it then
 * stood: paying a planned transfer in full takes it off and changes nothing else (what is left is
 * still the fewest); paying part of one shortens it; a payment that went another way is settled on
 * top of the plan. Where a fresh plan needs fewer transfers than that, the fresh plan is used, so the
 * plan is always the fewest for the balances as they are.
 */
export function settleAfterPayments(before: Balances, paid: readonly Transfer[], order: readonly string[], circles?: Circles): Transfer[] {
  const rank = rankOf(order);
  let balances: Balances = before;
  let plan = fewestTransfers(before, order, circles);
  for (const payment of paid) {
    balances = applyTransfers(balances, [payment]);
    const planned = plan.find((t) => t.from === payment.from && t.to === payment.to);
    if (planned !== undefined && planned.amount === payment.amount) {
      plan = plan.filter((t) => t !== planned);
      continue;
    }
    const shortened = planned === undefined ? plan : plan.map((t) => (t === planned ? { ...t, amount: t.amount - Math.min(t.amount, payment.amount) } : t)).filter((t) => t.amount > 0);
    plan = sortTransfers(netted([...shortened, ...fewestTransfers(applyTransfers(balances, shortened), order, circles)]), rank);
    // A small group is checked against a fresh plan at every step (a few thousand sets at most); a
    // large one once, at the end, so a tab with many payments is not searched again for each.
    if (openCount(balances) <= STEP_CHECK_LIMIT) plan = fewestOf(plan, balances, order, circles);
  }
  return openCount(balances) <= STEP_CHECK_LIMIT ? plan : fewestOf(plan, balances, order, circles);
}

/** Above this many people with a balance, a plan after payments is checked against a fresh one only once. */
const STEP_CHECK_LIMIT = 12;

/** The plan, unless a fresh one for the same balances needs fewer transfers. */
function fewestOf(plan: Transfer[], balances: Balances, order: readonly string[], circles: Circles | undefined): Transfer[] {
  const fresh = fewestTransfers(balances, order, circles);
  return plan.length <= fresh.length ? plan : fresh;
}

function openCount(balances: Balances): number {
  return [...balances.values()].filter((amount) => amount !== 0).length;
}

/** Balances once the transfers are made: the payer's debt shrinks, the payee's credit with it. */
export function applyTransfers(balances: Balances, transfers: readonly Transfer[]): Map<string, number> {
  const next = new Map(balances);
  for (const { from, to, amount } of transfers) {
    next.set(from, (next.get(from) ?? 0) + amount);
    next.set(to, (next.get(to) ?? 0) - amount);
  }
  return next;
}

/** True when making the transfers leaves every balance at zero. */
export function clearsEveryBalance(balances: Balances, transfers: readonly Transfer[]): boolean {
  return [...applyTransfers(balances, transfers).values()].every((amount) => amount === 0);
}

const reversed = (t: Transfer): Transfer => ({ from: t.to, to: t.from, amount: t.amount });
const pairKey = (t: Transfer) => JSON.stringify([t.from, t.to]);

/** Transfers between the same two people made one, whichever way they went. */
function netted(transfers: readonly Transfer[]): Transfer[] {
  const byPair = new Map<string, Transfer>();
  for (const t of transfers) {
    const same = byPair.get(pairKey(t));
    const opposite = byPair.get(pairKey(reversed(t)));
    if (same !== undefined) byPair.set(pairKey(t), { ...same, amount: same.amount + t.amount });
    else if (opposite === undefined) byPair.set(pairKey(t), t);
    else {
      byPair.delete(pairKey(opposite));
      const net = opposite.amount - t.amount;
      if (net > 0) byPair.set(pairKey(opposite), { ...opposite, amount: net });
      if (net < 0) byPair.set(pairKey(t), { ...t, amount: -net });
    }
  }
  return [...byPair.values()];
}

function rankOf(order: readonly string[]): (person: string) => number {
  const ranks = new Map(order.map((person, k) => [person, k]));
  return (person) => ranks.get(person) ?? order.length;
}

function sortTransfers(transfers: Transfer[], rank: (person: string) => number): Transfer[] {
  return transfers.sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to) || b.amount - a.amount);
}
