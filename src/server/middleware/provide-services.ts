import type { MiddlewareHandler } from 'astro';
import { services } from '../container/app';

/**
 * Hands pages and endpoints the composition root's services as `Astro.locals.services()`. It is a
 * function, so a page that needs none (the landing page, a refusal) never waits on the database.
 */
export const provideServices: MiddlewareHandler = (context, next) => {
  context.locals.services = services;
  return next();
};
