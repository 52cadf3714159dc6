import type { Migration } from 'kysely/migration';
import * as anonymousUsers from './20261122T0319_anonymous_users';
import * as rateLimits from './20261122T0330_rate_limits';
import * as meteringAndLedger from './20261122T0400_metering_and_ledger';
import * as storedReceipts from './20261122T0600_stored_receipts';
import * as paymentOrders from './20261122T0700_payment_orders';
import * as receiptTipSplit from './20261122T0800_receipt_tip_split';
import * as liveBills from './20261124T1400_live_bills';
import * as payingBack from './20261124T1400_paying_back';
import * as recoveryCodeLifecycle from './20261124T1400_recovery_code_lifecycle';
import * as maintainedTokenBalances from './20261124T1430_maintained_token_balances';
import * as dailyQuotas from './20261124T1500_daily_quotas';
import * as testModeTokens from './20261124T1600_test_mode_tokens';
import * as tokenBalancesByPaymentsMode from './20261124T1700_token_balances_by_payments_mode';
import * as liveBillPayLinks from './20261124T1800_live_bill_pay_links';
import * as paidAmountsAndPayer from './20261125T2200_paid_amounts_and_payer';
import * as billCurrency from './20261126T0100_bill_currency';
import * as payeeAccounts from './20261127T2300_payee_accounts';
import * as scanReservationOwner from './20261127T2300_scan_reservation_owner';
import * as tabs from './20261127T2310_tabs';
import * as liveBillSeatMoves from './20261128T0200_live_bill_seat_moves';
import * as tabPayToChanged from './20261128T0600_tab_pay_to_changed';

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
  '20261124T1400_paying_back': payingBack,
  '20261124T1400_recovery_code_lifecycle': recoveryCodeLifecycle,
  '20261124T1430_maintained_token_balances': maintainedTokenBalances,
  '20261124T1500_daily_quotas': dailyQuotas,
  '20261124T1600_test_mode_tokens': testModeTokens,
  '20261124T1700_token_balances_by_payments_mode': tokenBalancesByPaymentsMode,
  '20261124T1800_live_bill_pay_links': liveBillPayLinks,
  '20261125T2200_paid_amounts_and_payer': paidAmountsAndPayer,
  '20261126T0100_bill_currency': billCurrency,
  '20261127T2300_payee_accounts': payeeAccounts,
  '20261127T2300_scan_reservation_owner': scanReservationOwner,
  '20261127T2310_tabs': tabs,
  '20261128T0200_live_bill_seat_moves': liveBillSeatMoves,
  '20261128T0600_tab_pay_to_changed': tabPayToChanged,
};
