import { z } from './zod';
import type { ShareLinkProblem } from '../../domain/sharing/share-packet';
import { SHARED_KINDS } from '../../domain/sharing/share-packet';
import { TIP_SPLITS } from '../../domain/split';
import type { Endpoint } from './endpoint';
import { everyMember } from './every-member';

export const SHARE_REFUSALS = everyMember<ShareLinkProblem>()('missing', 'invalid', 'expired', 'format', 'failed');

/**
 * The verified bill behind a share token, for the app to load a shared receipt into its summary
 * step (/app?data={token}): the browser cannot check the signature itself. Seats are numbered by
 * position ('1'…'8'), and the payer is one of them.
 */
export const openSharedBill = {
  method: 'GET',
  path: (token: string) => `/api/shares/${encodeURIComponent(token)}`,
  request: null,
  answer: z.object({
    currency: z.string(),
    diners: z.array(z.object({ id: z.string(), name: z.string() })),
    items: z.array(z.object({ name: z.string(), pricePence: z.int(), kind: z.enum(SHARED_KINDS), assignedTo: z.array(z.string()) })),
    tipPence: z.int(),
    tipSplit: z.enum(TIP_SPLITS),
    dinerId: z.nullable(z.string()),
    expiresAt: z.string(),
    name: z.nullable(z.string()),
    payerId: z.nullable(z.string()),
    payBackRate: z.nullable(z.string()),
  }),
  refusals: SHARE_REFUSALS,
} satisfies Endpoint<[string], null, z.ZodMiniType, ShareLinkProblem>;
