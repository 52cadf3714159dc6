import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Beside the title (a TEST MODE badge, say). */
  readonly badge?: ReactNode;
  /** The × in the header, named 'Close' for screen readers; off where the dialog has its own Close button. */
  readonly closeButton?: boolean;
  readonly className?: string;
}

/**
 * The app's one dialog: a native <dialog> shown modal (focus stays inside, the page behind is inert,
 * the backdrop dims it), with a sticky title bar. Escape, a click on the backdrop and the × close it
 * through `onClose`, so the host's state stays the one truth about whether it is open. Renders
 * nothing while closed.
 */
export function Dialog({ open, title, onClose, children, badge, closeButton = true, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest onClose, so a host passing a new function on each render does not re-run the effect.
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The dialog itself takes focus, so it opens at its top (its summary), not scrolled to the first enabled button.
      dialog.focus({ preventScroll: true });
      dialog.scrollTop = 0;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // After the rest of this update, so the dialog has gone and the page is no longer inert.
      queueMicrotask(() => opener?.isConnected && opener.focus({ preventScroll: true }));
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      // Escape is handled above; the browser's own close would leave the host thinking it is open.
      onCancel={(event) => event.preventDefault()}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        {badge}
        {closeButton && (
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </header>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
