import { OFFLINE_MESSAGES } from '../online';
import { newLiveItem } from '../../../domain/live-bill/new-live-bill';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { $payee } from '../paying-back/payee-store';
import { tipFromAmount } from '../../../domain/tip';
import type { BillState, LiveLink } from '../wizard/bill-state';
import { tipPercentOf } from '../wizard/bill-store';
import { openLiveBill } from '../../contracts/live-bills';
import { callEndpoint } from '../call-endpoint';

/** Opens the organiser's bill to the table; answers the link (and keys) or the server's reason why not. */
export async function openToTable(bill: BillState): Promise<{ ok: true; live: LiveLink } | { ok: false; message: string }> {
  const body = {
    // Each line in the units the bill has for it (a split by units, a printed or typed quantity).
    items: bill.items.map(newLiveItem),
    diners: bill.diners.map((d) => ({ id: d.id, name: d.name })),
    // The tip as the wizard reckons it (a percentage unless an amount was chosen), so totals agree.
    tip: bill.tip.mode === 'percent' || !bill.tip.chosen ? { percent: tipPercentOf(bill) } : { pence: tipFromAmount(Number(bill.tip.amountText), bill.currency) },
    tipSplit: bill.tipSplit,
    currency: bill.currency,
    payBackRate: bill.payBackRate,
    // The organiser (the diner named as in their payment details) is at the table on this phone: no other phone may pick their name.
    organiserDinerId: payerDinerId({ by: 'me' }, bill.diners, $payee.get()?.name ?? null),
  };
  const answer = await callEndpoint(openLiveBill, [], body);
  if (answer.ok) return { ok: true, live: { billId: answer.value.billId, organiserKey: answer.value.organiserKey, tableKey: answer.value.tableKey, url: answer.value.url } };
  if (answer.code === 'offline') return { ok: false, message: OFFLINE_MESSAGES.openToTable };
  return { ok: false, message: answer.error ?? 'Could not open the bill to the table' };
}
