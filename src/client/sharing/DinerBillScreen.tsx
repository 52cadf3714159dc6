import { formatMoney } from '../../../domain/currency';
import { inBoth } from '../../../domain/paying-back/pay-back-rate';
import type { DinerShareData } from '../../../domain/sharing/packet-view';
import { BrandBar } from '../ui/BrandBar';

/** The shared diner bill screen, from diner share data; printable. */
export function DinerBillScreen({ data }: { readonly data: DinerShareData }) {
  const count = data.dinerItems.length;
  const money = (amount: number) => formatMoney(amount, data.currency);
  // A bill paid back in pounds: what to pay is the amount in pounds, shown beside the bill's own.
  const payBack = data.payBack;
  const toPay = payBack === undefined ? money(data.total) : formatMoney(payBack.total, payBack.currency);
  const owed = data.owed === undefined ? null : payBack?.owed === undefined ? money(data.owed) : inBoth(money(data.owed), formatMoney(payBack.owed, payBack.currency));
  return (
    <main className="share diner-bill">
      <BrandBar>
        <a className="button secondary no-print" href="/">
          Back to App
        </a>
      </BrandBar>
      <section className="card">
        <h1>
          {data.billName === undefined ? null : <span className="where">{data.billName}</span>}
          {data.dinerName}'s Bill Breakdown
        </h1>
        <p>
          <span className="badge">Individual Bill</span>
        </p>
        <p className="big" aria-label="Total">
          {money(data.total)}
          {payBack === undefined ? null : <small className="also-in"> ({toPay})</small>}
        </p>
      </section>
      <section className="card" aria-label="Items Ordered">
        <h2>Items Ordered</h2>
        <p className="muted">
          {count} {count === 1 ? 'item' : 'items'} assigned to you
        </p>
        <ul className="rows">
          {data.dinerItems.map((item, n) => (
            <li key={n}>
              <span>
                {item.name}
                {item.shareCount > 1 && (
                  <small className="muted">
                    {' '}
                    Shared with {item.shareCount} people (1/{item.shareCount})
                  </small>
                )}
              </span>
              <span>{money(item.price)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-label="Cost Breakdown">
        <h2>Cost Breakdown</h2>
        <ul className="rows">
          <li>
            <span>Items Subtotal</span>
            <span>{money(data.subtotal)}</span>
          </li>
          <li>
            <span>Tip Share</span>
            <span>{money(data.tip)}</span>
          </li>
          <li className="total">
            <span>Total Amount</span>
            <span>{money(data.total)}</span>
          </li>
        </ul>
      </section>
      <section className="card" aria-label="Payment Information">
        <h2>Payment Information</h2>
        <p>
          {owed !== null
            ? `You paid the bill · owed ${owed}`
            : data.payee !== undefined
              ? `Please pay ${toPay} to ${data.payee}, who paid this bill.`
              : `Please pay ${toPay} to the person who shared this bill. If you have any questions about your share, contact them directly.`}
        </p>
      </section>
      <nav className="actions no-print">
        <a className="button secondary" href="/">
          Back to App
        </a>
        <button type="button" className="button" onClick={() => window.print()}>
          Print/Save PDF
        </button>
      </nav>
    </main>
  );
}

export function DinerBillError({ message }: { readonly message: string }) {
  return (
    <main className="share">
      <BrandBar />
      <section className="card error" role="alert">
        <h1>Oops! Something went wrong</h1>
        <p>{message}</p>
        <a className="button" href="/">
          Go Home
        </a>
      </section>
    </main>
  );
}
