// 40P01 deadlock_detected and 40001 serialization_failure: Postgres rolled the transaction back
// because of another one running beside it, and the same transaction tried again can succeed.
const CONFLICT_STATES = new Set(['40P01', '40001']);

const TRIES = 5;
const BASE_DELAY_MS = 10;

export function isTransactionConflict(error: unknown): boolean {
  return error instanceof Error && CONFLICT_STATES.has((error as { code?: unknown }).code as string);
}

/**
 * Runs `transaction` again when Postgres rolled it back for a conflict, up to five tries, waiting a
 * little longer each time with jitter so two processes that collided do not collide again in step.
 * Any other error, or the fifth conflict, is thrown as it came.
 */
export async function retryingConflicts<T>(transaction: () => Promise<T>, sleep: (ms: number) => Promise<void> = wait): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= TRIES || !isTransactionConflict(error)) throw error;
      await sleep(BASE_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
