import { billFromWire } from '../../contracts/bill';
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
  const bill = billFromWire(answer.value.bill);
  if (!bill.ok) return toast(INVALID, 'error');
  loadSharedBill(bill.value, answer.value.payBackRate);
}
