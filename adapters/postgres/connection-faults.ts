// Postgres answers these SQLSTATEs when it cannot serve us right now: class 08 (connection
// exception), 53300 too many connections, 57P01 admin shutdown, 57P02 crash shutdown,
// 57P03 cannot connect now (starting up or shutting down).
const UNAVAILABLE_STATES = /^(08...|53300|57P0[123])$/;
// Node's socket errors when the server is down or the connection was cut.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// pg and pg-pool report a lost connection or an exhausted wait with plain Errors and these texts.
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/**
 * True when an error from pg or pg-pool says the database is unreachable for the moment, rather
 * than that a query is wrong: the caller may try again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  // Connecting to a host name with several addresses fails with one error per address.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return LOST_CONNECTION.test(error.message);
}
