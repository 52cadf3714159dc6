import type { ColumnType } from 'kysely';

export interface TabsTable {
  id: string;
  name: string;
  currency: string;
  key_hash: string;
  version: number;
  /** Currency → one of it in the tab's currency, as typed. */
  rates: ColumnType<Record<string, string>, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
