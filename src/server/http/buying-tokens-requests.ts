/** Idempotency-Key header: opaque, bounded. */
export function idempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key')?.trim();
  return key && /^[\x21-\x7e]{1,200}$/.test(key) ? key : undefined;
}
