import type { Log } from '../../ports/log';

/** A Log that keeps what use cases report, so a test can say what an operator would have seen. */
export class RecordingLog implements Log {
  readonly entries: { level: 'warn' | 'error'; message: string; fields: Record<string, unknown> }[] = [];

  warn(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'warn', message, fields });
  }

  error(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'error', message, fields });
  }
}
