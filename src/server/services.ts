import type { LiveBills } from '../application/live-bills/live-bills';
import type { Tabs } from '../application/tabs/tabs';
import type { TestModePayments } from '../application/buying-tokens/test-mode-payments';
import type { TokenShop } from '../application/buying-tokens/token-shop';
import type { paymentOptions } from '../application/buying-tokens/payment-options';
import type { AnalyzeReceipt } from '../application/scanning/analyze-receipt';
import type { ShareLinks } from '../application/sharing/share-links';
import type { StoredReceipts } from '../application/paying-back/stored-receipts';
import type { OpenDinerBill } from '../application/paying-back/diner-bill';
import type { Repayments } from '../application/paying-back/repayments';
import type { ShareBill } from '../application/paying-back/share-bill';
import type { Metering } from '../application/scan-credits/metering';
import type { TokenRecovery } from '../application/scan-credits/token-recovery';
import type { HealthCheck } from './container/health';

/**
 * What pages and endpoints may use, built once by the composition root (src/server/container/) and
 * handed to them as `Astro.locals.services()` by the middleware.
 */
export interface Services {
  readonly analyzeReceipt: AnalyzeReceipt;
  readonly metering: Metering;
  readonly tokenRecovery: TokenRecovery;
  readonly tokenShop: TokenShop;
  readonly testModePayments: TestModePayments;
  readonly paymentOptions: ReturnType<typeof paymentOptions>;
  readonly shareLinks: ShareLinks;
  /**
   * The full URL of one of our public paths (domain/public-paths.ts) for a request from `requestOrigin`:
   * PUBLIC_BASE_URL, else one of our own hosts, never an arbitrary Host header.
   */
  publicUrl(requestOrigin: string, path: string): string;
  readonly storedReceipts: StoredReceipts;
  /** Getting paid back (src/application/paying-back): store or edit a bill, who has paid, a diner's page. */
  readonly shareBill: ShareBill;
  readonly payments: Repayments;
  readonly openDinerBill: OpenDinerBill;
  readonly liveBills: LiveBills;
  /** A group's running tab across bills (src/application/tabs). */
  readonly tabs: Tabs;
  readonly health: HealthCheck;
  /** TRUSTED_PROXY_HOPS: how far X-Forwarded-For is ours (src/server/http/client-ip.ts). */
  readonly trustedProxyHops: number;
  /** Loads the receipt reader's models as the server starts, so a person's first photo does not wait for them. */
  warmUp(): Promise<void>;
  /** Closes the database pool (scripts/serve.mjs, after the last request in flight). */
  close(): Promise<void>;
}
