import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhone } from './support/browser';
import { noPostgres, onPostgres } from './support/on-postgres';
import { clipboard, firstSend, OWN_LINK } from './support/paying-back';
import { addDiners, FakeBackend, manualBill, openApp, scanToReview, toggle } from './support/wizard';
import { BILL_IN_PROGRESS, claimButton, finishAndSend } from './support/at-the-table';

// Issue 42: at the table, a seat stays yours and no money goes out of sight.

async function openToTable(phone: Phone): Promise<{ op: Page; link: string }> {
  const { context, page: op } = await phone();
  await context.addInitScript((bill) => {
    if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
  }, BILL_IN_PROGRESS);
  await op.goto('/app');
  await op.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
  await op.getByRole('img', { name: 'QR code that opens this bill on a phone' }).waitFor();
  return { op, link: (await op.getByRole('link', { name: /\/live\// }).getAttribute('href'))! };
}

type Phone = (options?: Parameters<typeof newPhone>[1]) => ReturnType<typeof newPhone>;

// On Postgres, as the live bill and stored bills run in production; skipped where none answers.
describe.skipIf(noPostgres !== null)('at the table', () => {
  const on = onPostgres(1);
  const phone: Phone = (options = {}) => newPhone(on.browser, { baseURL: on.servers[0]!.url, ...options });

  it('refuses a second Ben in the wizard with a reason; Remove asks first and says what goes with the diner', async () => {
    const { context, page } = await phone();
    await openApp(page);
    await manualBill(page, [
      ['Soup', '5.00'],
      ['Cake', '4.00'],
    ]);
    await addDiners(page, 'Ben', 'Cat');
    await page.getByLabel('Diner name').fill(' ben ');
    await page.getByLabel('Diner name').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Someone at the table already has this name.' }).waitFor();
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(2);
    await page.getByText('Up to 20 characters, each name once').waitFor();

    await toggle(page, 'Soup', 'Ben').click();
    await page.getByRole('button', { name: 'Remove Ben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Ben?' });
    await dialog.getByText('Ben comes off 1 item: Soup. What only Ben had goes back to nobody.').waitFor();
    await dialog.getByRole('button', { name: 'Keep Ben' }).click();
    expect(await toggle(page, 'Soup', 'Ben').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Remove Ben' }).click();
    await page.getByRole('dialog', { name: 'Remove Ben?' }).getByRole('button', { name: 'Remove Ben' }).click();
    await expect.poll(() => toggle(page, 'Soup', 'Ben').count()).toBe(0);
    await context.close();
  });

  it('refuses a second "Cat" on the live bill; the removed phone is told; the organiser adds and claims for someone without a phone', async () => {
    const { op, link } = await openToTable(phone);
    const cat = await phone();
    const phantom = await phone();
    await cat.page.goto(link);
    await cat.page.getByLabel('Not on the list? Add yourself').fill('Cat');
    await cat.page.getByRole('button', { name: 'Add me' }).click();
    await cat.page.getByRole('heading', { name: 'What did you have, Cat?' }).waitFor();

    await phantom.page.goto(link);
    await phantom.page.getByRole('button', { name: 'Cat (joined)' }).waitFor();
    await phantom.page.getByLabel('Not on the list? Add yourself').fill(' cat ');
    await phantom.page.getByRole('button', { name: 'Add me' }).click();
    await phantom.page.getByRole('alert').filter({ hasText: 'Someone at the table already has this name.' }).waitFor();
    await op.getByText('Cat · on their phone').waitFor();
    expect(
      await op
        .getByRole('listitem')
        .filter({ hasText: /^Cat ·/ })
        .count(),
    ).toBe(1);

    // Someone without a phone: the organiser adds Dan and ticks his soup for him.
    await op.getByLabel('Someone without a phone? Add them and tick what they had').fill('Dan');
    await op.getByRole('button', { name: 'Add', exact: true }).click();
    await op.getByText('Dan · not joined yet').waitFor();
    await op.getByRole('group', { name: 'Who had Soup' }).getByRole('button', { name: 'Dan', exact: true }).click();
    await cat.page.getByText('Had by: Dan').waitFor();

    // Cat's claim goes with her, and she is told, after the organiser confirms.
    await claimButton(cat.page, 'Tiramisu 1 of 2').click();
    await op.getByRole('group', { name: 'Who had Tiramisu 1 of 2' }).getByRole('button', { name: 'Cat', pressed: true }).waitFor();
    await op.getByRole('button', { name: 'Remove Cat' }).click();
    const dialog = op.getByRole('dialog', { name: 'Remove Cat?' });
    await dialog.getByText('Cat comes off 1 item: Tiramisu. What only Cat had goes back to nobody.').waitFor();
    await dialog.getByText('Their phone is told, and they can join again from the link.').waitFor();
    await dialog.getByRole('button', { name: 'Remove Cat' }).click();
    await cat.page.getByRole('alert').filter({ hasText: 'The organiser has taken you off this bill, with the items you had ticked.' }).waitFor();
    await cat.page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    for (const phone of [op, cat.page, phantom.page]) await phone.context().close();
  });

  it('shows on Ben’s list what the organiser changes after Finish: his list is what his share is made of', async () => {
    const { op, link } = await openToTable(phone);
    const ben = await phone();
    await ben.page.goto(link);
    await ben.page.getByRole('button', { name: 'Ben', exact: true }).click();
    await ben.page.getByRole('heading', { name: 'What did you have, Ben?' }).waitFor();
    await claimButton(ben.page, 'Tiramisu 1 of 2').click();
    await finishAndSend(op);
    const benFirst = (await op.getByRole('listitem', { name: /^Ben pays £/ }).getAttribute('aria-label'))!.replace(/^.* /, '');
    await ben.page.getByRole('region', { name: 'Your share' }).getByText(benFirst, { exact: true }).waitFor();
    const ticked = ben.page.getByRole('button', { name: /^Tiramisu/, pressed: true });
    await expect.poll(() => ticked.count()).toBe(1);

    // After Finish the organiser gives Ann's unit of Tiramisu to Ben: his share and his list both follow.
    await op.getByRole('button', { name: '← Back' }).click();
    await op.getByRole('heading', { name: 'Assign Items' }).waitFor();
    const second = op.getByRole('group', { name: 'Who had Tiramisu' }).nth(1);
    await second.getByRole('button', { name: 'Ann', exact: true }).click();
    await second.getByRole('button', { name: 'Ben', exact: true }).click();
    await op.getByRole('button', { name: 'Continue to Summary' }).click();
    await op.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    const benNow = (await op.getByRole('listitem', { name: /^Ben pays £/ }).getAttribute('aria-label'))!.replace(/^.* /, '');
    expect(benNow).not.toBe(benFirst);
    await ben.page.getByRole('region', { name: 'Your share' }).getByText(benNow, { exact: true }).waitFor();
    await expect.poll(() => ticked.count()).toBe(2);
    for (const phone of [op, ben.page]) await phone.context().close();
  });

  it('gives Ben’s phone his share in both currencies with the rate, when a euro live bill is paid back in pounds', async () => {
    const { context, page: op } = await phone();
    await context.addInitScript(
      (bill) => {
        if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
      },
      { ...BILL_IN_PROGRESS, bill: { ...BILL_IN_PROGRESS.bill, currency: 'EUR', payBackRate: '0.86' } },
    );
    await op.goto('/app');
    await op.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
    const link = (await op.getByRole('link', { name: /\/live\// }).getAttribute('href'))!;
    const ben = await phone();
    await ben.page.goto(link);
    await ben.page.getByRole('button', { name: 'Ben', exact: true }).click();
    // Each unit's price on his list is in both currencies too, as every amount he sees.
    await ben.page.getByRole('button', { name: /^Tiramisu 1 of 2 €[\d.]+ \(£[\d.]+\)$/ }).click();
    // Before Finish too, his running total is in both currencies, with the rate the organiser opened the bill at.
    await ben.page.getByRole('listitem', { name: /^You pay €[\d.]+ \(£[\d.]+\)$/ }).waitFor();
    await ben.page.getByText('Paid back in GBP at 1 EUR = £0.86').waitFor();
    await finishAndSend(op);
    // The summary's row, "Ben pays €6.60 (£5.68)", is what his phone shows, in both currencies, with the rate.
    const row = (await op.getByRole('listitem', { name: /^Ben pays €/ }).getAttribute('aria-label'))!;
    const share = ben.page.getByRole('region', { name: 'Your share' });
    await share.getByText(row.replace('Ben pays ', ''), { exact: true }).waitFor();
    await share.getByText('Paid back in GBP at 1 EUR = £0.86').waitFor();
    for (const phone of [op, ben.page]) await phone.context().close();
  });

  it('puts the answer first: a long Items Summary folded, Individual Totals on the first screen; the phone’s Back goes step by step', async () => {
    const { context, page } = await phone();
    await openApp(page);
    const lines = Array.from({ length: 8 }, (_, i) => [`Dish ${i + 1}`, `${i + 5}.00`] as const);
    await manualBill(page, lines);
    await addDiners(page, 'Ann', 'Ben', 'Cat');
    for (const [name] of lines) await toggle(page, name, 'Everyone').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    const firstRow = page.getByRole('listitem', { name: /^Ann pays £/ });
    expect(((await firstRow.boundingBox())?.y ?? 9999) + 44).toBeLessThan(844);
    const fold = page.getByText('8 items · £68.00');
    expect(await page.getByText('Dish 1', { exact: true }).isVisible()).toBe(false);
    await fold.click();
    await page.getByText('Dish 1', { exact: true }).waitFor();

    // Back from Summary goes to Assign, from Assign to Review; Forward comes back to Summary.
    await page.goBack();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();

    // A typed-in bill's Review has no reading or scan to lose: its Back asks nothing about one.
    await page.goBack();
    await page.goBack();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Scan Your Receipt' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Discard this reading?' }).count()).toBe(0);
    await context.close();
  });

  it('puts the first Send of Individual Totals on the first screen at 390 × 844 on a 20-line bill, clear of the pinned Share Bill', async () => {
    const names = ['Ann', 'Ben', 'Cat'];
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `i${i}`, name: `Dish number ${i + 1}`, pricePence: 500 + i * 37, kind: 'item', assignedTo: [names[i % 3]!.toLowerCase()] }));
    const diners = names.map((name, i) => ({ id: name.toLowerCase(), name, color: ['#e11d48', '#2563eb', '#16a34a'][i] }));
    const gbp = { version: 1, bill: { ...BILL_IN_PROGRESS.bill, step: 'summary', items, diners, receipt: { merchant: 'The Golden Lantern Brasserie', date: '2026-11-25' } } };
    // A euro bill paid back in pounds too: its rate card sits beside Getting paid back, after Individual Totals.
    const eur = { ...gbp, bill: { ...gbp.bill, currency: 'EUR', payBackRate: '0.86' } };
    for (const [colorScheme, bill] of [
      ['light', gbp],
      ['dark', gbp],
      ['light', eur],
    ] as const) {
      const { context, page } = await phone({ colorScheme });
      await context.addInitScript((b) => localStorage.getItem('whos-paying:bill') ?? localStorage.setItem('whos-paying:bill', JSON.stringify(b)), bill);
      await page.goto('/app');
      await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
      await page.getByText(/^20 items · [£€]/).waitFor();
      const send = page.getByRole('button', { name: 'Send Ann their share' });
      const box = (await send.boundingBox())!;
      expect(box.y + box.height, colorScheme).toBeLessThanOrEqual(844);
      // Not under the pinned Share Bill: the button itself is what a tap at its middle meets.
      expect(await send.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
      // The spec's order is kept: Items Summary, Tip, Individual Totals, Grand Total.
      const order = await page.locator('main h2').evaluateAll((hs) => hs.map((h) => h.textContent));
      expect(order.filter((t) => ['Items Summary', 'Tip', 'Individual Totals', 'Grand Total'].includes(t ?? ''))).toEqual(['Items Summary', 'Tip', 'Individual Totals', 'Grand Total']);
      await context.close();
    }
  });

  it('gives both currencies and the rate on a euro bill paid back in pounds: the Share Bill text, the Send message, the organiser’s rows and card, Ben’s page and the reminder, whose link opens each person’s own page', async () => {
    const bill = {
      version: 1,
      bill: {
        ...BILL_IN_PROGRESS.bill,
        step: 'summary',
        currency: 'EUR',
        payBackRate: '0.86',
        items: [
          { id: 'soup', name: 'Soup', pricePence: 1000, kind: 'item', assignedTo: ['ann'] },
          { id: 'fish', name: 'Fish', pricePence: 2000, kind: 'item', assignedTo: ['ben'] },
          { id: 'cake', name: 'Cake', pricePence: 1500, kind: 'item', assignedTo: ['cat'] },
        ],
        diners: [...BILL_IN_PROGRESS.bill.diners, { id: 'cat', name: 'Cat', color: '#16a34a' }],
        tip: { mode: 'percent', percent: 0, amountText: '', chosen: true },
        receipt: { merchant: 'Chez Paul', date: '2026-11-25' },
      },
    };
    const { context, page } = await phone({ permissions: ['clipboard-read', 'clipboard-write'] });
    await context.addInitScript((b) => localStorage.getItem('whos-paying:bill') ?? localStorage.setItem('whos-paying:bill', JSON.stringify(b)), bill);
    await page.goto('/app');
    // €20.00 at 0.86 is £17.20; the three shares add up in pounds too (€45.00 is £38.70).
    await page.getByRole('listitem', { name: 'Ben pays €20.00 (£17.20)' }).waitFor();

    await page.getByRole('button', { name: 'Share Bill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Bill' });
    const rich = dialog.getByRole('region', { name: 'Rich Text' });
    await expect.poll(() => rich.innerText()).toContain('Total: €45.00 (£38.70)');
    expect(await rich.innerText()).toContain('• Ben: €20.00 (£17.20)');
    expect(await rich.innerText()).toContain('Paid back in GBP at 1 EUR = £0.86');
    await page.keyboard.press('Escape');

    const message = await firstSend(page, 'Ben');
    expect(message).toMatch(/Your share of .+ is €20\.00 or £17\.20 at 1 EUR = £0\.86 \(Fish\)/);
    const benLink = message.match(OWN_LINK)![0];
    const ben = await phone();
    await ben.page.goto(benLink);
    await ben.page.getByRole('heading', { name: "Ben's Breakdown" }).waitFor();
    await ben.page.getByText('Paid back in GBP at 1 EUR = £0.86.').waitFor();
    await ben.page.getByRole('button', { name: "I've paid" }).click();
    await ben.page.getByText("You've told Alex you've paid €20.00 (£17.20). Thank you!").waitFor();

    // The organiser's row and card, in both currencies with the rate, as soon as Ben says so.
    await page
      .getByRole('listitem', { name: /^Ben pays/ })
      .getByText("✓ Ben says they've paid €20.00 (£17.20)")
      .waitFor({ timeout: 2500 });
    await page.getByText('1 of 3 paid · €25.00 (£21.50) still to come · at 1 EUR = £0.86').waitFor();

    await page.getByRole('button', { name: "Remind who hasn't paid" }).click();
    await page.getByText('Reminder copied').waitFor();
    const reminder = await clipboard(page);
    expect(reminder).toContain('Paid back in GBP at 1 EUR = £0.86');
    expect(reminder).not.toMatch(OWN_LINK);
    const catPage = reminder.match(/• Cat: €15\.00 \(£12\.90\) · pay here: (\S+)/)?.[1];
    expect(catPage, reminder).toBeDefined();
    // The reminder's link opens Cat's own page: what she has left, in both currencies, and her pay buttons.
    const cat = await phone();
    await cat.page.goto(catPage!);
    await cat.page.getByRole('heading', { name: "Cat's Breakdown" }).waitFor();
    expect(await cat.page.getByRole('region', { name: 'About this bill' }).innerText()).toMatch(/€15\.00\s+\(£12\.90\)/);
    await cat.page.getByRole('link', { name: 'Pay £12.90 with Monzo' }).waitFor();
    expect(await cat.page.getByRole('button', { name: "I've paid" }).count()).toBe(0);
    for (const phone of [page, ben.page, cat.page]) await phone.context().close();
  });

  it('says on Review why a 0.00 line and a negative price do not go on to Assign, and does not count them', async () => {
    const { context, page } = await phone();
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await scanToReview(page, backend, {
      items: [
        { name: 'Soup', pricePence: 500, kind: 'item' },
        { name: 'Bread', pricePence: 0, kind: 'item' },
        { name: 'Wine', pricePence: 900, kind: 'item' },
      ],
      totalPence: 1400,
      merchant: 'The Test Kitchen',
      date: '2026-11-25',
      currency: 'GBP',
    });
    await page.getByText('No price (0.00): this line does not go on to Assign. Type its price, or untick it.').waitFor();
    await page.getByText('1 ticked line does not go on to Assign: each says why.').waitFor();
    await page.getByRole('button', { name: 'Continue with 2 items' }).waitFor();

    await page.getByLabel('Price of Wine').fill('-9.00');
    await page.getByLabel('Price of Wine').blur();
    await page.getByText('A negative price: only a discount line takes money off. Type the price without the minus, or untick it.').waitFor();
    await page.getByText('2 ticked lines do not go on to Assign: each says why.').waitFor();
    await page.getByRole('button', { name: 'Continue with 1 items' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await context.close();
  });

  it('says in manual entry why a negative, 0 or too high price is not counted', async () => {
    const { context, page } = await phone();
    await openApp(page);
    await page
      .getByRole('button', { name: /Enter (Items )?Manually/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Enter Items Manually' });
    await dialog.getByLabel('Item 1 name').fill('Soup');
    await dialog.getByLabel('Item 1 price').fill('5.00');
    await dialog.getByRole('button', { name: 'Add Another Item' }).click();
    await dialog.getByLabel('Item 2 name').fill('Refund');
    await dialog.getByLabel('Item 2 price').fill('-4.00');
    await dialog.getByText('Enter a price greater than £0.00: this item is not counted.').waitFor();
    await dialog.getByLabel('Item 2 price').fill('0');
    await dialog.getByText('Enter a price greater than £0.00: this item is not counted.').waitFor();
    // More than any line may be: said, not counted, rather than refused later when the bill is shared.
    await dialog.getByLabel('Item 2 price').fill('200000');
    await dialog.getByText('Enter a price of at most £100,000.00. This item is not counted.').waitFor();
    await dialog.getByRole('button', { name: 'Continue (1 items)' }).waitFor();
    await context.close();
  });
});
