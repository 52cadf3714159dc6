import type { ColumnType } from 'kysely';

export interface TabPeopleTable {
  tab_id: string;
  id: string;
  position: number;
  name: string;
  /** { monzo, revolut, paypal } handles, or null before the person gives any. */
  pay_to: ColumnType<unknown, string | null, string | null>;
  /** When pay details already given were replaced; null until then. */
  pay_to_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
