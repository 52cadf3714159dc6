import type { MiddlewareHandler } from 'astro';
import { json } from '../http/json';
import { logger } from '../logger';
import { requestIdOf } from '../http/request-id';

/**
 * Where an unexpected exception (a bug) becomes an HTTP answer: logged with the request id, answered
 * as JSON without a stack trace. Temporary faults of the database or a provider never get here:
 * fault-responses.ts answers them 503.
 */
export const handleErrors: MiddlewareHandler = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    const requestId = requestIdOf(context.request);
    logger.error({ err: error, requestId, method: context.request.method }, 'unexpected error');
    return json({ error: 'Something went wrong', requestId }, 500);
  }
};
