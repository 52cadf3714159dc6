export interface RateLimit {
  /** How many hits a key may make per window. */
  readonly max: number;
  readonly windowSeconds: number;
}

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Counts hits per key (an IP, a device) in fixed windows; shared by every server process. */
export interface RateLimiter {
  hit(key: string, limit: RateLimit): Promise<RateDecision>;
}
