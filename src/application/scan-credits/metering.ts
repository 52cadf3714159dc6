import type { AnonymousId } from '../../../domain/anonymous-id';
import type { UsageSummary } from '../../../domain/scan-credits/freemium';
import type { PurchaseReports, ReportedPurchase } from '../../../ports/buying-tokens/purchase-reports';
import type { ScanCredits } from '../../../ports/scan-credits';
import type { UsageQuery } from '../../../ports/usage';

/** What a device has used and holds: the free allowance, the token balance, and the browser's purchase reports. */
export class Metering {
  constructor(
    private readonly usage: UsageQuery,
    private readonly credits: ScanCredits,
    private readonly reports: PurchaseReports,
  ) {}

  usageFor(anonymousUserId: AnonymousId): Promise<UsageSummary> {
    return this.usage.usageFor(anonymousUserId);
  }

  balance(anonymousUserId: AnonymousId): Promise<number> {
    return this.credits.balance(anonymousUserId);
  }

  /** Recorded for support; credits nothing (tokens come only from a payment the provider confirms). */
  reportPurchase(report: ReportedPurchase): Promise<{ confirmed: boolean }> {
    return this.reports.record(report);
  }
}
