import type { OfferType } from './offers';

/** PayPal's custom_id of the documents: `{type}_{tokens}_{anonymousId}`. */
export function paypalCustomId(type: OfferType, tokens: number, anonymousUserId: string): string {
  return `${type}_${tokens}_${anonymousUserId}`;
}
