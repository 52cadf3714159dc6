import { requestIdFrom } from '../edge/request-log.mjs';

/** The id scripts/serve.mjs gave this request (echoed to the client as X-Request-Id). */
export function requestIdOf(request: Request): string {
  return requestIdFrom(request.headers.get('x-request-id'));
}
