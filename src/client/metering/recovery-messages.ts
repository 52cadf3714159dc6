// The recovery client's texts and session key, apart from its code: the first screen's toast needs
// only the text, and the client arrives after the first paint.
// Seed 000 §2, §4 and §8: the recovery dialog's outcomes, word for word.
export const recoveredMessage = (tokens: number) => `Successfully recovered ${tokens} tokens!`;
export const NO_TOKENS_MESSAGE = 'No tokens found to recover. If you recently purchased tokens, please contact support.';
export const RECOVERY_FAILED_MESSAGE = 'Failed to recover tokens. Please check your internet connection and try again.';
export const AUTO_RECOVERY_KEY = 'whos-paying.token-recovery-attempted';
// Our own texts (revoking codes is beyond the documents).
export const CODES_REVOKED_MESSAGE = 'Your recovery codes were revoked: they no longer restore your tokens.';
export const NO_CODES_TO_REVOKE_MESSAGE = 'This device has no recovery codes in force.';
export const REVOKE_FAILED_MESSAGE = 'Could not revoke your recovery codes. Please check your internet connection and try again.';
