import { DINER_NAME_MESSAGES, MAX_DINERS_MESSAGE } from '../diners';
import { MAX_UNITS, type LiveProblem, type LiveStatus } from './live-bill';

/** What a phone shows (and the API answers) for each problem; clients branch on the code, never on this text. */
export const LIVE_PROBLEM_MESSAGES: Readonly<Record<LiveProblem, string>> = {
  not_found: 'Live bill not found',
  expired: 'This live bill has expired. It can no longer be changed.',
  locked: 'The organiser has locked this bill. It can no longer be changed.',
  finished: 'The organiser has finished this bill. It can no longer be changed.',
  forbidden: 'You can only change your own items',
  unknown_item: 'Item not found',
  unknown_diner: 'Person not found',
  diner_taken: 'Someone has already joined as this person',
  table_full: MAX_DINERS_MESSAGE,
  name_empty: 'Please enter your name',
  name_too_long: DINER_NAME_MESSAGES['too long'],
  name_taken: DINER_NAME_MESSAGES.taken,
  bad_item: 'Enter a name and a price greater than 0',
  too_many_units: `A line split by units goes to the table with up to ${MAX_UNITS} units. Split it equally or by shares, then open it to the table.`,
  bad_link: 'Invalid pay-back link',
  no_stored_bill: 'This bill is no longer kept for paying back. Send it again.',
  not_its_shares: "These amounts are not the bill's shares any more. Send it again.",
  seat_free: 'Nobody has joined as this person yet: tap the name to join',
  ask_gone: 'That request to rejoin is no longer waiting',
};

/** What the organiser is asked when a diner's seat is asked for from another phone. */
export const seatAskText = (name: string): string => `${name} wants to rejoin on another phone`;

/** On the phone that held a seat the organiser has let another phone into. */
export const seatMovedText = (name: string): string => `${name} is now on another phone: the organiser let that phone into the seat. To have it back here, tap ${name} and ask again.`;

/** The read-only notice for a bill that can no longer change, or null while it is open. */
export function readOnlyMessage(status: LiveStatus | 'expired'): string | null {
  return status === 'open' ? null : LIVE_PROBLEM_MESSAGES[status];
}
