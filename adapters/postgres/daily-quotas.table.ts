export interface DailyQuotasTable {
  /** e.g. `free-scans:203.0.113.7`, `openai-spend`. */
  quota: string;
  /** London calendar date, YYYY-MM-DD. */
  day: string;
  used: number;
}
