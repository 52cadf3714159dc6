import { sequence } from 'astro:middleware';
import { capRequestBody } from './server/middleware/cap-request-body';
import { handleErrors } from './server/middleware/handle-errors';
import { refuseCrossSite } from './server/middleware/refuse-cross-site';
import { routeByEnvironment } from './server/middleware/route-by-environment';
import { securityHeaders } from './server/middleware/security-headers';

// One small middleware per concern, composed in order: faults are caught around everything, headers
// are set on every answer (refusals included), and refusals come before any route reads the body.
export const onRequest = sequence(handleErrors, securityHeaders, refuseCrossSite, capRequestBody, routeByEnvironment);
