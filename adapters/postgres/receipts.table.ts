import type { ColumnType } from 'kysely';
import type { TipSplit } from '../../domain/split';

export interface ReceiptsTable {
  id: string;
  /** ISO 4217; pounds for every bill stored before bills had currencies. */
  currency: ColumnType<string, string | undefined, string>;
  pay_back_currency: ColumnType<string | null, string | null | undefined, string | null>;
  pay_back_rate: ColumnType<string | null, string | null | undefined, string | null>;
  merchant: string | null;
  dining_date: string | null;
  service_charge_enabled: boolean;
  service_charge_pence: number;
  tip_total_pence: number;
  tip_split: TipSplit;
  /** Hex SHA-256 of the organiser's secret; null for receipts stored through the API. */
  organiser_secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
  payee_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The payee's IBAN (bare, checked), its BIC and their UPI id; null when not given. */
  payee_iban: ColumnType<string | null, string | null | undefined, string | null>;
  payee_bic: ColumnType<string | null, string | null | undefined, string | null>;
  payee_upi: ColumnType<string | null, string | null | undefined, string | null>;
  /** The diner who paid the restaurant; null: the organiser, not a diner, or a receipt stored through the API. */
  payer_diner_id: ColumnType<string | null, string | null | undefined, string | null>;
  tip_sharers: ColumnType<'diners_with_items' | 'all_diners', 'diners_with_items' | 'all_diners' | undefined, 'diners_with_items' | 'all_diners'>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
