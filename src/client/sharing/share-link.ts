import QRCode from 'qrcode';
import type { Bill } from '../../../domain/bill';
import type { z } from '../../contracts/zod';
import type { createShareLink } from '../../contracts/shares';
import { UNAVAILABLE_MESSAGE } from '../../contracts/endpoint';
import { OFFLINE_MESSAGES } from '../online';

/**
 * Why a share dialog has no link to show, when the person can do something about it: offline, or
 * the server busy for a moment. Any other failure is logged only, as the documents say.
 */
export function missingLinkMessage(code: string): string | null {
  if (code === 'offline') return OFFLINE_MESSAGES.share;
  return code === 'unavailable' ? UNAVAILABLE_MESSAGE : null;
}

/**
 * The bill as createShareLink takes it (the server holds the signing key and makes the link's lines):
 * one diner's view when `dinerId` is set; the rate the organiser is paid back at, when there is one.
 */
export function shareLinkRequest(bill: Bill, payBackRate: string | null, dinerId: string | null = null): z.input<typeof createShareLink.request> {
  return { bill, payBackRate, dinerId };
}

/**
 * The QR image's size in pixels. The specification generates it at 300 px (margin 2, black on white) and
 * shows it at 150; we show it as large as the dialog allows, up to this, so a phone across the
 * table can read it (dialogs.css).
 */
export const QR_SIZE = 300;

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}

export async function copyPng(dataUrl: string): Promise<void> {
  const blob = await (await fetch(dataUrl)).blob();
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
}
