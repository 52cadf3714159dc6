import { sequence } from 'astro:middleware';
import { capRequestBody } from './server/middleware/cap-request-body';
import { compressPages } from './server/middleware/compress-pages';
import { faultResponses } from './server/middleware/fault-responses';
import { handleErrors } from './server/middleware/handle-errors';
import { provideServices } from './server/middleware/provide-services';
import { refuseCrossSite } from './server/middleware/refuse-cross-site';
import { refuseUnknownMethods } from './server/middleware/refuse-unknown-methods';
import { routeByEnvironment } from './server/middleware/route-by-environment';
import { securityHeaders } from './server/middleware/security-headers';

// One small middleware per concern, composed in order: services for the routes first, then any
// other exception becomes a JSON 500 around everything, pages are compressed (and those the same
// for everyone cached) with their final headers, headers are set on every answer (refusals
// included), refusals (unknown methods, other sites, big bodies) come before any route reads the body, and faultResponses stays closest to the
// routes, turning database and provider faults into 503s that the middlewares before it also decorate.
export const onRequest = sequence(provideServices, handleErrors, compressPages, securityHeaders, refuseUnknownMethods, refuseCrossSite, capRequestBody, routeByEnvironment, faultResponses);
