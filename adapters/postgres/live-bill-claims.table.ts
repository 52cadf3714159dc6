export interface LiveBillClaimsTable {
  bill_id: string;
  item_id: string;
  unit: number;
  diner_id: string;
}
