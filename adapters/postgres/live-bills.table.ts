import type { ColumnType } from 'kysely';
import type { LiveStatus } from '../../domain/live-bill/live-bill';
import type { TipSplit } from '../../domain/split';

export interface LiveBillsTable {
  id: string;
  version: number;
  status: LiveStatus;
  expires_at: Date;
  tip_percent: number | null;
  tip_pence: number | null;
  tip_split: TipSplit;
  /** ISO 4217; pounds for every bill opened before bills had currencies. */
  currency: ColumnType<string, string | undefined, string>;
  organiser_key_hash: string;
  table_key_hash: string;
  /** Who everyone pays, once pay-back links are handed out. */
  pay_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** The rate the handed-out stored bill is paid back at (both or neither). */
  pay_back_currency: ColumnType<string | null, string | null | undefined, string | null>;
  pay_back_rate: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
