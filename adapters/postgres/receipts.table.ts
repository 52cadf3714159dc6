import type { ColumnType } from 'kysely';
import type { TipSplit } from '../../domain/split';

export interface ReceiptsTable {
  id: string;
  merchant: string | null;
  dining_date: string | null;
  service_charge_enabled: boolean;
  service_charge_pence: number;
  tip_total_pence: number;
  tip_split: TipSplit;
  created_at: ColumnType<Date, Date | undefined, never>;
}
