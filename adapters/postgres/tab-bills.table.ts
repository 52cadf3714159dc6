import type { ColumnType } from 'kysely';

export interface TabBillsTable {
  tab_id: string;
  id: string;
  position: number;
  /** The domain Bill as tab-bill-json.ts writes it. */
  bill: ColumnType<unknown, string, string>;
  /** [{ personId, amount }]. */
  payers: ColumnType<unknown, string, string>;
}
