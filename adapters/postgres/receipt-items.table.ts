export interface ReceiptItemsTable {
  id: string;
  receipt_id: string;
  position: number;
  name: string;
  price_pence: number;
  kind: 'item' | 'discount' | 'service';
}
