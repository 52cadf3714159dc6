import { useStore } from '../use-store';
import { useEffect, useRef, useState } from 'react';
import { DINER_NAME_MESSAGES, dinerInitial, MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../../../domain/diners';
import { isEveryone } from '../../../domain/portions';
import type { BillItem, Diner } from '../../../domain/receipt';
import { $bill } from '../bill/bill-state';
import { $focusItem, addDiner, addItem, backToReview, continueToSummary, openedToTable, removeDiner, toggleAssignment, toggleEveryone } from '../bill/bill-store';
import { AddLineForm, type AddLineWords } from './AddLineForm';
import { $currency } from './use-money';
import { ItemHead } from './ItemEditor';
import { SplitControls } from './SplitControls';
import { scrollToTop } from '../scroll-to-top';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { OrganiserLivePanel } from '../live-bill/OrganiserLivePanel';
import { openToTable } from '../live-bill/open-to-table';
import { OPEN_TO_TABLE_SLOT, toast } from '../ui/toasts';
import { ToastSlot } from '../ui/Toasts';
import { Problem } from '../ui/Problem';
import { RemoveDinerDialog } from '../bill/RemoveDinerDialog';

const NO_DINERS_MESSAGE = 'You need to add at least one person before assigning items';

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
      <div className="wz-title-row">
        <Button variant="ghost" onClick={backToReview}>
          ← Back to Review
        </Button>
      </div>
      <DinersCard diners={diners} items={items} />
      <Card aria-labelledby="assign-title">
        <h2 id="assign-title">Assign Items</h2>
        {isTestReceipt ? (
          <p className="wz-test-banner" role="note">
            <strong>TEST MODE</strong> This is the sample receipt: try every step freely, nothing is used or charged.
          </p>
        ) : null}
        {diners.length === 0 ? <p className="wz-panel wz-warning">{NO_DINERS_MESSAGE}</p> : null}
        {items.length === 0 ? (
          <p className="wz-empty">No items yet. Add the first item below.</p>
        ) : (
          <ul className="wz-assign-list">
            {items.map((item) => (
              <AssignItem key={item.id} item={item} diners={diners} />
            ))}
          </ul>
        )}
        <AddItemForm />
      </Card>
      <ToastSlot at={OPEN_TO_TABLE_SLOT} />
      {items.length > 0 ? (
        <div className="wz-actions wz-end">
          <OpenToTableButton />
          {diners.length > 0 ? (
            <Button variant="primary" onClick={continueToSummary}>
              Continue to Summary
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function AssignItem({ item, diners }: { readonly item: BillItem; readonly diners: readonly Diner[] }) {
  const everyone = isEveryone(
    item,
    diners.map((d) => d.id),
  );
  const focusItem = useStore($focusItem);
  const row = useRef<HTMLLIElement>(null);
  // Sent here by the Summary's "Assign" fix: this item in view, its first toggle focused.
  useEffect(() => {
    if (focusItem !== item.id || row.current === null) return;
    const target = row.current;
    // After the step change's own scroll to the top (the wizard's effect runs after this one).
    const timer = setTimeout(() => {
      $focusItem.set(null);
      target.scrollIntoView({ block: 'center' });
      target.querySelector<HTMLButtonElement>('.wz-toggles button')?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [focusItem, item.id]);
  return (
    <li className="wz-assign-item" ref={row} id={`assign-${item.id}`}>
      <ItemHead item={item} />
      {diners.length > 0 ? (
        <>
          <div className="wz-toggles" role="group" aria-label={`Who had ${item.name}`}>
            <button type="button" className="wz-toggle wz-everyone" aria-pressed={everyone} onClick={() => toggleEveryone(item.id)}>
              {everyone ? <span aria-hidden="true">✓ </span> : null}
              Everyone
            </button>
            {item.portions === undefined
              ? diners.map((diner) => {
                  const pressed = item.assignedTo.includes(diner.id);
                  return (
                    <button key={diner.id} type="button" className="wz-toggle" aria-pressed={pressed} style={{ borderColor: diner.color }} onClick={() => toggleAssignment(item.id, diner.id)}>
                      {pressed ? <span aria-hidden="true">✓ </span> : null}
                      {diner.name}
                    </button>
                  );
                })
              : null}
          </div>
          {item.kind === 'item' ? <SplitControls item={item} diners={diners} /> : null}
        </>
      ) : null}
    </li>
  );
}

/** Everyone picks their own items on their own phone. */
function OpenToTableButton() {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const opened = await openToTable($bill.get());
    setBusy(false);
    if (opened.ok) {
      openedToTable(opened.live);
      // The QR code the table scans heads the panel that replaces this step: tapped at the foot of a
      // long bill, it was far above the screen.
      scrollToTop();
    } else toast(opened.message, 'error', OPEN_TO_TABLE_SLOT);
  };
  return (
    <Button disabled={busy} onClick={() => void open()}>
      Let everyone pick on their phone
    </Button>
  );
}

function DinersCard({ diners, items }: { readonly diners: readonly Diner[]; readonly items: readonly BillItem[] }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Diner | null>(null);
  const add = () => {
    const added = addDiner(name);
    setProblem(added.ok ? null : DINER_NAME_MESSAGES[added.error]);
    if (added.ok) setName('');
  };
  return (
    <Card aria-labelledby="diners-title">
      <h2 id="diners-title">Who's dining</h2>
      {diners.length > 0 ? (
        <ul className="wz-diners">
          {diners.map((diner) => (
            // A name longer than a half-row column holds takes the whole row rather than break mid-word.
            <li key={diner.id} className={[...diner.name].length > 7 ? 'wz-diner wz-diner-long' : 'wz-diner'}>
              <Avatar diner={diner} />
              <span>{diner.name}</span>
              <button type="button" className="icon-button" aria-label={`Remove ${diner.name}`} onClick={() => setRemoving(diner)}>
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
            autoComplete="off"
            value={name}
            aria-describedby="diner-name-hint diner-name-problem"
            aria-invalid={problem !== null}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setProblem(null);
            }}
          />
          <Button type="submit" disabled={name.trim() === ''}>
            Add
          </Button>
          <p id="diner-name-hint" className="wz-note wz-form-hint">
            Up to {MAX_DINER_NAME_LENGTH} characters, each name once
          </p>
          <Problem id="diner-name-problem" message={problem} />
        </form>
      )}
      {removing !== null ? (
        <RemoveDinerDialog
          name={removing.name}
          items={items.filter((i) => i.assignedTo.includes(removing.id)).map((i) => i.name)}
          onRemove={() => removeDiner(removing.id)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}

/** Items can be added on every bill, scanned, entered by hand or the sample. */
const NEW_ITEM: AddLineWords = {
  id: 'item',
  legend: 'Add an item',
  nameLabel: 'Item name',
  namePlaceholder: 'Item name',
  priceLabel: 'Item price',
  submit: 'Add Item',
  nameNeeded: 'Enter the item name.',
};

function AddItemForm() {
  const [price, setPrice] = useState('');
  const currency = useStore($currency);
  return <AddLineForm currency={currency} words={NEW_ITEM} price={price} onPriceChange={setPrice} add={addItem} />;
}
