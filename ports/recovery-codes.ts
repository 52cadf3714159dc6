/**
 * Recovery codes (DESIGN.md §1 item 3): a short code shown after a purchase that, typed on any
 * device, gives it the buyer's anonymous identity and so the balance. Codes are stored hashed.
 */
export interface RecoveryCodes {
  /** A fresh code for a user who has a confirmed purchase (earlier codes stay valid), else null. */
  issue(anonymousUserId: string): Promise<string | null>;
  /** The user a canonical code (see domain/recovery-code.ts) belongs to, or null. */
  ownerOf(canonicalCode: string): Promise<string | null>;
}
