export interface RecoveryCodesTable {
  /** Hex SHA-256 of the canonical code. */
  code_hash: string;
  anonymous_user_id: string;
  created_at: Date;
}
