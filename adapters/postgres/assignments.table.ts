export interface AssignmentsTable {
  receipt_item_id: string;
  diner_id: string;
}
