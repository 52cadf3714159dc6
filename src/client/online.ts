import { atom } from 'nanostores';

/**
 * Whether the browser has a network connection. Manual splits work offline (the service worker
 * serves the app shell); a scan or a payment needs the network, so islands check this first and
 * say so instead of failing with a network error.
 */
const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => $online.set(true));
  window.addEventListener('offline', () => $online.set(false));
}

export const isOnline = (): boolean => $online.get();

/** What an island says when something that needs the network is chosen offline, or finds no connection: one place for every such text. */
export const OFFLINE_MESSAGES = {
  scan: "You're offline. Scanning a receipt needs an internet connection; Enter Manually works offline.",
  payment: "You're offline. Buying tokens needs an internet connection.",
  share: "You're offline. A share link needs an internet connection; close this and try again when you are back online.",
  send: 'Sharing needs a connection. Try again when you are online.',
  openToTable: 'Opening the bill to the table needs a connection. Try again when you are back online.',
  handOut: 'Sending to phones needs a connection. Try again when you are online.',
  liveChange: 'You are offline. Try again when you are back online.',
} as const;
