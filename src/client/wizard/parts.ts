import type { ManualEntry } from './ManualEntry';
import type { ScanStep } from './ScanStep';
import type { SummaryStep } from './SummaryStep';
import type { BuyTokensDialogProps } from '../payments/BuyTokensDialog';
import type { QrDialogProps } from '../sharing/QrDialog';
import type { ShareDialogProps } from '../sharing/ShareDialog';
import { onDemand } from '../on-demand';

// The wizard's parts, fetched when reached or opened, or before that when the browser is idle
// (WizardApp prefetches them). The scan step is one too: it shows nothing before the usage answer
// arrives, so its code is fetched alongside that request rather than ahead of the page's start.
export const scanStep = onDemand<Parameters<typeof ScanStep>[0]>(() => import('./ScanStep').then((m) => m.ScanStep));
export const reviewItems = onDemand<object>(() => import('./ReviewItems').then((m) => m.ReviewItems));
export const manualEntry = onDemand<Parameters<typeof ManualEntry>[0]>(() => import('./ManualEntry').then((m) => m.ManualEntry));
export const assignStep = onDemand<object>(() => import('./AssignStep').then((m) => m.AssignStep));
export const summaryStep = onDemand<Parameters<typeof SummaryStep>[0]>(() => import('./SummaryStep').then((m) => m.SummaryStep));
export const buyTokensDialog = onDemand<BuyTokensDialogProps>(() => import('../payments/BuyTokensDialog').then((m) => m.BuyTokensDialog));
export const shareDialog = onDemand<ShareDialogProps>(() => import('../sharing/ShareDialog').then((m) => m.ShareDialog));
export const qrDialog = onDemand<QrDialogProps>(() => import('../sharing/QrDialog').then((m) => m.QrDialog));
export { tokenRecoveryDialog } from '../metering/RecoverTokensButton';
