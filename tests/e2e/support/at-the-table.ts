import type { Page } from 'playwright-core';

// What the at-the-table tests share: the organiser's bill in progress and a diner's claim button.

/** The organiser's bill on the assign step, as the wizard keeps it on the device. */
export const BILL_IN_PROGRESS = {
  version: 1,
  bill: {
    step: 'assign',
    items: [
      { id: 'soup', name: 'Soup', pricePence: 650, kind: 'item', assignedTo: [] },
      { id: 'cake', name: 'Tiramisu', pricePence: 1200, kind: 'item', assignedTo: [], quantity: 2 },
    ],
    diners: [
      { id: 'ann', name: 'Ann', color: '#e11d48' },
      { id: 'ben', name: 'Ben', color: '#2563eb' },
    ],
    tip: { mode: 'percent', percent: 10, amountText: '', chosen: true },
    tipSplit: 'equal',
    isTestReceipt: false,
    receipt: null,
    live: null,
  },
};

export const claimButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^(✓ )?${name}( £|$)`) });

/** The organiser gives Ann the Soup and the Tiramisu left, finishes, and sends every phone its share (paid back to Olive by Monzo). */
export async function finishAndSend(op: Page): Promise<void> {
  await op.getByRole('group', { name: 'Who had Soup' }).getByRole('button', { name: 'Ann', exact: true }).click();
  await op.getByRole('group', { name: 'Who had Tiramisu 2 of 2' }).getByRole('button', { name: 'Ann', exact: true }).click();
  await op.getByText('Everything is claimed.').waitFor();
  await op.getByRole('button', { name: 'Finish and see the summary' }).click();
  await op.getByRole('heading', { name: 'Individual Totals' }).waitFor();
  await op.getByRole('button', { name: 'Send to everyone’s phone' }).click();
  const details = op.getByRole('dialog', { name: 'Your payment details' });
  await details.getByLabel('Your name').fill('Olive');
  await details.getByLabel('Monzo.me username').fill('olive-m');
  await details.getByRole('button', { name: 'Save details' }).click();
  await op.getByText('Sent to everyone’s phone').waitFor();
}
