import type { AnonymousUsersTable } from './anonymous-users.table';

export interface Database {
  anonymous_users: AnonymousUsersTable;
}
