import { currencyCode } from '../../../domain/currency';
import { pence } from '../../../domain/money';
import { openSharedBill } from '../../contracts/shares';
import { callEndpoint } from '../call-endpoint';
import { loadSharedBill } from '../bill/bill-store';
import { toast } from '../ui/toasts';

const INVALID = 'Invalid share packet format';

/**
 * Opening /app with a data parameter loads a shared receipt straight into the summary step, with
 * its name, who paid and the rate it is paid back at. The server verifies the signed token; the
 * parameter is then dropped from the address so a reload keeps the bill as the person edits it.
 */
export async function openSharedBillFromUrl(): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get('data');
  if (!token) return;
  url.searchParams.delete('data');
  history.replaceState(history.state, '', url);
  const answer = await callEndpoint(openSharedBill, [token]);
  if (!answer.ok) return toast(answer.error ?? INVALID, 'error');
  const bill = answer.value;
  const currency = currencyCode(bill.currency);
  if (currency === null) return toast(INVALID, 'error');
  loadSharedBill({
    currency,
    diners: bill.diners,
    items: bill.items.map((i) => ({ ...i, pricePence: pence(i.pricePence) })),
    tipPence: pence(bill.tipPence),
    tipSplit: bill.tipSplit,
    name: bill.name,
    payerId: bill.payerId,
    payBackRate: bill.payBackRate,
  });
}
