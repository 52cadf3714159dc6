import { useStore } from '../use-store';
import { $toasts, dismissToast } from './toasts';

/** At most one, clear of the sticky actions (wizard.css); polite so screen readers hear them. */
export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="wz-toasts" role="status" aria-live="polite">
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
