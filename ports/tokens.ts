// Injection tokens: one per port, so the composition root can bind any adapter to it.
export const TOKENS = {
  Config: Symbol.for('Config'),
  Database: Symbol.for('Database'),
  Clock: Symbol.for('Clock'),
  ScanAllowance: Symbol.for('ScanAllowance'),
  TokenCredits: Symbol.for('TokenCredits'),
  RateLimiter: Symbol.for('RateLimiter'),
  ReceiptReader: Symbol.for('ReceiptReader'),
} as const;
