import { z } from './zod';

/**
 * One endpoint's contract, shared by the route that serves it and the island that calls it: where
 * it is, what it takes, what it answers, and the codes of the refusals it may answer instead (each
 * as `{ error, code }`, the error being the documents' text for people, the code for the client).
 */
export interface Endpoint<Params extends readonly string[], Request extends z.ZodMiniType | null, Answer extends z.ZodMiniType, Code extends string> {
  /** A GET takes no body (its request is null); a POST takes JSON. */
  readonly method: Request extends null ? 'GET' : 'POST';
  readonly path: (...params: Params) => string;
  readonly request: Request;
  readonly answer: Answer;
  readonly refusals: readonly Code[];
}

/** Codes every endpoint with a JSON body may answer besides its own: the body refused at the edge. */
export const EDGE_REFUSALS = ['not_json', 'too_large', 'invalid_body'] as const;

export type EdgeRefusal = (typeof EDGE_REFUSALS)[number];

const REFUSAL = z.object({ error: z.string(), code: z.string() });

/** A refusal's code and text from its body, when the code is one of `codes` (or one the edge answers for every endpoint); else null. */
export function refusalOf<Code extends string>(codes: readonly Code[], body: unknown): { readonly code: Code | EdgeRefusal; readonly error: string } | null {
  const parsed = REFUSAL.safeParse(body);
  if (!parsed.success || ![...codes, ...EDGE_REFUSALS].includes(parsed.data.code as Code)) return null;
  return { code: parsed.data.code as Code | EdgeRefusal, error: parsed.data.error };
}
