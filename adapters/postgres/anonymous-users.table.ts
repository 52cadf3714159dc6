import type { ColumnType, Generated } from 'kysely';

export interface AnonymousUsersTable {
  id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: Generated<Date>;
}
