import type { ColumnType } from 'kysely';

export interface LiveBillDinersTable {
  bill_id: string;
  id: string;
  position: number;
  name: string;
  key_hash: string | null;
  /** The diner's own pay-back page, handed out after Finish; both or neither. */
  pay_path: ColumnType<string | null, string | null | undefined, string | null>;
  pay_pence: ColumnType<number | null, number | null | undefined, number | null>;
}
