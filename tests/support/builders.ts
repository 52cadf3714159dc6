import { createHash, randomUUID } from 'node:crypto';
import { parseAnonymousUserId, type AnonymousId } from '../../domain/anonymous-id';
import { minorUnits } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import type { Bill, BillDiner } from '../../domain/bill';
import type { BillItem } from '../../domain/receipt';
import type { ItemKind, TipSplit } from '../../domain/split';
import { parseRate, type Rate } from '../../domain/conversion';
import { GBP, type CurrencyCode } from '../../domain/currency';
import type { TabBillAmounts, TabLedger, TabPayment } from '../../domain/tab/tab-ledger';
import { NO_HANDLES, type StoredBill } from '../../domain/paying-back/stored-bill';
import type { StoredBills } from '../../ports/stored-bills';

/** A line as a test gives it (withLine): its own name and quantity, a food line shared by nobody unless said. */
type LineGiven = Omit<BillItem, 'pricePence' | 'kind' | 'assignedTo'> & { readonly pricePence: number; readonly kind?: ItemKind; readonly assignedTo?: readonly string[] };

/** Test-data builder for the domain's Bill: readable setups, sensible defaults (pounds, no name, no payer; names are the ids). */
class BillBuilder {
  private readonly diners: BillDiner[] = [];
  private readonly items: BillItem[] = [];
  private tip = minorUnits(0);
  private tipSplit: TipSplit = 'equal';
  private currency: CurrencyCode = GBP;
  private payerId: string | null = null;

  withDiners(...ids: string[]): this {
    this.diners.push(...ids.map((id) => ({ id, name: id })));
    return this;
  }

  withDiner(id: string, name: string): this {
    this.diners.push({ id, name });
    return this;
  }

  withItem(id: string, pricePence: number, assignedTo: string[], kind: ItemKind = 'item'): this {
    this.items.push({ id, name: id, pricePence: minorUnits(pricePence), assignedTo, kind });
    return this;
  }

  /** A line split by units or shares: its diners are those with a count. */
  withPortionedItem(id: string, pricePence: number, portions: Portions): this {
    const assignedTo = Object.keys(portions.counts).filter((d) => portions.counts[d]! > 0);
    this.items.push({ id, name: id, pricePence: minorUnits(pricePence), assignedTo, kind: 'item', portions });
    return this;
  }

  /** A line as given, its own name and quantity (or one no wizard makes): a food line shared by nobody unless said. */
  withLine(line: LineGiven): this {
    this.items.push({ kind: 'item', assignedTo: [], ...line, pricePence: minorUnits(line.pricePence) });
    return this;
  }

  /** Lines as given, in order (withLine). */
  withLines(lines: readonly LineGiven[]): this {
    for (const line of lines) this.withLine(line);
    return this;
  }

  withTip(tipPence: number, split: TipSplit = 'equal'): this {
    this.tip = minorUnits(tipPence);
    this.tipSplit = split;
    return this;
  }

  inCurrency(currency: CurrencyCode): this {
    this.currency = currency;
    return this;
  }

  paidBy(dinerId: string): this {
    this.payerId = dinerId;
    return this;
  }

  build(): Bill {
    return { currency: this.currency, name: null, diners: [...this.diners], items: [...this.items], tipPence: this.tip, tipSplit: this.tipSplit, tipSharers: 'allDiners', payerId: this.payerId };
  }
}

export const aBill = () => new BillBuilder();

/** A device id parsed as the edge parses one (a fresh one by default). */
export function anAnonymousId(uuid: string = randomUUID()): AnonymousId {
  const parsed = parseAnonymousUserId(uuid);
  if (!parsed.ok) throw new Error(`${uuid} is not a UUID`);
  return parsed.value;
}

/** The same device id for the same name, so a test can say 'a' and 'b' and mean two devices. */
export function aNamedAnonymousId(name: string): AnonymousId {
  const hex = createHash('sha256').update(name).digest('hex');
  return anAnonymousId(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`);
}

/** Test-data builder for a tab's money: people, bills with who paid and who owed, payments and rates. */
class TabBuilder {
  private readonly bills: TabBillAmounts[] = [];
  private readonly payments: TabPayment[] = [];
  private readonly rates = new Map<CurrencyCode, Rate<CurrencyCode, CurrencyCode>>();

  constructor(
    private readonly people: readonly string[],
    private readonly currency = 'EUR' as CurrencyCode,
  ) {}

  withBill(name: string, amounts: { paid: Record<string, number>; owed: Record<string, number>; currency?: CurrencyCode }): this {
    const { paid, owed, currency = this.currency } = amounts;
    this.bills.push({ name, currency, paid: new Map(Object.entries(paid)), owed: new Map(Object.entries(owed)) });
    return this;
  }

  withPayment(from: string, to: string, amount: number, currency = this.currency): this {
    this.payments.push({ from, to, amount, currency });
    return this;
  }

  /** One `from` is worth `text` of the tab's currency. */
  withRate(from: CurrencyCode, text: string): this {
    const rate = parseRate(text, from, this.currency);
    if (!rate.ok) throw new Error(rate.error);
    this.rates.set(from, rate.value);
    return this;
  }

  build(): TabLedger {
    return { currency: this.currency, people: this.people, bills: [...this.bills], payments: [...this.payments], rates: new Map(this.rates) };
  }
}

export const aTab = (...people: string[]) => new TabBuilder(people);

/** Test-data builder for a bill stored for paying back: its diners (each with a capability) and lines. */
class StoredBillBuilder {
  private readonly bill = aBill();
  private items = 0;
  private readonly capabilities = new Map<string, string>();

  constructor(private readonly id: string) {}

  /** A diner whose pay-back page is /r/{id}/{capability}. */
  withDiner(id: string, name: string, capability: string): this {
    this.bill.withDiner(id, name);
    this.capabilities.set(id, capability);
    return this;
  }

  withItem(name: string, pricePence: number, assignedTo: string[]): this {
    this.bill.withLine({ id: `i${++this.items}`, name, pricePence, assignedTo });
    return this;
  }

  build(): StoredBill {
    const bill = this.bill.build();
    return {
      id: this.id,
      bill,
      payBack: null,
      diningDate: null,
      payee: { name: 'Alice', accounts: { iban: null, bic: null, upi: null } },
      handles: new Map(bill.diners.map((d) => [d.id, NO_HANDLES])),
    };
  }

  /** Stored as the app stores it: its diners' capabilities hashed, open until `expiresAt`. */
  async storedIn(bills: StoredBills, hash: (secret: string) => string, expiresAt: Date): Promise<StoredBill> {
    const stored = this.build();
    const dinerCapabilityHashes = new Map([...this.capabilities].map(([diner, capability]) => [diner, hash(capability)]));
    await bills.create(stored, { organiserSecretHash: hash('organiser'), dinerCapabilityHashes, expiresAt });
    return stored;
  }
}

export const aStoredBill = (id: string) => new StoredBillBuilder(id);
