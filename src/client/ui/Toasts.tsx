import { useEffect, useRef } from 'react';
import { atom } from 'nanostores';
import { useStore } from '../use-store';
import { $toasts, dismissToast, type Toast } from './toasts';

// The slots on the screen now: a toast for a slot not yet there (the step is still loading) shows pinned meanwhile.
const $slots = atom<readonly string[]>([]);

/** The toast with no slot on the screen: at most one, clear of the sticky actions (src/styles/app.css); polite so screen readers hear it. */
export function Toasts() {
  const slots = useStore($slots);
  return <ToastRegion className="wz-toasts" shows={(t) => t.at === undefined || !slots.includes(t.at)} />;
}

/** Where the toasts answering one action show, in the page's flow beside it. */
export function ToastSlot({ at }: { readonly at: string }) {
  useEffect(() => {
    $slots.set([...$slots.get(), at]);
    return () => {
      const slots = [...$slots.get()];
      slots.splice(slots.indexOf(at), 1);
      $slots.set(slots);
      // Gone with the step it answered: it is no news on the next one.
      if (!slots.includes(at)) for (const t of $toasts.get()) if (t.at === at) dismissToast(t.id);
    };
  }, [at]);
  return <ToastRegion className="wz-toast-slot" shows={(t) => t.at === at} inFlow />;
}

function ToastRegion({ className, shows, inFlow = false }: { readonly className: string; readonly shows: (toast: Toast) => boolean; readonly inFlow?: boolean }) {
  const toasts = useStore($toasts).filter(shows);
  const region = useRef<HTMLDivElement>(null);
  const shown = toasts[0]?.id;
  // In the flow, the answer may land under the pinned Share Bill: brought into view, clear of it (html's scroll-padding).
  useEffect(() => {
    if (inFlow && shown !== undefined) region.current?.scrollIntoView({ block: 'nearest' });
  }, [inFlow, shown]);
  return (
    <div ref={region} className={className} role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="wz-toast" data-tone={t.tone}>
          <span>{t.message}</span>
          <button type="button" className="icon-button wz-toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
