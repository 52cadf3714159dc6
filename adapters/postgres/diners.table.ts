import type { ColumnType } from 'kysely';

export interface DinersTable {
  id: string;
  receipt_id: string;
  position: number;
  display_name: string;
  monzo: string | null;
  revolut: string | null;
  paypal: string | null;
  /** Hex SHA-256 of the diner's capability (the secret in their link); null for receipts stored through the API. */
  capability_hash: ColumnType<string | null, string | null | undefined, never>;
}
