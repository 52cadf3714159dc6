import type { z } from 'zod/mini';
import { json } from './json';

/** The endpoint's answer, typed by its contract, so the route cannot send what the island does not read. */
export function answerWith<Answer extends z.ZodMiniType>(_endpoint: { readonly answer: Answer }, body: z.input<Answer>, status = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, headers);
}
