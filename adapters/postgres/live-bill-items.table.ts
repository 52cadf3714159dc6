import type { ItemKind } from '../../domain/split';

export interface LiveBillItemsTable {
  bill_id: string;
  id: string;
  position: number;
  name: string;
  price_pence: number;
  kind: ItemKind;
  units: number;
}
