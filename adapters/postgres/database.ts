import type { AnonymousUsersTable } from './anonymous-users.table';
import type { PaymentOrdersTable } from './payment-orders.table';
import type { RateLimitsTable } from './rate-limits.table';

export interface Database {
  anonymous_users: AnonymousUsersTable;
  rate_limits: RateLimitsTable;
  payment_orders: PaymentOrdersTable;
}
