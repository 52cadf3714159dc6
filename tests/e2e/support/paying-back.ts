import type { Page } from 'playwright-core';

/** What the organiser's phone last copied (on a development host, Send copies instead of sharing). */
export const clipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

/** A diner's own /r/ link: their capability, which only their own message may carry. */
export const OWN_LINK = /https?:\/\/\S+\/r\/[a-z0-9]+\/[a-z0-9]{27}/;

/**
 * From the Summary, the first Send: it asks for the organiser's details (Alex, Monzo alex-m), then
 * copies the diner's message; answers that message.
 */
export async function firstSend(page: Page, diner: string): Promise<string> {
  await page.getByRole('button', { name: `Send ${diner} their share` }).click();
  const details = page.getByRole('dialog', { name: 'Your payment details' });
  await details.getByLabel('Your name').fill('Alex');
  await details.getByLabel('Monzo.me username').fill('alex-m');
  await details.getByRole('button', { name: 'Save details' }).click();
  await page.getByText(`Message for ${diner} copied`).waitFor();
  return clipboard(page);
}
