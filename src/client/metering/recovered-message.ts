// Seed 000 §2 and §4: what a recovery that found tokens says, word for word. Apart from the recovery
// client (token-recovery.ts), since the first screen's toast needs only this text.
export const recoveredMessage = (tokens: number) => `Successfully recovered ${tokens} tokens!`;
