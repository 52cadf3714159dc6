// What the app's summary step mounts (see README "Sharing"): dialogs take the bill as the wizard holds it.
export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { QrDialog, type QrDialogProps } from './QrDialog';
export { ShareButton } from './ShareButton';
export { ExportButtons } from './ExportButtons';
export type { ShareableBill } from '../../../domain/sharing/share-text';
