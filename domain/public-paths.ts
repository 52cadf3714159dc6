/** Every public page a link or QR code points at, built in this one place (the origin is added at the edge). */
export const publicPaths = {
  /** The whole bill from a signed share link. */
  sharedBill: (token: string) => `/b/${token}`,
  /** One diner's own page of a stored bill: their private capability is in the path. */
  dinerPage: (receiptId: string, dinerKey: string) => `/r/${receiptId}/${dinerKey}`,
  /** A bill opened to the table: the table's key travels in the fragment, so no server or log sees it. */
  liveBill: (billId: string, tableKey: string) => `/live/${billId}#${tableKey}`,
  /** A group's tab: its key travels in the fragment, as the live bill's does. */
  tab: (tabId: string, key: string) => `/tab/${tabId}#${key}`,
} as const;
