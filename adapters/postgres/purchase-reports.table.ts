import type { ColumnType, Generated } from 'kysely';

export interface PurchaseReportsTable {
  id: Generated<string>;
  anonymous_user_id: string;
  provider: string;
  payment_id: string;
  tokens: number;
  /** `numeric`: pg returns it as text. */
  amount: ColumnType<string, number, never>;
  currency: string;
  status: string;
  reported_at: Date;
}
