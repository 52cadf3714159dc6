import type { MiddlewareHandler } from 'astro';
import { ALLOW_HEADER, isAllowedMethod, METHOD_NOT_ALLOWED } from '../edge/protocol-guards.mjs';
import { json } from '../http/json';

/**
 * 405 JSON with Allow for a method no route uses. scripts/serve.mjs refuses them before Astro sees
 * them (TRACE cannot even become a Request); this covers `astro dev` and any other entry.
 */
export const refuseUnknownMethods: MiddlewareHandler = (context, next) => (isAllowedMethod(context.request.method) ? next() : Promise.resolve(json(METHOD_NOT_ALLOWED, 405, { allow: ALLOW_HEADER })));
