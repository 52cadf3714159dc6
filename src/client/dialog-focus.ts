import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * What every dialog does (WAI-ARIA modal dialog): on opening, focus moves into it; Escape closes it
 * from wherever focus is; on closing, focus goes back to what opened it.
 */
export function useDialogFocus(open: boolean, onClose: () => void, focusFirst: RefObject<HTMLElement | null>): void {
  // The latest onClose, so a parent passing a new function on each render does not re-run the effect.
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusFirst.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // After the rest of this update, so a native dialog has closed and its page is no longer inert.
      queueMicrotask(() => opener?.isConnected && opener.focus());
    };
  }, [open, focusFirst]);
}
