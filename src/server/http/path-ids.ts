import { invalidIdMessage } from '../../../domain/bill-ids';
import { json } from './json';

/** 400 for an id in the path that is no id at all, naming it: it never reaches a store. */
export function idRefused(field: string): Response {
  return json({ error: invalidIdMessage(field), code: 'invalid_id', field }, 400);
}
