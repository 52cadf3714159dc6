import { z } from './zod';

/**
 * One endpoint's contract, shared by the route that serves it and the island that calls it: where
 * it is, what it takes, what it answers, and the codes of the refusals it may answer instead (each
 * as `{ error, code }`, the error being the documents' text for people, the code for the client).
 */
export interface Endpoint<Params extends readonly string[], Request extends z.ZodMiniType | null, Answer extends z.ZodMiniType, Code extends string> {
  /** A POST takes JSON; the other methods take no body (their request is null). */
  readonly method: Request extends null ? 'GET' | 'PUT' | 'DELETE' : 'POST';
  readonly path: (...params: Params) => string;
  /** The params that travel as headers rather than in the path: secrets, kept out of logs, history and referrers. */
  readonly headers?: (...params: Params) => Readonly<Record<string, string>>;
  readonly request: Request;
  readonly answer: Answer;
  readonly refusals: readonly Code[];
}

/** Codes every endpoint may answer besides its own: the body, or an id in the path, refused at the edge. */
export const EDGE_REFUSALS = ['not_json', 'too_large', 'invalid_body', 'invalid_id'] as const;

export type EdgeRefusal = (typeof EDGE_REFUSALS)[number];

/** What every endpoint answers (503, with no code) when a fault it may recover from stops it: worth trying again. */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again';

/** A refusal may name the field of the request at fault, for the island to point at it. */
const REFUSAL = z.object({ error: z.string(), code: z.string(), field: z.optional(z.string()) });

export interface Refusal<Code extends string> {
  readonly code: Code | EdgeRefusal;
  readonly error: string;
  readonly field?: string;
}

/** A refusal's code and text from its body, when the code is one of `codes` (or one the edge answers for every endpoint); else null. */
export function refusalOf<Code extends string>(codes: readonly Code[], body: unknown): Refusal<Code> | null {
  const parsed = REFUSAL.safeParse(body);
  if (!parsed.success || ![...codes, ...EDGE_REFUSALS].includes(parsed.data.code as Code)) return null;
  const { code, error, field } = parsed.data;
  return { code: code as Code | EdgeRefusal, error, ...(field === undefined ? {} : { field }) };
}
