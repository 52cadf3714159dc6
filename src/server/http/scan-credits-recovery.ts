import { INVALID_RECOVERY_CODE_MESSAGE, RECOVERY_CODE_REFUSAL_MESSAGES } from '../../../domain/scan-credits/recovery-code';
import type { RecoveryFailure } from '../../application/scan-credits/token-recovery';
import type { RecoveryRefusal } from '../../contracts/scan-credits-recovery';
import { jsonFailure, retryAfter } from './json';

const UNKNOWN_RECOVERY_CODE_MESSAGE = RECOVERY_CODE_REFUSAL_MESSAGES.unknown;
const NO_PURCHASE_MESSAGE = 'No confirmed purchase for this device yet.';

/** A recovery that gave nothing back: its status and text, with the code (one the island's contract knows). */
export function recoveryFailureResponse(failure: RecoveryFailure & { readonly code: RecoveryRefusal }): Response {
  switch (failure.code) {
    case 'rate_limited': {
      const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
      return jsonFailure(failure.code, `Too many recovery attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429, retryAfter(failure));
    }
    case 'invalid_code':
      return jsonFailure(failure.code, INVALID_RECOVERY_CODE_MESSAGE, 400);
    case 'unknown_code':
      return jsonFailure(failure.code, UNKNOWN_RECOVERY_CODE_MESSAGE, 404);
    case 'expired_code':
      return jsonFailure(failure.code, RECOVERY_CODE_REFUSAL_MESSAGES.expired, 410);
    case 'used_code':
      return jsonFailure(failure.code, RECOVERY_CODE_REFUSAL_MESSAGES.used, 410);
    case 'revoked_code':
      return jsonFailure(failure.code, RECOVERY_CODE_REFUSAL_MESSAGES.revoked, 410);
    case 'no_purchase':
      return jsonFailure(failure.code, NO_PURCHASE_MESSAGE, 404);
  }
}
