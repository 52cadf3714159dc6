import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BuiltServer } from '../support/built-server';
import { noPostgres, onPostgres } from './support/on-postgres';
import { expectAccessible } from './support/wizard';

// Issue 38 in the browser: a tab on Postgres served by two app processes, Ana's phone on one and
// Ben's on the other. Three bills (two with two payers, one in euros at a rate), each person's
// balance and transfers with pay links, and a transfer marked paid on one phone showing on the other.

describe.skipIf(noPostgres !== null)('a tab on two phones', () => {
  const on = onPostgres(2);

  async function api(path: string, body: unknown, key?: string) {
    const answer = await fetch(`${on.servers[0]!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'x-tab-key': key } : {}) }, body: JSON.stringify(body) });
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    return (await answer.json()) as { tabId: string; key: string; tab: { people: { id: string; name: string }[] } };
  }

  async function phone(server: BuiltServer, link: string, me: string): Promise<Page> {
    const context = await on.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${server.url}${link}`);
    await page.getByLabel('Who are you?').selectOption({ label: me });
    return page;
  }

  it('shows each person their balance and transfers, and a payment marked on one phone on the other within a second', async () => {
    const opened = await api('/api/tabs', { name: 'Weekend in Lisbon', currency: 'GBP', people: ['Ana', 'Ben', 'Cat'] });
    const { tabId, key } = opened;
    const id = (name: string) => opened.tab.people.find((p) => p.name === name)!.id;
    const command = (c: unknown) => api(`/api/tabs/${tabId}/commands`, { command: c }, key);
    await command({ type: 'setPayTo', personId: id('Ana'), monzo: 'anafox', revolut: '', paypal: 'anafox' });
    await command({ type: 'addExpense', name: 'Taxi', amount: 2400, currency: 'GBP', payers: [{ personId: id('Cat'), amount: 2400 }], sharedBy: [id('Ana'), id('Ben'), id('Cat')] });
    await command({
      type: 'addExpense',
      name: 'Lunch',
      amount: 9000,
      currency: 'EUR',
      payers: [
        { personId: id('Ana'), amount: 6000 },
        { personId: id('Cat'), amount: 3000 },
      ],
      sharedBy: [id('Ana'), id('Ben'), id('Cat')],
    });
    const link = `/tab/${tabId}#${key}`;

    const ana = await phone(on.servers[0]!, link, 'Ana');
    // Friday's dinner, typed on Ana's phone with two payers.
    await ana.getByRole('button', { name: 'Add an expense' }).click();
    await ana.getByLabel('What for').fill("Friday's dinner");
    await ana.getByLabel('Amount').fill('100');
    await ana.getByRole('button', { name: 'Add another payer' }).click();
    await ana.getByLabel('Payer 1', { exact: true }).selectOption({ label: 'Ana' });
    await ana.getByLabel('Payer 2', { exact: true }).selectOption({ label: 'Ben' });
    await ana.getByLabel('What Ana paid').fill('60');
    await ana.getByLabel('What Ben paid').fill('30');
    await ana.getByRole('button', { name: 'Add to tab' }).click();
    await expect.poll(() => ana.getByRole('alert').textContent()).toContain("The amounts paid come to £10.00 less than the bill's total");
    await ana.getByLabel('What Ben paid').fill('40');
    await ana.getByRole('button', { name: 'Add to tab' }).click();
    await ana.getByRole('heading', { name: 'Bills' }).waitFor();
    // The euro lunch settles apart until a rate is given, then with the rest, the rate shown.
    await ana.getByRole('heading', { name: 'In EUR' }).waitFor();
    await ana.getByLabel('1 EUR in GBP').fill('0.85');
    await ana.getByRole('button', { name: 'Use rate' }).click();
    await ana.getByText('Other currencies at €1.00 = 0.85 GBP').waitFor();

    const ben = await phone(on.servers[1]!, link, 'Ben');
    // Ben: paid £40, his shares £33.33 + £8.00 + €30.00 at 0.85 (£25.50): he owes £26.83, to Ana.
    await ben.getByText('You owe £26.83').waitFor();
    const transfer = ben.getByRole('listitem').filter({ hasText: 'Ben pays Ana' });
    expect(await transfer.textContent()).toContain('£26.83');
    expect(await transfer.getByRole('link', { name: 'Monzo £26.83' }).getAttribute('href')).toBe('https://monzo.me/anafox/26.83?d=Weekend%20in%20Lisbon');
    await ana.getByText(/^You are owed /).waitFor();
    await expectAccessible(ben, 'the tab, on the phone of someone who owes');

    await transfer.getByRole('button', { name: 'Mark paid' }).click();
    await ben.getByText('You are settled up').waitFor();
    // Ana's phone is on the other process: it hears it through Postgres within a second.
    await ana.getByText('Payments made (1)').waitFor({ timeout: 1000 });
    expect(await ana.getByText('Ben pays Ana').count()).toBe(0);
  });

  it('answers bad input with a 4xx naming the field, never a 5xx, and keeps the tab readable', async () => {
    const opened = await api('/api/tabs', { name: 'Bad input', currency: 'EUR', people: ['Ana', 'Ben'] });
    const [ana, ben] = opened.tab.people.map((p) => p.id);
    const send = (command: unknown) =>
      fetch(`${on.servers[1]!.url}/api/tabs/${opened.tabId}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tab-key': opened.key }, body: JSON.stringify({ command }) });
    const bill = (over: object) => ({
      currency: 'EUR',
      name: 'X',
      diners: [
        { id: 'a', name: 'Ana' },
        { id: 'b', name: 'Ben' },
      ],
      items: [{ id: 'i1', name: 'Soup', pricePence: 1000, kind: 'item', assignedTo: ['a', 'b'] }],
      tipPence: 0,
      tipSplit: 'equal',
      tipSharers: 'allDiners',
      payerId: null,
      ...over,
    });
    for (const [command, field] of [
      [
        {
          type: 'addBill',
          bill: bill({
            diners: [
              { id: 'a', name: 'Ana' },
              { id: 'a', name: 'Ana' },
            ],
          }),
          payers: [{ dinerId: 'a', amount: 1000 }],
        },
        'bill.diners',
      ],
      [
        {
          type: 'addBill',
          bill: bill({
            diners: [
              { id: 'a', name: 'Zed' },
              { id: 'b', name: 'zed' },
            ],
          }),
          payers: [{ dinerId: 'a', amount: 1000 }],
        },
        'name',
      ],
      [{ type: 'addBill', bill: bill({ items: [{ id: 'i1', name: 'S', pricePence: 500, kind: 'item', assignedTo: ['zz'] }] }), payers: [{ dinerId: 'a', amount: 500 }] }, 'bill.items'],
      [{ type: 'addBill', bill: bill({ currency: 'XYZ' }), payers: [{ dinerId: 'a', amount: 1000 }] }, 'bill.currency'],
      [{ type: 'addBill', bill: bill({}), payers: [{ dinerId: 'a', amount: 999 }] }, 'payers'],
      [{ type: 'addExpense', name: 'T', amount: 2400, currency: 'EUR', payers: [{ personId: ana, amount: 2400 }], sharedBy: [] }, 'sharedBy'],
      [{ type: 'recordTransfer', from: ana, to: ana, amount: 100, currency: 'EUR' }, 'to'],
      [{ type: 'recordTransfer', from: ana, to: 'nobody', amount: 100, currency: 'EUR' }, 'to'],
      [{ type: 'setRate', currency: 'GBP', rate: 'lots' }, 'rate'],
      [{ type: 'setPayTo', personId: ben, monzo: '', revolut: '', paypal: '', iban: 'DE00 3704 0044 0532 0130 00' }, 'iban'],
    ] as const) {
      const answer = await send(command);
      const body = (await answer.json()) as { code: string; field?: string; error: string };
      expect([answer.status >= 400 && answer.status < 500, body.field], JSON.stringify(command)).toEqual([true, field]);
    }
    for (const command of [
      { type: 'recordTransfer', from: ana, to: ben, amount: 9007199254740991, currency: 'EUR' },
      { type: 'addBill', bill: bill({ tipPence: 1e15 }), payers: [] },
      { type: 'nonsense' },
    ]) {
      const answer = await send(command);
      expect(answer.status, JSON.stringify(command)).toBe(400);
    }
    const read = await fetch(`${on.servers[0]!.url}/api/tabs/${opened.tabId}`, { headers: { 'x-tab-key': opened.key } });
    expect(read.status).toBe(200);
  });
});
