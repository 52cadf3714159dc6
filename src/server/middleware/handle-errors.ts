import type { MiddlewareHandler } from 'astro';
import { json } from '../http';
import { logger } from '../logger';
import { requestIdOf } from '../request-id';

/**
 * The one place where an unexpected exception becomes an HTTP answer: logged with the request id,
 * answered as JSON without a stack trace. (Infrastructure faults, e.g. a database that does not
 * answer, are to be mapped to 503 here as well.)
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
