// Injection tokens: one per port, so the composition root can bind any adapter to it.
export const TOKENS = {
  Config: Symbol.for('Config'),
  Database: Symbol.for('Database'),
  Clock: Symbol.for('Clock'),
  ScanAllowance: Symbol.for('ScanAllowance'),
  TokenCredits: Symbol.for('TokenCredits'),
  RateLimiter: Symbol.for('RateLimiter'),
  PacketSigner: Symbol.for('PacketSigner'),
  PacketCompressor: Symbol.for('PacketCompressor'),
  ReceiptStore: Symbol.for('ReceiptStore'),
  UsageQuery: Symbol.for('UsageQuery'),
  PurchaseReports: Symbol.for('PurchaseReports'),
  RecoveryCodes: Symbol.for('RecoveryCodes'),
  PaymentOrders: Symbol.for('PaymentOrders'),
  CardGateway: Symbol.for('CardGateway'),
  PayPalGateway: Symbol.for('PayPalGateway'),
  ReceiptReader: Symbol.for('ReceiptReader'),
} as const;
