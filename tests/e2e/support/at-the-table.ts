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
