import type { APIRoute } from 'astro';
import { isStrictBase64 } from '../../../../domain/scanning/image-upload';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { clientIpOf } from '../../../server/http/client-ip';
import { readReceipt } from '../../../contracts/scanning';
import { jsonError } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';
import { analysisResponse, scanFailureResponse, scanRefusal, UPLOAD_MESSAGES } from '../../../server/http/scanning';

/** Reads a receipt photo: the contract's readReceipt (`{ image: <base64>, prompt?, anonymousUserId }`, or the id in X-Anonymous-Id). */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const { analyzeReceipt } = await context.locals.services();
  // Counted before the body is read: a client over its limit costs no 12 MB parse.
  const clientIp = await clientIpOf(context);
  const admitted = await analyzeReceipt.admit(clientIp);
  if (!admitted.ok) return scanFailureResponse(admitted.error);

  const { maxBytes } = analyzeReceipt.limits.upload;
  // base64 is 4/3 of the bytes; a little room for the other fields.
  const parsed = await readJson(request, readReceipt.request, Math.ceil((maxBytes * 4) / 3) + 64 * 1024);
  if (!parsed.ok) return parsed.error.status === 413 ? scanFailureResponse({ code: 'image_too_large', maxBytes }) : requestRefused(parsed.error);
  const anonymousUserId = anonymousIdOf(request, parsed.value.anonymousUserId);
  if (!anonymousUserId.ok) return anonymousUserId.error === 'missing' ? scanRefusal('no_device', UPLOAD_MESSAGES.noDevice, 400) : anonymousIdRefused(anonymousUserId.error);
  if (!isStrictBase64(parsed.value.image)) return scanRefusal('not_base64', UPLOAD_MESSAGES.notBase64, 400);

  const scanned = await analyzeReceipt.scan({ image: new Uint8Array(Buffer.from(parsed.value.image, 'base64')), anonymousUserId: anonymousUserId.value, clientIp });
  return scanned.ok ? analysisResponse(scanned.value) : scanFailureResponse(scanned.error);
};

export const ALL: APIRoute = () => jsonError('Method not allowed', 405, { allow: 'POST' });
