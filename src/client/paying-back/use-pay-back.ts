import { useStore } from '../use-store';
import { useEffect, useRef, useState } from 'react';
import { paymentRequestText, reminderText } from '../../../domain/paying-back/messages';
import type { Payee } from '../../../domain/paying-back/payee';
import { minorUnits } from '../../../domain/money';
import { publicPaths } from '../../../domain/public-paths';
import { handOutLinks } from '../live-bill/hand-out';
import type { HandOutLink } from '../bill/bill-state';
import { forgetHandOut, handedOut, setStoredReceiptId } from '../bill/bill-store';
import { toast } from '../ui/toasts';
import { browserShareEnvironment, shareNatively } from '../sharing/native-share';
import { markPaid, markUnpaid, type TableCodeAnswer } from '../../contracts/paying-back';
import { callEndpoint } from '../call-endpoint';
import { payingBackProblem, type PayeeRefusal, type PayingBackProblem } from './problem';
import { $payee, savePayee } from '../bill/payee-store';
import { $recentBills, recentCurrency, recentPayBack, updatePaid, type RecentBill } from './recent-bills';
import { ensureStored, fingerprintOf, type BillToStore } from './stored-bill';
import { followPayments } from './payment-stream';

/** A diner's own page read only, on the origin their own link has: what is left to pay and how, never "I've paid". */
function readOnlyPage(bill: RecentBill, dinerId: string): string | undefined {
  const own = bill.diners.find((d) => d.dinerId === dinerId)?.url ?? bill.wholeBillUrl;
  if (own === undefined || own === '') return undefined;
  return `${new URL(own).origin}${publicPaths.dinerPage(bill.receiptId, dinerId)}`;
}

/** Where the summary's answers show (ToastSlot): beside the row tapped, or in the Getting paid back card. */
export const PAY_BACK_SLOT = 'pay-back';
export const rowSlot = (dinerId: string) => `row:${dinerId}`;
const SYNC_AFTER_MS = 1_500;

export interface PayBack {
  readonly payee: Payee | null;
  readonly recent: RecentBill | null;
  readonly busy: string | null;
  readonly payeeDialog: { readonly open: boolean; readonly refused: PayeeRefusal | null };
  openPayee(): void;
  closePayee(): void;
  savePayee(payee: Payee): void;
  send(dinerId: string): void;
  setPaid(dinerId: string, paid: boolean): void;
  /** "Show to pay": stores the bill if need be (asking for the details first), then shows the diner's code as the server made it. */
  showToPay(dinerId: string, show: (code: TableCodeAnswer) => void): void;
  remind(): void;
  /** After a live bill: sends everyone's share and own pay-back link to their phones; null when there is none to send to. */
  readonly toPhones: { readonly sent: boolean; send(): void } | null;
}

/**
 * Getting paid back from the summary: the organiser's details, one message per diner with their own
 * link, who has paid (followed as it changes, through the stored bill's stream), marks by hand and reminders.
 */
/**
 * `toStore` should keep its identity while the bill is unchanged (useMemo), or a pending edit restarts its wait.
 * `handOut`: the live bill this one was finished from, whose phones can be sent their links.
 */
export function usePayBack(toStore: BillToStore | null, storedReceiptId: string | null, handOut: HandOutLink | null = null): PayBack {
  const payee = useStore($payee);
  const recent = useStore($recentBills).find((b) => b.receiptId === storedReceiptId) ?? null;
  const [busy, setBusy] = useState<string | null>(null);
  const [payeeDialog, setPayeeDialog] = useState<{ open: boolean; refused: PayeeRefusal | null }>({ open: false, refused: null });
  const afterPayee = useRef<((payee: Payee) => void) | null>(null);

  const receiptId = recent?.receiptId ?? null;
  const secret = recent?.organiserSecret ?? null;
  // Who has paid as it changes: a diner's "I've paid" on their phone, a mark or an edit from any device
  // comes through the stored bill's stream (read now and then only while the stream is down).
  useEffect(() => {
    if (receiptId === null || secret === null) return;
    return followPayments(receiptId, secret, (status) => updatePaid(receiptId, status));
  }, [receiptId, secret]);

  // A bill already sent follows the organiser's later changes (tip, items, names), so the links
  // people have show what the summary shows; a second or so after the last change.
  const fingerprint = toStore === null || payee === null ? null : fingerprintOf(toStore, payee);
  const stale = recent !== null && fingerprint !== null && recent.fingerprint !== fingerprint;
  useEffect(() => {
    if (!stale || toStore === null || payee === null) return;
    const timer = setTimeout(() => void ensureStored(toStore, payee, storedReceiptId), SYNC_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stale, toStore, payee, storedReceiptId]);

  // Phones already sent their links follow later changes too (a new tip changes what they pay).
  const sending = useRef(false);
  const toPhones = async (stored: RecentBill, who: Payee, live: HandOutLink, quiet: boolean) => {
    // A change sent by itself waits for the one on its way; a tap always sends (sending twice is harmless).
    if (quiet && sending.current) return;
    sending.current = true;
    try {
      // Each diner of the live bill with a share to pay (never the payer), by the wizard's id (the live bill's own).
      const links = stored.diners
        .filter((d) => live.dinerIds.includes(d.id) && d.url !== '' && d.totalPence > 0 && d.id !== stored.payerId)
        .map((d) => ({ dinerId: d.id, url: d.url, pence: d.totalPence }));
      const answer = await handOutLinks(live, who.name, links);
      if (answer.ok) {
        handedOut(stored.fingerprint);
        if (!quiet) toast('Sent to everyone’s phone', 'success', PAY_BACK_SLOT);
        return;
      }
      if (answer.code === 'expired' || answer.code === 'not_found') forgetHandOut();
      if (!quiet || answer.code === 'expired') toast(answer.message, 'error', PAY_BACK_SLOT);
    } finally {
      sending.current = false;
    }
  };
  const sentAs = handOut?.sent ?? null;
  useEffect(() => {
    if (handOut === null || sentAs === null || recent === null || payee === null || recent.fingerprint === sentAs) return;
    void toPhones(recent, payee, handOut, true);
  }, [handOut, sentAs, recent, payee]);

  const problem = (p: PayingBackProblem, at: string) => {
    if (p.code === 'invalid_payee') {
      setPayeeDialog({ open: true, refused: { field: p.field ?? 'name', message: p.message } });
      return;
    }
    toast(p.message, 'error', at);
  };

  /** Runs an action on the stored bill, asking for the organiser's details first if there are none; `at` is where its answers show. */
  const withStored = async (label: string, at: string, action: (bill: RecentBill, payee: Payee) => Promise<void>, who: Payee | null = payee) => {
    if (toStore === null) return;
    if (who === null) {
      afterPayee.current = (entered) => void withStored(label, at, action, entered);
      setPayeeDialog({ open: true, refused: null });
      return;
    }
    setBusy(label);
    try {
      const stored = await ensureStored(toStore, who, storedReceiptId);
      if (!stored.ok) return problem(stored.error, at);
      if (stored.value.receiptId !== storedReceiptId) setStoredReceiptId(stored.value.receiptId);
      await action(stored.value, who);
    } finally {
      setBusy(null);
    }
  };

  const share = async (title: string, text: string, url: string, copied: string, at: string) => {
    const outcome = await shareNatively({ title, text, url }, browserShareEnvironment());
    if (outcome === 'copied') toast(copied, 'success', at);
  };

  return {
    payee,
    recent,
    busy,
    payeeDialog,
    openPayee: () => setPayeeDialog({ open: true, refused: null }),
    closePayee: () => {
      afterPayee.current = null;
      setPayeeDialog({ open: false, refused: null });
    },
    savePayee: (entered) => {
      savePayee(entered);
      setPayeeDialog({ open: false, refused: null });
      const next = afterPayee.current;
      afterPayee.current = null;
      next?.(entered);
    },
    send: (dinerId) =>
      void withStored(`send:${dinerId}`, rowSlot(dinerId), async (bill, who) => {
        const diner = bill.diners.find((d) => d.id === dinerId);
        // The payer is owed, never asked to pay themselves.
        if (diner === undefined || dinerId === bill.payerId) return;
        const row = bill.status?.diners.find((d) => d.dinerId === diner.dinerId);
        const partly = row !== undefined && row.paid !== null && row.leftPence > 0;
        // Rows kept before codes existed have none.
        const code = row?.tableCode ?? null;
        const text = paymentRequestText({
          dinerName: diner.name,
          payeeName: who.name,
          currency: recentCurrency(bill),
          amount: minorUnits(partly ? row.leftPence : diner.totalPence),
          items: diner.items ?? [],
          billName: bill.label,
          upiLink: code?.provider === 'upi' ? code.qr : undefined,
          payBack: recentPayBack(bill),
          ...(partly ? { paidPence: minorUnits(row.paid!.amountPence) } : { alsoIn: row?.convertedTotal ?? undefined }),
        });
        await share(`${diner.name}'s share`, text, diner.url, `Message for ${diner.name} copied: paste it into any chat`, rowSlot(dinerId));
      }),
    showToPay: (dinerId, show) =>
      void withStored(`show:${dinerId}`, rowSlot(dinerId), async (bill) => {
        const diner = bill.diners.find((d) => d.id === dinerId);
        const code = bill.status?.diners.find((r) => r.dinerId === diner?.dinerId)?.tableCode ?? null;
        if (code !== null) show(code);
        else toast('No payment code carries this amount: add an IBAN (for euros or koruna) or a UPI ID (for rupees) to your payment details', 'info', rowSlot(dinerId));
      }),
    setPaid: (dinerId, paid) => {
      if (recent === null) return;
      const diner = recent.diners.find((d) => d.id === dinerId);
      if (diner === undefined) return;
      setBusy(`paid:${dinerId}`);
      void callEndpoint(paid ? markPaid : markUnpaid, [recent.receiptId, recent.organiserSecret, diner.dinerId])
        .then((status) => (status.ok ? updatePaid(recent.receiptId, status.value) : problem(payingBackProblem(status), rowSlot(dinerId))))
        .finally(() => setBusy(null));
    },
    toPhones:
      handOut === null
        ? null
        : {
            sent: handOut.sent !== null,
            send: () => void withStored('phones', PAY_BACK_SLOT, (bill, who) => toPhones(bill, who, handOut, false)),
          },
    remind: () =>
      void withStored('remind', PAY_BACK_SLOT, async (bill, who) => {
        // What each still owes, as the server counts it (the payer owes nothing), each with their own page read only
        // (what is left and how to pay, by their plain diner id): nobody's capability, which marks them paid.
        const rows = bill.status?.diners ?? [];
        const unpaid = bill.diners.flatMap((d) => {
          const left = rows.find((r) => r.dinerId === d.dinerId)?.leftPence ?? 0;
          return left > 0 ? [{ name: d.name, amount: minorUnits(left), url: readOnlyPage(bill, d.dinerId) }] : [];
        });
        if (unpaid.length === 0 || bill.wholeBillUrl === undefined) return;
        const text = reminderText({ payeeName: who.name, billLabel: bill.label, currency: recentCurrency(bill), unpaid, wholeBillUrl: bill.wholeBillUrl, payBack: recentPayBack(bill) });
        await share('Still to pay', text, '', 'Reminder copied: paste it into the group chat', PAY_BACK_SLOT);
      }),
  };
}
