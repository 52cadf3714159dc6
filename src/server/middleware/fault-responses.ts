import { defineMiddleware } from 'astro:middleware';
import { isTemporaryFault } from '../container/faults';
import { unavailable } from '../http/json';
import { logger } from '../logger';

/**
 * The one place where faults become HTTP answers: a route that throws because the database or a
 * provider is unreachable answers 503 with Retry-After (never 500), so the request can be retried
 * and a provider redelivers its webhook. Anything else is a bug and keeps Astro's 500.
 */
export const faultResponses = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!isTemporaryFault(error)) throw error;
    logger.warn({ err: error, method: context.request.method, path: context.url.pathname }, 'temporary fault answered 503');
    return unavailable();
  }
});
