import * as core from 'zod/v4/core';
import { err, ok, type Result } from '../../../domain/result';
import { fieldWithControlCharacter } from './control-characters';
import { DEFAULT_BODY_LIMIT } from '../edge/body-limits.mjs';
import { jsonFailure } from './json';

export const DEFAULT_JSON_LIMIT = DEFAULT_BODY_LIMIT;

/** The 413 text, the same whether the middleware's cap or an endpoint's own cap refuses the body. */
export const bodyTooLargeMessage = (maxBytes: number): string => `Request body is larger than ${maxBytes} bytes`;

export type RequestProblem = { readonly status: 400 | 413 | 415; readonly code: 'not_json' | 'too_large' | 'invalid_body'; readonly message: string };

/** The answer to a body readJson refused. */
export function requestRefused(problem: RequestProblem): Response {
  return jsonFailure(problem.code, problem.message, problem.status);
}

/**
 * Reads a JSON body with a size cap and validates it. Every way a body can be wrong (too big, not
 * JSON, a control character in any text, wrong shape) comes back as a message for a 4xx naming the
 * field, never as a thrown error.
 */
export async function readJson<S extends core.$ZodType>(request: Request, schema: S, maxBytes = DEFAULT_JSON_LIMIT): Promise<Result<core.output<S>, RequestProblem>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) return err({ status: 415, code: 'not_json', message: 'Expected a JSON body (Content-Type: application/json)' });
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return err({ status: 413, code: 'too_large', message: bodyTooLargeMessage(maxBytes) });
  let text: string;
  try {
    const bytes = await readCapped(request, maxBytes);
    if (bytes === null) return err({ status: 413, code: 'too_large', message: bodyTooLargeMessage(maxBytes) });
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return err({ status: 400, code: 'invalid_body', message: 'Request body is not valid UTF-8 text' });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return err({ status: 400, code: 'invalid_body', message: 'Request body is not valid JSON' });
  }
  const tainted = fieldWithControlCharacter(body);
  if (tainted !== null) return err({ status: 400, code: 'invalid_body', message: `Invalid request: ${tainted}: must not contain control characters` });
  const parsed = core.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return err({ status: 400, code: 'invalid_body', message: `Invalid request: ${where}${issue.message}` });
  }
  return ok(parsed.data);
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
