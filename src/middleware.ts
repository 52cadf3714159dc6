import { sequence } from 'astro:middleware';
import { routeByEnvironment } from './server/middleware/route-by-environment';

// One small middleware per concern, composed in order; add new ones (e.g. security headers) here.
export const onRequest = sequence(routeByEnvironment);
