/** Where use cases report what an operator must see (pino on the server, a recorder in tests). */
export interface Log {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
