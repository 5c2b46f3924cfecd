import type { StoredPlannerPeriod } from './state';
import { SEED_NOW } from '../risks/seeder';

const ADMIN = 1;
const DAY = 86_400_000;

/** The calendar quarter `offset` quarters from the one `now` falls in: name, first and last day. */
function quarter(now: number, offset: number) {
  const today = new Date(now);
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3) + offset;
  const year = Math.floor(index / 4);
  const first = (index % 4) * 3;
  const start = Date.UTC(year, first, 1);
  const end = Date.UTC(year, first + 3, 1) - DAY;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { name: `${year} Q${(index % 4) + 1}`, start_date: iso(start), end_date: iso(end) };
}

/** When the closed quarter's planner was started: two weeks before its first planned check. */
export const CLOSED_PERIOD_STARTED_AT = '2026-06-15T09:00:00.000Z';

/**
 * The planner's periods around the seed's clock (November 20, 2026): the quarter before closed
 * (its planner started), the running one open, the next a draft. Ids 1–3, the same after every
 * reset.
 */
export function buildPlannerPeriods(now = SEED_NOW): StoredPlannerPeriod[] {
  const created = new Date(now - 120 * DAY).toISOString();
  const periods = (
    [
      [-1, 'closed'],
      [0, 'open'],
      [1, 'draft'],
    ] as const
  ).map(([offset, state], index) => ({
    id: index + 1,
    ...quarter(now, offset),
    state,
    planner_started_at: state === 'closed' ? CLOSED_PERIOD_STARTED_AT : null,
    created_by_id: ADMIN,
    created_at: created,
    updated_at: created,
  }));
  return periods;
}
