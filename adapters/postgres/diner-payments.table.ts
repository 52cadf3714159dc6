import type { ColumnType } from 'kysely';

/** One row per diner who has paid (unpaid: no row); the first mark is kept. */
export interface DinerPaymentsTable {
  diner_id: ColumnType<string, string, never>;
  receipt_id: ColumnType<string, string, never>;
  marked_by: ColumnType<'diner' | 'organiser', 'diner' | 'organiser', never>;
  paid_at: ColumnType<Date, Date, never>;
}
