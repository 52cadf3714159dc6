import type { ColumnType, Generated } from 'kysely';

export interface PaymentOrdersTable {
  id: string;
  idempotency_key: string;
  provider: 'stripe' | 'paypal' | 'test';
  provider_ref: string | null;
  anonymous_user_id: string;
  offer_type: 'package' | 'subscription';
  offer_id: string;
  tokens: number;
  amount_pence: number;
  currency: Generated<string>;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
