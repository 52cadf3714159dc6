import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noPostgres, onPostgres } from './support/on-postgres';
import { newPhone } from './support/browser';
import { WCAG22_AA } from './support/axe';
import { expectAccessible } from './support/wizard';
import { BILL_IN_PROGRESS, claimButton, finishAndSend } from './support/at-the-table';

// Issue 42 on Postgres, served by two app processes: the organiser's phone on one, the diners'
// phones on the other, so what reaches a phone has gone through Postgres's LISTEN/NOTIFY.
// Cat back in her seat on a second browser; Ben's "I've paid" on the organiser's summary at once.

describe.skipIf(noPostgres !== null)('at the table, on Postgres with two app processes', () => {
  const on = onPostgres(2);

  /** The organiser opens the bill to the table on the first process; the table's link, on the second. */
  async function openToTable(): Promise<{ op: Page; link: string }> {
    const { context, page: op } = await newPhone(on.browser, { baseURL: on.servers[0]!.url, permissions: ['clipboard-read', 'clipboard-write'] });
    await context.addInitScript((bill) => {
      if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
    }, BILL_IN_PROGRESS);
    await op.goto('/app');
    await op.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
    await op.getByRole('img', { name: 'QR code that opens this bill on a phone' }).waitFor();
    const href = (await op.getByRole('link', { name: /\/live\// }).getAttribute('href'))!;
    const url = new URL(href);
    return { op, link: `${on.servers[1]!.url}${url.pathname}${url.hash}` };
  }

  it('lets Cat back into her seat on a second browser with one tap of the organiser’s; her first phone is told it lost the seat', async () => {
    const { op, link } = await openToTable();
    const first = await newPhone(on.browser, { baseURL: on.servers[1]!.url });
    await first.page.goto(link);
    await first.page.getByLabel('Not on the list? Add yourself').fill('Cat');
    await first.page.getByRole('button', { name: 'Add me' }).click();
    await first.page.getByRole('heading', { name: 'What did you have, Cat?' }).waitFor();
    await claimButton(first.page, 'Tiramisu 1 of 2').click();
    await op.getByRole('group', { name: 'Who had Tiramisu 1 of 2' }).getByRole('button', { name: 'Cat', pressed: true }).waitFor();

    // Her second browser: her seat is taken, and she asks for it.
    const second = await newPhone(on.browser, { baseURL: on.servers[1]!.url });
    await second.page.goto(link);
    await second.page.getByRole('button', { name: 'Cat (joined)' }).click();
    await second.page.getByText('Cat has joined on another phone. Is this you, on a new phone?').waitFor();
    await expectAccessible(second.page, 'live bill, asking for a seat', WCAG22_AA);
    await second.page.getByRole('button', { name: 'Ask to rejoin as Cat' }).click();
    await second.page.getByRole('heading', { name: 'Waiting for the organiser' }).waitFor();

    // The organiser's phone, on the other process, hears it through the stream and lets her in with one tap.
    const asking = op.getByRole('status').filter({ hasText: 'Cat wants to rejoin on another phone' });
    await asking.waitFor({ timeout: 3000 });
    await asking.scrollIntoViewIfNeeded();
    await expectAccessible(op, 'live bill, organiser, a seat asked for', WCAG22_AA);
    await asking.getByRole('button', { name: 'Let in Cat' }).click();
    await asking.waitFor({ state: 'detached' });

    await second.page.getByRole('heading', { name: 'What did you have, Cat?' }).waitFor({ timeout: 3000 });
    await claimButton(second.page, 'Tiramisu 1 of 2').and(second.page.locator('[aria-pressed="true"]')).waitFor();
    await first.page.getByRole('alert').filter({ hasText: 'Cat is now on another phone: the organiser let that phone into the seat.' }).waitFor({ timeout: 3000 });
    await first.page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await expectAccessible(first.page, 'live bill, the seat moved', WCAG22_AA);

    // The seat is the second browser's: its claims reach the organiser; still one Cat at the table.
    await claimButton(second.page, 'Soup').click();
    await op.getByRole('group', { name: 'Who had Soup' }).getByRole('button', { name: 'Cat', pressed: true }).waitFor();
    expect(
      await op
        .getByRole('listitem')
        .filter({ hasText: /^Cat ·/ })
        .count(),
    ).toBe(1);

    // The first phone asks back and the organiser says not now: it is told so, and the seat stays where it is.
    await first.page.getByRole('button', { name: 'Cat (joined)' }).click();
    await first.page.getByRole('button', { name: 'Ask to rejoin as Cat' }).click();
    await op.getByRole('status').filter({ hasText: 'Cat wants to rejoin on another phone' }).getByRole('button', { name: 'Not now' }).click();
    await first.page.getByRole('alert').filter({ hasText: 'The organiser has not let this phone in as Cat.' }).waitFor();
    await second.page.getByRole('heading', { name: 'What did you have, Cat?' }).waitFor();
    expect(await second.page.getByRole('heading', { name: 'Who are you?' }).count()).toBe(0);
    for (const phone of [op, first.page, second.page]) await phone.context().close();
  });

  it("shows Ben's I've paid on the organiser's summary within a couple of seconds, through the other process, with no reload", async () => {
    const { op, link } = await openToTable();
    const ben = await newPhone(on.browser, { baseURL: on.servers[1]!.url });
    await ben.page.goto(link);
    await ben.page.getByRole('button', { name: 'Ben', exact: true }).click();
    await ben.page.getByRole('heading', { name: 'What did you have, Ben?' }).waitFor();
    await claimButton(ben.page, 'Tiramisu 1 of 2').click();
    await finishAndSend(op);
    const benRow = op.getByRole('listitem', { name: /^Ben pays £/ });
    await benRow.getByText('Not paid yet').waitFor();

    // Ben opens his own page from his phone (on the second process) and says he has paid.
    await ben.page.getByRole('link', { name: 'Pay Olive' }).click();
    await ben.page.getByRole('button', { name: "I've paid" }).click();
    const said = Date.now();
    await ben.page.getByText(/^You've told Olive you've paid £[\d.]+\. Thank you!$/).waitFor();
    await benRow.getByText("✓ Ben says they've paid").waitFor({ timeout: 2500 });
    expect(Date.now() - said).toBeLessThan(3000);

    // After Finish, Ben on another browser asks for his seat; the organiser, on the summary, lets him in: his share is there.
    const again = await newPhone(on.browser, { baseURL: on.servers[1]!.url });
    await again.page.goto(link);
    await again.page.getByRole('button', { name: 'Ben (joined)' }).click();
    await again.page.getByRole('button', { name: 'Ask to rejoin as Ben' }).click();
    await op.getByRole('status').filter({ hasText: 'Ben wants to rejoin on another phone' }).getByRole('button', { name: 'Let in Ben' }).click();
    await again.page.getByRole('region', { name: 'Your share' }).getByRole('link', { name: 'Pay Olive' }).waitFor({ timeout: 3000 });
    for (const phone of [op, ben.page, again.page]) await phone.context().close();
  });
});
