import { parseAnonymousUserId } from '../../../domain/anonymous-id';
import type { Result } from '../../../domain/result';

/**
 * The caller's anonymous id (DESIGN.md §3): `anonymousUserId` in the JSON body, else the
 * `X-Anonymous-Id` header, else the `anonymousUserId` query parameter (for GET).
 */
export function anonymousIdOf(request: Request, bodyValue?: unknown): Result<string, string> {
  const candidate = bodyValue ?? request.headers.get('x-anonymous-id') ?? new URL(request.url).searchParams.get('anonymousUserId') ?? undefined;
  if (candidate === undefined) return { ok: false, error: 'anonymousUserId is required' };
  return parseAnonymousUserId(candidate);
}
