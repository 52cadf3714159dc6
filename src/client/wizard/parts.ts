import type { ScanStep } from './ScanStep';
import type { SummaryStep } from './SummaryStep';
import type { BuyTokensDialogProps } from '../buying-tokens/BuyTokensDialog';
import { onDemand } from '../on-demand';

// The wizard's steps and dialogs, fetched when reached or opened, or before that when the browser
// is idle (WizardApp prefetches them; the parts inside steps are in inner-parts.ts). The scan step
// is one too: it shows nothing before the usage answer arrives, so its code is fetched alongside
// that request rather than ahead of the page's start.
export const scanStep = onDemand<Parameters<typeof ScanStep>[0]>(() => import('./ScanStep').then((m) => m.ScanStep));
export const assignStep = onDemand<object>(() => import('./AssignStep').then((m) => m.AssignStep));
export const summaryStep = onDemand<Parameters<typeof SummaryStep>[0]>(() => import('./SummaryStep').then((m) => m.SummaryStep));
// Bills shared from this device, under the scan step: most first visits have none.
export const recentBills = onDemand<object>(() => import('../paying-back/RecentBills').then((m) => m.RecentBills));
export const buyTokensDialog = onDemand<BuyTokensDialogProps>(() => import('../buying-tokens/BuyTokensDialog').then((m) => m.BuyTokensDialog));
export { tokenRecoveryDialog } from '../scan-credits/RecoverTokensButton';
