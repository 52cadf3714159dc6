import { INVALID_ANONYMOUS_ID_MESSAGE, parseAnonymousUserId, type AnonymousId } from '../../../domain/anonymous-id';
import { err, type Result } from '../../../domain/result';
import { ANONYMOUS_ID_REFUSAL } from '../../contracts/anonymous-user';
import { jsonFailure } from './json';

export type AnonymousIdProblem = 'missing' | 'invalid';

/**
 * The caller's anonymous id: `anonymousUserId` in the JSON body, else the `X-Anonymous-Id` header.
 * Never from the URL: the id is a bearer secret, and proxies log URLs.
 */
export function anonymousIdOf(request: Request, bodyValue?: unknown): Result<AnonymousId, AnonymousIdProblem> {
  const candidate = bodyValue ?? request.headers.get('x-anonymous-id') ?? undefined;
  if (candidate === undefined) return err('missing');
  const parsed = parseAnonymousUserId(candidate);
  return parsed.ok ? parsed : err('invalid');
}

/** 400 naming the field: the same answer on every endpoint that takes an anonymous id. */
export function anonymousIdRefused(problem: AnonymousIdProblem): Response {
  return jsonFailure(ANONYMOUS_ID_REFUSAL, problem === 'missing' ? 'anonymousUserId is required' : INVALID_ANONYMOUS_ID_MESSAGE, 400);
}
