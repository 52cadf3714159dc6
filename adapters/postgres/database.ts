import type { AnonymousUsersTable } from './anonymous-users.table';
import type { AssignmentsTable } from './assignments.table';
import type { DinersTable } from './diners.table';
import type { RateLimitsTable } from './rate-limits.table';
import type { ReceiptItemsTable } from './receipt-items.table';
import type { ReceiptsTable } from './receipts.table';

export interface Database {
  anonymous_users: AnonymousUsersTable;
  rate_limits: RateLimitsTable;
  receipts: ReceiptsTable;
  receipt_items: ReceiptItemsTable;
  diners: DinersTable;
  assignments: AssignmentsTable;
}
