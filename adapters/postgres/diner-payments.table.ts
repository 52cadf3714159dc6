import type { ColumnType } from 'kysely';

/** One row per diner who has paid (unpaid: no row), with what they have paid so far. */
export interface DinerPaymentsTable {
  diner_id: ColumnType<string, string, never>;
  receipt_id: ColumnType<string, string, never>;
  marked_by: ColumnType<'diner' | 'organiser', 'diner' | 'organiser', 'diner' | 'organiser'>;
  paid_at: ColumnType<Date, Date, Date>;
  /** Paid so far, in pence; null on marks made before amounts were recorded (they count as the whole share). */
  amount_pence: ColumnType<number | null, number | null | undefined, number | null>;
}
