import { INVALID_RECOVERY_CODE_MESSAGE } from '../../../domain/recovery-code';
import type { RecoveryFailure } from '../../application/tokens/token-recovery';
import { jsonFailure, retryAfter } from './json';

export const UNKNOWN_RECOVERY_CODE_MESSAGE = 'That recovery code was not found. Check it and try again.';
export const NO_PURCHASE_MESSAGE = 'No confirmed purchase for this device yet.';

/** A recovery that gave nothing back: its status and text, with the code. */
export function recoveryFailureResponse(failure: RecoveryFailure): Response {
  switch (failure.code) {
    case 'rate_limited': {
      const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
      return jsonFailure(failure.code, `Too many recovery attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429, retryAfter(failure));
    }
    case 'invalid_code':
      return jsonFailure(failure.code, INVALID_RECOVERY_CODE_MESSAGE, 400);
    case 'unknown_code':
      return jsonFailure(failure.code, UNKNOWN_RECOVERY_CODE_MESSAGE, 404);
    case 'no_purchase':
      return jsonFailure(failure.code, NO_PURCHASE_MESSAGE, 404);
  }
}
