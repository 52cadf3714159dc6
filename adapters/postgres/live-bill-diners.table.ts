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
  /** What the pay-back page asks at the bill's rate, in the currency paid back in; null without a rate. */
  pay_converted: ColumnType<number | null, number | null | undefined, number | null>;
  /** Another phone asking for this seat: the ask's id and the key it is given if let in; both or neither. */
  asking_id: ColumnType<string | null, string | null | undefined, string | null>;
  asking_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ask the seat's phone was let in by; null for the phone that first joined. */
  seat_id: ColumnType<string | null, string | null | undefined, string | null>;
}
