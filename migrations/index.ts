import type { Migration } from 'kysely/migration';
import * as anonymousUsers from './20261122T0319_anonymous_users';
import * as rateLimits from './20261122T0330_rate_limits';
import * as meteringAndLedger from './20261122T0400_metering_and_ledger';
import * as storedReceipts from './20261122T0600_stored_receipts';
import * as paymentOrders from './20261122T0700_payment_orders';
import * as receiptTipSplit from './20261122T0800_receipt_tip_split';
import * as liveBills from './20261124T1400_live_bills';

// Listed explicitly (not read from disk) so the same list works in the server bundle, scripts and tests.
// Names sort by their timestamp; add new migrations at the end.
export const migrations: Record<string, Migration> = {
  '20261122T0319_anonymous_users': anonymousUsers,
  '20261122T0330_rate_limits': rateLimits,
  '20261122T0400_metering_and_ledger': meteringAndLedger,
  '20261122T0600_stored_receipts': storedReceipts,
  '20261122T0700_payment_orders': paymentOrders,
  '20261122T0800_receipt_tip_split': receiptTipSplit,
  '20261124T1400_live_bills': liveBills,
};
