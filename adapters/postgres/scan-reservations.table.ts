import type { ColumnType } from 'kysely';

export interface ScanReservationsTable {
  id: string;
  anonymous_user_id: ColumnType<string, string, never>;
  paid_with: ColumnType<'free bill' | 'token', 'free bill' | 'token', never>;
  /** A `date`: the month whose free bill was used (read through `::text`). */
  month_start: ColumnType<string, string, never>;
  status: ColumnType<'reserved' | 'settled' | 'refunded', 'reserved' | undefined, 'settled' | 'refunded'>;
  reserved_at: ColumnType<Date, Date, never>;
  closed_at: ColumnType<Date | null, never, Date>;
  /** Paid while payments ran in TEST MODE: its debit and refund are marked so. */
  test_mode: ColumnType<boolean, boolean | undefined, never>;
  /** The server (host:port) whose process made it; null on reservations made before servers named themselves. */
  owner: ColumnType<string | null, string | null | undefined, never>;
  /** The client address's free scan it holds (its daily quota and day), given back with it when it is abandoned. */
  free_scan_quota: ColumnType<string | null, never, string>;
  /** A `date` (read through `::text`). */
  free_scan_day: ColumnType<string | null, never, string>;
}
