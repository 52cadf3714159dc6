/** TEST MODE: the simulated provider's side of a purchase, driven by the test card form and the fake PayPal window. */
export type SimulatedCardOutcome = 'succeeded' | 'declined' | 'authentication required' | 'invalid card';

/** A webhook the simulator signed, to be delivered through the same verification path as a real one. */
export interface SignedWebhook {
  readonly rawBody: Uint8Array;
  readonly signature: string;
}

export interface SimulatedCharge {
  readonly outcome: SimulatedCardOutcome;
  readonly webhook: SignedWebhook | null;
}

export interface PaymentSimulator {
  payWithCard(clientSecret: string, cardNumber: string): SimulatedCharge;
  authenticate(clientSecret: string, completed: boolean): SimulatedCharge;
  approve(orderRef: string): boolean;
}
