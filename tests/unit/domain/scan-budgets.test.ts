import { describe, expect, it } from 'vitest';
import { budgetDay, secondsUntilNextBudgetDay } from '../../../domain/scanning/scan-budgets';

describe('the scan budgets’ day (London)', () => {
  it('is the London date, in winter (UTC) and in summer (UTC+1)', () => {
    expect(budgetDay(new Date('2026-01-10T23:30:00Z'))).toBe('2026-01-10');
    expect(budgetDay(new Date('2026-07-10T23:30:00Z'))).toBe('2026-07-11');
  });

  it('tells how long until the next London day begins', () => {
    expect(secondsUntilNextBudgetDay(new Date('2026-01-10T23:00:00Z'))).toBe(3600);
    expect(secondsUntilNextBudgetDay(new Date('2026-07-10T22:00:00Z'))).toBe(3600);
    expect(secondsUntilNextBudgetDay(new Date('2026-07-10T22:59:59.500Z'))).toBe(1);
    expect(secondsUntilNextBudgetDay(new Date('2026-03-28T12:00:00Z'))).toBe(12 * 3600); // the clocks go forward that night, after midnight
  });
});
