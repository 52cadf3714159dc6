import { sequence } from 'astro:middleware';
import { faultResponses } from './server/middleware/fault-responses';
import { routeByEnvironment } from './server/middleware/route-by-environment';

// One small middleware per concern, composed in order; add new ones (e.g. security headers) here.
// faultResponses stays last, closest to the routes, so the middlewares before it also decorate its 503s.
export const onRequest = sequence(routeByEnvironment, faultResponses);
