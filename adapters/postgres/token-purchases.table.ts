import type { ColumnType, Generated } from 'kysely';

export interface TokenPurchasesTable {
  id: Generated<string>;
  anonymous_user_id: ColumnType<string, string, never>;
  provider: ColumnType<'stripe' | 'paypal' | 'test', 'stripe' | 'paypal' | 'test', never>;
  provider_payment_id: ColumnType<string, string, never>;
  tokens: ColumnType<number, number, never>;
  amount_pence: ColumnType<number, number, never>;
  currency: ColumnType<'GBP', 'GBP', never>;
  confirmed_at: ColumnType<Date, Date, never>;
}
