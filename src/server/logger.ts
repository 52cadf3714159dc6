import pino from 'pino';

/**
 * Structured JSON logs. Secrets, receipt images and full share tokens never belong in a log line;
 * the redaction is a safety net for anything passed by mistake.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { service: 'whos-paying' },
  redact: {
    paths: ['image', '*.image', 'token', '*.token', 'secret', '*.secret', 'authorization', '*.authorization', 'headers.cookie', 'clientSecret', '*.client_secret'],
    censor: '[redacted]',
  },
});

/** The first characters of a share token: enough to correlate log lines, useless to open the bill. */
export function tokenHint(token: string): string {
  return token.length <= 8 ? '…' : `${token.slice(0, 6)}…`;
}
