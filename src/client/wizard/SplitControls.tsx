import { useStore } from '../use-store';
import { MAX_SHARE_WEIGHT, MAX_UNITS, unitsGiven, type SplitMode } from '../../../domain/portions';
import type { BillItem, Diner } from '../../../domain/receipt';
import { $billView, setPortion, setQuantity, setSplitMode } from '../bill/bill-store';
import { Button } from '../ui/Button';
import { useMoney } from './use-money';

const MODE_LABELS: Readonly<Record<SplitMode, string>> = { equal: 'Equally', shares: 'By shares', units: 'By units' };

/** How one item is split: equally between those ticked, by uneven shares (2:1), or unit by unit ("3 x Peroni"). */
export function SplitControls({ item, diners }: { readonly item: BillItem; readonly diners: readonly Diner[] }) {
  const money = useMoney();
  const { split } = useStore($billView);
  const portions = item.portions;
  const mode: SplitMode = portions?.by ?? 'equal';
  const partOf = (dinerId: string) => split.shares.find((s) => s.dinerId === dinerId)?.lines.find((l) => l.itemId === item.id)?.sharePence;
  const unit = portions?.by === 'units' ? 'unit' : 'share';
  return (
    <div className="wz-split">
      <label className="wz-split-mode">
        <span>Split</span>
        <select className="wz-input" value={mode} aria-label={`How to split ${item.name}`} onChange={(e) => setSplitMode(item.id, e.currentTarget.value as SplitMode)}>
          {(Object.keys(MODE_LABELS) as SplitMode[]).map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      {portions?.by === 'units' ? (
        <Stepper
          label={`Units of ${item.name}`}
          text="Units on this line"
          value={portions.quantity}
          min={2}
          max={MAX_UNITS}
          fewer={`One unit fewer on ${item.name}`}
          more={`One unit more on ${item.name}`}
          onChange={(n) => setQuantity(item.id, n)}
        />
      ) : null}
      {portions !== undefined ? (
        <ul className="wz-portions">
          {diners.map((diner) => {
            const count = portions.counts[diner.id] ?? 0;
            const part = partOf(diner.id);
            const spare = portions.by === 'units' ? portions.quantity - unitsGiven(portions) : MAX_SHARE_WEIGHT - count;
            return (
              <li key={diner.id}>
                <Stepper
                  label={`${diner.name}'s ${unit}s of ${item.name}`}
                  text={diner.name}
                  value={count}
                  min={0}
                  max={count + Math.max(spare, 0)}
                  fewer={`${diner.name}: one ${unit} fewer`}
                  more={`${diner.name}: one ${unit} more`}
                  onChange={(n) => setPortion(item.id, diner.id, n)}
                />
                <span className="wz-part">{part !== undefined ? money(part) : ''}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {portions?.by === 'units' && unitsGiven(portions) < portions.quantity ? (
        <p className="wz-note">
          {portions.quantity - unitsGiven(portions)} of {portions.quantity} units not given to anyone yet
        </p>
      ) : null}
    </div>
  );
}

interface StepperProps {
  readonly label: string;
  readonly text: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly fewer: string;
  readonly more: string;
  readonly onChange: (value: number) => void;
}

function Stepper({ label, text, value, min, max, fewer, more, onChange }: StepperProps) {
  return (
    <div className="wz-stepper" role="group" aria-label={label}>
      <span className="wz-stepper-text">{text}</span>
      {/* aria-disabled, not disabled: a button that disables itself would drop keyboard focus. */}
      <Button aria-label={fewer} aria-disabled={value <= min} onClick={() => value > min && onChange(value - 1)}>
        −
      </Button>
      <output className="wz-stepper-value" aria-live="polite">
        {value}
      </output>
      <Button aria-label={more} aria-disabled={value >= max} onClick={() => value < max && onChange(value + 1)}>
        +
      </Button>
    </div>
  );
}
