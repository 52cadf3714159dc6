export interface RateLimitsTable {
  key: string;
  window_start: Date;
  hits: number;
}
