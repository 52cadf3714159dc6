import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../dialog-focus';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

// showModal moves focus to the first control itself.
const NATIVE_FOCUS = { current: null };

/** A native modal dialog: focus is trapped, Escape closes it and focus returns to its opener, as screen readers expect. */
export function Dialog({ open, title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Before showModal below, so that the opener is still the focused element.
  useDialogFocus(open, onClose, NATIVE_FOCUS);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="wz-dialog" aria-labelledby={titleId} onCancel={(e) => e.preventDefault()}>
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
