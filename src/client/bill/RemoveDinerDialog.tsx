import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  readonly name: string;
  /** The items the diner is on (each named once): they come off them. */
  readonly items: readonly string[];
  /** A live bill: the diner's phone is told. */
  readonly onTheirPhone?: boolean;
  readonly onRemove: () => void;
  readonly onClose: () => void;
}

/** Remove asks first and says what goes with the diner: nothing is taken off the bill unseen. */
export function RemoveDinerDialog({ name, items, onTheirPhone = false, onRemove, onClose }: Props) {
  return (
    <Dialog open title={`Remove ${name}?`} onClose={onClose}>
      <p>
        {items.length === 0
          ? `${name} has no items yet.`
          : `${name} comes off ${items.length === 1 ? '1 item' : `${items.length} items`}: ${listed(items)}. What only ${name} had goes back to nobody.`}
      </p>
      {onTheirPhone ? <p>Their phone is told, and they can join again from the link.</p> : null}
      <div className="wz-actions wz-end">
        <Button onClick={onClose}>Keep {name}</Button>
        <Button
          variant="danger"
          onClick={() => {
            onRemove();
            onClose();
          }}
        >
          Remove {name}
        </Button>
      </div>
    </Dialog>
  );
}

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
