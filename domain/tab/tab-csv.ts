import { minorToMajorText } from '../currency';
import { csvCell } from '../export';
import type { TabView } from './tab-view';

/** The tab as a spreadsheet opens it: its bills (who paid, each share), the payments made, and the plan. */
export function tabCsv(view: TabView): string {
  const rows: string[][] = [['section', 'bill or person', 'currency', 'total', 'paid by', ...view.people.map((p) => p.name)]];
  for (const bill of view.bills) {
    rows.push([
      'bill',
      bill.name,
      bill.currency,
      minorToMajorText(bill.total, bill.currency),
      bill.payers.map((p) => `${p.name} ${minorToMajorText(p.amount, bill.currency)}`).join('; '),
      ...view.people.map((p) => minorToMajorText(bill.shares.find((s) => s.personId === p.id)?.amount ?? 0, bill.currency)),
    ]);
  }
  for (const made of view.transfersMade) rows.push(['paid', `${made.fromName} → ${made.toName}`, made.currency, minorToMajorText(made.amount, made.currency), made.at, ...view.people.map(() => '')]);
  for (const settlement of view.settlements) {
    rows.push([
      'balance',
      settlement.rates.join('; '),
      settlement.currency,
      '',
      '',
      ...view.people.map((p) => minorToMajorText(settlement.balances.find((b) => b.personId === p.id)?.amount ?? 0, settlement.currency)),
    ]);
    for (const t of settlement.transfers) rows.push(['to pay', `${t.fromName} → ${t.toName}`, t.currency, minorToMajorText(t.amount, t.currency), t.reason, ...view.people.map(() => '')]);
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
