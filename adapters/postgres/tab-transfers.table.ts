export interface TabTransfersTable {
  tab_id: string;
  id: string;
  position: number;
  from_person: string;
  to_person: string;
  amount: number;
  currency: string;
  made_at: Date;
  /** The tab's version once it was recorded. */
  version: number;
}
