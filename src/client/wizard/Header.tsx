import { useStore } from '../use-store';
import { $theme, toggleTheme } from '../theme';
import { remainingBills } from '../../../domain/scan-credits/freemium';
import { RecoverTokensButton } from '../scan-credits/RecoverTokensButton';
import { $metering } from '../scan-credits/metering-store';
import { SCAN_SLOT, toast } from '../ui/toasts';
import { usageShown } from './usage';

export function Header() {
  const usage = usageShown(useStore($metering));
  const theme = useStore($theme);
  const left = usage ? remainingBills(usage) : null;
  return (
    <header className="wz-header">
      <a className="brand wz-brand" href="/">
        <img src="/icons/icon.svg" width={32} height={32} alt="" />
        <h1 className="wz-brand-title">Who's Paying</h1>
      </a>
      <div className="wz-header-tools">
        {left !== null && usage ? (
          <span className="wz-badge" data-tokens={usage.tokens > 0 ? 'yes' : 'no'} title="Free bills left plus tokens">
            {left} {left === 1 ? 'bill' : 'bills'} left
          </span>
        ) : null}
        <RecoverTokensButton className="icon-button" onRecovered={(message) => toast(message, 'success', SCAN_SLOT)} />
        <button
          type="button"
          className="icon-button"
          aria-label="Dark theme"
          aria-pressed={theme === 'dark'}
          title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggleTheme}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {theme === 'dark' ? (
              <path
                d="M12 4V2m0 20v-2m8-8h2M2 12h2m13.7-5.7 1.4-1.4M4.9 19.1l1.4-1.4m0-11.4L4.9 4.9m14.2 14.2-1.4-1.4M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : (
              <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            )}
          </svg>
        </button>
      </div>
    </header>
  );
}
