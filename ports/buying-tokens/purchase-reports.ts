/**
 * What a browser says it bought. Unverified: it is kept for
 * support and never credits a token; only a payment the provider confirms does (TokenCredits).
 */
export interface ReportedPurchase {
  readonly anonymousUserId: string;
  readonly tokens: number;
  readonly amount: number;
  readonly currency: string;
  readonly paymentId: string;
  readonly provider: string;
  readonly status: string;
}

export interface PurchaseReports {
  /** Records the report once per provider payment id; says whether the provider has confirmed that payment. */
  record(report: ReportedPurchase): Promise<{ readonly confirmed: boolean }>;
}
