import type { AnonymousUsersTable } from './anonymous-users.table';
import type { AssignmentsTable } from './assignments.table';
import type { DinerPaymentsTable } from './diner-payments.table';
import type { DailyQuotasTable } from './daily-quotas.table';
import type { DinersTable } from './diners.table';
import type { RateLimitsTable } from './rate-limits.table';
import type { ReceiptItemsTable } from './receipt-items.table';
import type { ReceiptsTable } from './receipts.table';
import type { MonthlyUsageTable } from './monthly-usage.table';
import type { PaymentOrdersTable } from './payment-orders.table';
import type { PurchaseReportsTable } from './purchase-reports.table';
import type { RecoveryCodesTable } from './recovery-codes.table';
import type { ScanReservationsTable } from './scan-reservations.table';
import type { TokenBalancesTable } from './token-balances.table';
import type { TokenLedgerTable } from './token-ledger.table';
import type { TokenPurchasesTable } from './token-purchases.table';

export interface Database {
  anonymous_users: AnonymousUsersTable;
  rate_limits: RateLimitsTable;
  receipts: ReceiptsTable;
  receipt_items: ReceiptItemsTable;
  diners: DinersTable;
  assignments: AssignmentsTable;
  diner_payments: DinerPaymentsTable;
  monthly_usage: MonthlyUsageTable;
  scan_reservations: ScanReservationsTable;
  token_purchases: TokenPurchasesTable;
  token_ledger: TokenLedgerTable;
  token_balances: TokenBalancesTable;
  purchase_reports: PurchaseReportsTable;
  recovery_codes: RecoveryCodesTable;
  payment_orders: PaymentOrdersTable;
  daily_quotas: DailyQuotasTable;
}
