import type { APIRoute } from 'astro';
import { currencyCode } from '../../../../../domain/currency';
import { tabIdOf } from '../../../../../domain/tab/tab';
import type { TabRequest } from '../../../../application/tabs/tabs';
import { billFromWire } from '../../../../contracts/bill';
import { tabCommand, TAB_KEY_HEADER, type TabCommandJson } from '../../../../contracts/tabs';
import { answerWith } from '../../../../server/http/answer';
import { clientIpOf } from '../../../../server/http/client-ip';
import { json } from '../../../../server/http/json';
import { idRefused } from '../../../../server/http/path-ids';
import { readJson, requestRefused } from '../../../../server/http/read-json';
import { tabRefusalResponse } from '../../../../server/http/tabs';

/** One change to a tab by whoever holds its key. */
export const POST: APIRoute = async (context) => {
  const tabId = tabIdOf(context.params.id);
  if (tabId === null) return idRefused('tabId');
  const input = await readJson(context.request, tabCommand.request, 256 * 1024);
  if (!input.ok) return requestRefused(input.error);
  const request = tabRequestOf(input.value.command);
  if ('field' in request) return json({ error: `Invalid request: ${request.field}: ${WHY_NOT[request.field.replace(/^bill\./, '')] ?? 'not valid'}`, code: 'invalid_body', field: request.field }, 400);
  const { tabs } = await context.locals.services();
  const changed = await tabs.change(tabId, context.request.headers.get(TAB_KEY_HEADER) ?? '', request, await clientIpOf(context));
  if (!changed.ok) return tabRefusalResponse(changed.error);
  return answerWith(tabCommand, { tab: changed.value });
};

const WHY_NOT: Record<string, string> = {
  currency: 'not a known currency',
  diners: 'a diner is listed twice',
  items: 'a line is listed twice, or shared with someone not on the bill',
  payerId: 'not one of the diners',
};

/** The command with its currencies and bill read into the domain's types, or the field that is none. */
function tabRequestOf(command: TabCommandJson): TabRequest | { readonly field: string } {
  switch (command.type) {
    case 'addBill': {
      const bill = billFromWire(command.bill);
      return bill.ok ? { ...command, bill: bill.value } : { field: `bill.${bill.error.field}` };
    }
    case 'addExpense':
    case 'recordTransfer':
    case 'setRate': {
      const currency = currencyCode(command.currency);
      return currency === null ? { field: 'currency' } : { ...command, currency };
    }
    default:
      return command;
  }
}
