import { OFFLINE_MESSAGES } from '../online';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { $payee } from '../bill/payee-store';
import { tipSettingPence, tipSettingPercent } from '../../../domain/tip-setting';
import type { BillState, LiveLink } from '../bill/bill-state';
import { $billModel } from '../bill/bill-store';
import { openLiveBill } from '../../contracts/live-bills';
import { callEndpoint } from '../call-endpoint';

/** Opens the organiser's bill to the table; answers the link (and keys) or the server's reason why not. */
export async function openToTable(bill: BillState): Promise<{ ok: true; live: LiveLink } | { ok: false; message: string }> {
  const body = {
    bill: $billModel.get(),
    // The tip as the wizard reckons it (a percentage unless an amount was chosen), so totals agree.
    tip: bill.tip.mode === 'percent' || !bill.tip.chosen ? { percent: tipSettingPercent(bill.tip, bill.items) } : { pence: tipSettingPence(bill.tip, bill.items, bill.currency) },
    payBackRate: bill.payBackRate,
    // The organiser (the diner named as in their payment details) is at the table on this phone: no other phone may pick their name.
    organiserDinerId: payerDinerId({ by: 'me' }, bill.diners, $payee.get()?.name ?? null),
  };
  const answer = await callEndpoint(openLiveBill, [], body);
  if (answer.ok) return { ok: true, live: { billId: answer.value.billId, organiserKey: answer.value.organiserKey, tableKey: answer.value.tableKey, url: answer.value.url } };
  if (answer.code === 'offline') return { ok: false, message: OFFLINE_MESSAGES.openToTable };
  return { ok: false, message: answer.error ?? 'Could not open the bill to the table' };
}
