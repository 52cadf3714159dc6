import type { ManualEntry } from './ManualEntry';
import type { QrDialogProps } from '../sharing/QrDialog';
import type { ShareDialogProps } from '../sharing/ShareDialog';
import type { AddToTabDialogProps } from '../tab/AddToTabDialog';
import { onDemand } from '../on-demand';

// Parts inside the steps (review and manual entry in the scan step, the share and QR dialogs in the
// summary), apart from parts.ts so that a step and its parts never import each other.
export const reviewItems = onDemand<object>(() => import('./ReviewItems').then((m) => m.ReviewItems));
export const manualEntry = onDemand<Parameters<typeof ManualEntry>[0]>(() => import('./ManualEntry').then((m) => m.ManualEntry));
export const shareDialog = onDemand<ShareDialogProps>(() => import('../sharing/ShareDialog').then((m) => m.ShareDialog));
export const qrDialog = onDemand<QrDialogProps>(() => import('../sharing/QrDialog').then((m) => m.QrDialog));
export const addToTabDialog = onDemand<AddToTabDialogProps>(() => import('../tab/AddToTabDialog').then((m) => m.AddToTabDialog));
