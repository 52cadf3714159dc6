import type { ColumnType } from 'kysely';

export interface MonthlyUsageTable {
  anonymous_user_id: string;
  /** A `date`; written as `YYYY-MM-DD`, read back through `::text` so no time zone touches it. */
  month_start: ColumnType<string, string, never>;
  bills_used: number;
}
