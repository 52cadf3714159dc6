import { z } from './zod';

/**
 * One endpoint's contract, shared by the route that serves it and the island that calls it: where
 * it is, what it takes, what it answers, and the codes of the refusals it may answer instead (each
 * as `{ error, code }`, the error being the documents' text for people, the code for the client).
 */
export interface PostEndpoint<Params extends readonly string[], Request extends z.ZodType, Answer extends z.ZodType, Code extends string> {
  readonly path: (...params: Params) => string;
  readonly request: Request;
  readonly answer: Answer;
  readonly refusals: readonly Code[];
}

/** Codes every endpoint with a JSON body may answer besides its own: the body refused at the edge. */
export const EDGE_REFUSALS = ['not_json', 'too_large', 'invalid_body'] as const;

export type EdgeRefusal = (typeof EDGE_REFUSALS)[number];

/** The body of a refusal with one of `codes` (or one the edge answers for every endpoint). */
export function refusalBody<Code extends string>(codes: readonly Code[]) {
  const known = new Set<string>([...codes, ...EDGE_REFUSALS]);
  return z
    .object({ error: z.string(), code: z.string() })
    .refine((body) => known.has(body.code))
    .transform((body) => body as { readonly error: string; readonly code: Code | EdgeRefusal });
}
