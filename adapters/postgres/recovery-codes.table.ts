export interface RecoveryCodesTable {
  /** Hex SHA-256 of the canonical code. */
  code_hash: string;
  anonymous_user_id: string;
  created_at: Date;
  expires_at: Date;
  /** The other device that redeemed the code (single use), and when. */
  redeemed_by: string | null;
  redeemed_at: Date | null;
  revoked_at: Date | null;
}
