export interface DinersTable {
  id: string;
  receipt_id: string;
  position: number;
  display_name: string;
  monzo: string | null;
  revolut: string | null;
  paypal: string | null;
}
