import type { ColumnType, Generated } from 'kysely';
import type { LedgerEntryKind } from '../../domain/scan-credits/ledger';

/** Append-only: no column can be updated (the database refuses UPDATE and DELETE as well). */
export interface TokenLedgerTable {
  id: Generated<string>;
  anonymous_user_id: ColumnType<string, string, never>;
  kind: ColumnType<LedgerEntryKind, LedgerEntryKind, never>;
  tokens: ColumnType<number, number, never>;
  purchase_id: ColumnType<string | null, string | null | undefined, never>;
  reservation_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date, never>;
  /** Written in TEST MODE (a test credit, or a scan paid while payments ran in TEST MODE): counts only then. */
  test_mode: ColumnType<boolean, boolean | undefined, never>;
}
