import { z } from './zod';
import type { Endpoint } from './endpoint';

// TEST MODE only (no provider keys set): the simulated card provider and PayPal window.

/** Not in test mode, or no such payment. */
const TEST_MODE_REFUSALS = ['not_found'] as const;

const clientSecret = z.string().check(z.minLength(1), z.maxLength(200));

/** The simulated card: paying with a test card number, or answering its 3-D Secure challenge. */
export const payWithTestCard = {
  method: 'POST',
  path: () => '/api/test-mode/card',
  request: z.union([
    z.object({ clientSecret, cardNumber: z.string().check(z.maxLength(40)), name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
    z.object({ clientSecret, authentication: z.enum(['complete', 'fail']) }),
  ]),
  answer: z.object({ outcome: z.enum(['succeeded', 'declined', 'authentication required', 'invalid card']) }),
  refusals: TEST_MODE_REFUSALS,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, 'not_found'>;

export type TestCardOutcome = z.output<typeof payWithTestCard.answer>['outcome'];

/** The buyer approving the order in the simulated PayPal window. */
export const approveTestPayPalOrder = {
  method: 'POST',
  path: () => '/api/test-mode/paypal-approve',
  request: z.object({ orderId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  answer: z.object({ approved: z.literal(true) }),
  refusals: ['not_found', 'not_approved'] as const,
} satisfies Endpoint<[], z.ZodMiniType, z.ZodMiniType, 'not_found' | 'not_approved'>;
