import type { ColumnType } from 'kysely';

export interface ReceiptsTable {
  id: string;
  merchant: string | null;
  dining_date: string | null;
  service_charge_enabled: boolean;
  service_charge_pence: number;
  tip_total_pence: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}
