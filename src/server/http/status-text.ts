import { STATUS_CODES } from 'node:http';

/**
 * The reason phrase for a status: a page that sets `Astro.response.status = 404` keeps the
 * response's default 'OK', which would go out as "404 OK".
 */
export function statusTextOf(response: Response): string {
  return STATUS_CODES[response.status] ?? response.statusText;
}
