export interface LiveBillDinersTable {
  bill_id: string;
  id: string;
  position: number;
  name: string;
  key_hash: string | null;
}
