import { vi } from 'vitest';

/**
 * The seed's clock, Friday, November 20, 2026 at noon UTC: the mock's seed dates everything from
 * it (SEED_NOW of mock-server/areas/checks/seedClock.ts, which the SPA's code may not import), so
 * the seed's planner periods and planned weeks, due dates and action items sit around it.
 */
export const SEED_CLOCK = new Date('2026-11-20T12:00:00Z');

/**
 * Fakes only `Date` (timers keep running, so RTK Query and user-event still work) at the seed's
 * clock, or at `at`: the mock's rules that read today (a week over, due, overdue) then answer the
 * same on whatever day the tests run. Call it before `useMockBackend`, so the tokens are issued
 * on the same clock; undo it with `vi.useRealTimers()`.
 */
export function onTheSeedClock(at: Date = SEED_CLOCK) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
}
