import { Faker, en } from '@faker-js/faker';
import { levelOf, type ScoreLevel } from '../../../src/api/contract/dashboard';
import { today as clockToday } from '../../lib/clock';
import { MONTHS_SHOWN, shiftMonth } from './model';
import { scoreIndex } from './scores';
import type { DashboardState, StoredActualRiskiness, StoredScoreSnapshot } from './state';
import type { MockState } from '../../store/state';
import type { SeedPart } from '../../lib/seed';

const SNAPSHOTS_SEED = 20261127;
/** Persona account_owner (fixtures/personas.json), who owns the accounts of projects 1 and 2. */
const ACCOUNT_OWNER = 9;

/**
 * The end-of-month snapshots of both scores for the 11 months before the current one (the real
 * clock's at seed time), and a few actual riskiness records. Each account's months are a random
 * walk back from its live score with its own drift, so some accounts improve and some worsen;
 * its own Faker seed leaves every other seed part as it was.
 */
export function buildDashboardState(
  state: Omit<MockState, keyof DashboardState>,
  today = clockToday(),
): DashboardState {
  const faker = new Faker({ locale: [en], seed: SNAPSHOTS_SEED });
  const month = today.slice(0, 7);
  const live = scoreIndex(state, today);
  const scoreSnapshots: StoredScoreSnapshot[] = [];
  for (const account of state.accounts) {
    const scores = live.get(account.id)!;
    const riskDrift = faker.number.int({ min: -3, max: 3 });
    const issueDrift = faker.number.int({ min: -3, max: 3 });
    let riskiness = scores.riskiness;
    let issueness = scores.issueness;
    const months: StoredScoreSnapshot[] = [];
    for (let back = 1; back < MONTHS_SHOWN; back += 1) {
      riskiness = Math.max(0, riskiness + riskDrift + faker.number.int({ min: -3, max: 3 }));
      issueness = Math.max(0, issueness + issueDrift + faker.number.int({ min: -3, max: 3 }));
      months.unshift({
        account_id: account.id,
        month: shiftMonth(month, -back),
        riskiness,
        issueness,
      });
    }
    scoreSnapshots.push(...months);
  }

  const [first, second] = state.projects.map((project) => project.account_id);
  const actualRiskiness: StoredActualRiskiness[] = [];
  if (first !== undefined && second !== undefined) {
    const previous = shiftMonth(month, -1);
    const firstBefore = scoreSnapshots.find(
      (snapshot) => snapshot.account_id === first && snapshot.month === previous,
    )!;
    const firstNow = levelOf('riskiness', live.get(first)!.riskiness);
    const recordedNow =
      `${month}-02T09:30:00.000Z` < `${today}T00:00:00.000Z`
        ? `${month}-02T09:30:00.000Z`
        : `${today}T00:00:00.000Z`;
    const record = (
      account_id: number,
      at: string,
      level: ScoreLevel,
      reason: string,
      on = month,
    ) =>
      actualRiskiness.push({
        id: actualRiskiness.length + 1,
        account_id,
        month: on,
        level,
        reason,
        recorded_by_id: ACCOUNT_OWNER,
        recorded_at: at,
      });
    record(
      first,
      `${previous}-27T16:00:00.000Z`,
      levelOf('riskiness', firstBefore.riskiness),
      'The score is right: the release plan and the account margin both need watching.',
      previous,
    );
    // This month the owner disagrees with the computed level (the dashboard marks it).
    record(
      first,
      recordedNow,
      firstNow === 'high' ? 'moderate' : 'high',
      firstNow === 'high'
        ? 'The margin recovery plan signed with the client this month takes most of the commercial risk away.'
        : 'The client is reviewing the contract: more is at stake than the open risks show.',
    );
    record(
      second,
      recordedNow,
      levelOf('riskiness', live.get(second)!.riskiness),
      'Acceptance criteria are still not agreed with the client; the computed level is fair.',
    );
  }
  return { scoreSnapshots, actualRiskiness };
}

/** Read from every other area's records. */
export const dashboardSeed: SeedPart = {
  name: 'dashboard',
  after: 'all',
  build: (_context, built) => buildDashboardState(built as Omit<MockState, keyof DashboardState>),
};
