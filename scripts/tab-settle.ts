/**
 * Settles a tab up and prints one JSON line {balances, transfers} (amounts in minor units; a positive
 * balance is owed money):
 *   npm run --silent tab:settle -- <tab.json>
 * The file: {"currency":"EUR","people":["Ana",…],"bills":[{"name":"Dinner","paid":{"Ana":6000},
 * "owed":{"Ana":3000,"Ben":3000}}],"transfers":[{"from":"Ben","to":"Ana","amount":1000}]}, where
 * `transfers` are payments already made. A bill or a payment may name its own "currency"; then
 * "rates" ({"GBP":"1.17"}: one GBP is 1.17 of the tab's currency) must say how to turn it into the
 * tab's. A tab that does not add up is refused with a message naming the bill, and no plan.
 */
import { readFile } from 'node:fs/promises';
import { parseTabFile, settleTabFile } from './tab/tab-file';

const [file] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: npm run --silent tab:settle -- <tab.json>');
  process.exit(64);
}

let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(66);
}

const tab = parseTabFile(text);
if (!tab.ok) {
  console.error(tab.error);
  process.exit(65);
}
const plan = settleTabFile(tab.value);
if (!plan.ok) {
  console.error(plan.error);
  process.exit(65);
}
console.log(JSON.stringify(plan.value));
