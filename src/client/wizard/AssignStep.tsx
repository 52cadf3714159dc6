import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { dinerInitial, MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../../../domain/diners';
import { formatGBP } from '../../../domain/money';
import type { Diner } from '../../../domain/receipt';
import { MoneyInput } from '../ui/MoneyInput';
import { OrganiserLivePanel } from '../live/OrganiserLivePanel';
import { openToTable } from '../live/open-to-table';
import { $bill, addDiner, addItem, continueToSummary, openedToTable, removeDiner, toggleAssignment } from './bill-store';
import { toast } from './toasts';

export const NO_DINERS_MESSAGE = 'You need to add at least one person before assigning items';

export function Avatar({ diner }: { readonly diner: Diner }) {
  return (
    <span className="wz-avatar" style={{ borderColor: diner.color }} aria-hidden="true">
      {dinerInitial(diner.name)}
    </span>
  );
}

export function AssignStep() {
  const { diners, items, isTestReceipt, live } = useStore($bill);
  if (live !== null) return <OrganiserLivePanel link={live} />;
  return (
    <>
      <DinersCard diners={diners} />
      <section className="wz-card" aria-labelledby="assign-title">
        <h2 id="assign-title">Assign Items</h2>
        {isTestReceipt ? (
          <p className="wz-test-banner" role="note">
            <strong>TEST MODE</strong> This bill was entered by hand or from the sample receipt, so adding items here is turned off.
          </p>
        ) : null}
        {diners.length === 0 ? <p className="wz-panel wz-warning">{NO_DINERS_MESSAGE}</p> : null}
        {items.length === 0 ? (
          <p className="wz-empty">No items yet. Add the first item below.</p>
        ) : (
          <ul className="wz-assign-list">
            {items.map((item) => (
              <li key={item.id} className="wz-assign-item">
                <div className="wz-assign-head">
                  <span>{item.name}</span>
                  <span>{formatGBP(item.pricePence)}</span>
                </div>
                {diners.length > 0 ? (
                  <div className="wz-toggles" role="group" aria-label={`Who had ${item.name}`}>
                    {diners.map((diner) => {
                      const pressed = item.assignedTo.includes(diner.id);
                      return (
                        <button
                          key={diner.id}
                          type="button"
                          className="wz-toggle"
                          aria-pressed={pressed}
                          style={{ borderColor: diner.color }}
                          onClick={() => toggleAssignment(item.id, diner.id)}
                        >
                          {pressed ? <span aria-hidden="true">✓ </span> : null}
                          {diner.name}
                        </button>
                      );
                    })}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <AddItemForm disabled={isTestReceipt} />
      </section>
      {items.length > 0 ? (
        <div className="wz-actions wz-end">
          <OpenToTableButton />
          {diners.length > 0 ? (
            <button type="button" className="wz-btn wz-primary" onClick={continueToSummary}>
              Continue to Summary
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Everyone picks their own items on their own phone (DESIGN.md §1 item 10). */
function OpenToTableButton() {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const opened = await openToTable($bill.get());
    setBusy(false);
    if (opened.ok) openedToTable(opened.live);
    else toast(opened.message, 'error');
  };
  return (
    <button type="button" className="wz-btn" disabled={busy} onClick={() => void open()}>
      Let everyone pick on their phone
    </button>
  );
}

function DinersCard({ diners }: { readonly diners: readonly Diner[] }) {
  const [name, setName] = useState('');
  const add = () => {
    if (addDiner(name).ok) setName('');
  };
  return (
    <section className="wz-card" aria-labelledby="diners-title">
      <h2 id="diners-title">Who's dining</h2>
      {diners.length > 0 ? (
        <ul className="wz-diners">
          {diners.map((diner) => (
            <li key={diner.id} className="wz-diner">
              <Avatar diner={diner} />
              <span>{diner.name}</span>
              <button type="button" className="wz-icon-btn wz-small" aria-label={`Remove ${diner.name}`} onClick={() => removeDiner(diner.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {diners.length >= MAX_DINERS ? (
        <p className="wz-note" role="status">
          {MAX_DINERS_MESSAGE}
        </p>
      ) : (
        <form
          className="wz-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <label className="wz-visually-hidden" htmlFor="diner-name">
            Diner name
          </label>
          <input
            id="diner-name"
            className="wz-input"
            type="text"
            placeholder="Add a name"
            maxLength={MAX_DINER_NAME_LENGTH}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" className="wz-btn" disabled={name.trim() === ''}>
            Add
          </button>
        </form>
      )}
    </section>
  );
}

function AddItemForm({ disabled }: { readonly disabled: boolean }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="wz-add-item"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const added = addItem(name, price);
        if (added.ok) {
          setName('');
          setPrice('');
          setProblem(null);
        } else setProblem(added.error === 'name needed' ? 'Enter the item name.' : 'Enter a price greater than £0.00.');
      }}
    >
      <fieldset disabled={disabled}>
        <legend>Add an item</legend>
        <div className="wz-inline-form">
          <label className="wz-visually-hidden" htmlFor="item-name">
            Item name
          </label>
          <input id="item-name" className="wz-input" type="text" placeholder="Item name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <label className="wz-visually-hidden" htmlFor="item-price">
            Item price
          </label>
          <MoneyInput id="item-price" value={price} onValueChange={setPrice} />
          <button type="submit" className="wz-btn">
            Add Item
          </button>
        </div>
        {problem ? (
          <p className="wz-error" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
