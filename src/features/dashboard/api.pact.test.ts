import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  ACTUAL_RISKINESS_FLAG,
  ACTUAL_RISKINESS_OWNER_DETAIL,
  CONTRIBUTOR_TYPES,
  DASHBOARD_FLAG,
  SCORE_KINDS,
  SCORE_LEVELS,
} from '../../api/contract/dashboard';
import { POLL_STATUSES, POLL_TYPES } from '../../api/contract/polls';
import { RATINGS, RISK_CATEGORIES, RISK_KINDS } from '../../api/contract/risks';
import { drfDetail, fieldErrors, notFound } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { statePath, stateText } from '../../testing/pact/inject';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { STATES, createPact } from '../../testing/pact/provider';
import { DASHBOARD_STATES } from '../../testing/pact/states';
import { dashboardApi } from './api';

const { eachLike, integer, string, boolean, regex } = MatchersV3;

/** The example ids of an account on the dashboard and of no account. */
const ACCOUNT = 40;
const MISSING = 9999;

const named = (id: number, name: string) => ({ id: integer(id), name: string(name) });
const month = (example: string) => regex('^\\d{4}-\\d{2}$', example);
const level = (example = 'high') => oneOf(SCORE_LEVELS, example);
const scoreShape = (score: number, previous: number, example = 'high') => ({
  level: level(example),
  score: integer(score),
  previous_level: level(example),
  previous_score: integer(previous),
});
const countsShape = { low: integer(6), moderate: integer(22), high: integer(12) };
const actualShape = {
  id: integer(3),
  month: month('2026-11'),
  level: level(),
  reason: string('Acceptance criteria are still not agreed with the client.'),
  recorded_by: personShape(9, 'David Kowalski', 'dkowalski'),
  recorded_at: timeMatcher('2026-11-02T09:30:00.000Z'),
};
const rowShape = {
  ...named(ACCOUNT, 'Doyle - Jacobs'),
  business_line: named(3, 'Banking'),
  business_segment: named(1, 'Financial Services'),
  delivery_owner: personShape(9, 'David Kowalski', 'dkowalski'),
  riskiness: scoreShape(49, 47),
  issueness: scoreShape(12, 16, 'moderate'),
  open_high_risks: integer(5),
  overdue_action_items: integer(2),
  last_check: {
    id: integer(2),
    index: string('HC_2'),
    type: oneOf(POLL_TYPES, 'health_check'),
    status: oneOf(POLL_STATUSES, 'expert'),
    due_date: dateMatcher('2026-12-04'),
    project: named(2, 'Intelligent Granite computer'),
  },
  actual_riskiness: actualShape,
  disagrees: boolean(false),
};

/** `/api/dashboard/accounts/{accountId}/…` with the id the provider state names. */
const accountPath = (suffix = '') =>
  statePath(`/api/dashboard/accounts/\${accountId}/${suffix}`, { accountId: ACCOUNT });

const forbidden = (flag: string) =>
  drfDetail(`You do not have permission to perform this action (${flag}).`);

const explanationShape = (kind: 'riskiness' | 'issueness') => ({
  kind: oneOf(SCORE_KINDS, kind),
  account: named(ACCOUNT, 'Doyle - Jacobs'),
  month: month('2026-11'),
  score: kind === 'riskiness' ? scoreShape(49, 47) : scoreShape(12, 16, 'moderate'),
  thresholds: { moderate: integer(15), high: integer(35) },
  contributors: eachLike({
    type: oneOf(CONTRIBUTOR_TYPES, kind === 'riskiness' ? 'risk' : 'issue'),
    id: integer(25),
    title: string('Key developer may leave before the release'),
    reason: string('High × High = 9'),
    points: integer(9),
    project: named(17, 'Licensed Pizza system'),
    category: oneOf(RISK_CATEGORIES, 'client'),
    path: regex('^/(risks|checks)/\\d+$', '/risks/25'),
  }),
  by_project: eachLike({
    name: string('Handmade Ball panel'),
    key: string('2'),
    points: integer(9),
  }),
  by_category: eachLike({ name: string('Scope'), key: string('scope'), points: integer(9) }),
  to_lower_level: {
    level: level('moderate'),
    points_needed: integer(15),
    contributor_ids: eachLike(regex('^(risk|issue|finding|action_item):\\d+$', 'risk:25')),
  },
  history: eachLike({ month: month('2026-11'), score: integer(49), level: level() }),
  actual: kind === 'riskiness' ? eachLike(actualShape) : [],
  can_record_actual: boolean(kind === 'riskiness'),
});

/** The riskiness and issueness dashboard (spec §2 `/dashboard` and its account pages). */
describe('riskiness and issueness dashboard', () => {
  const interaction = interactionsOf(createPact());
  const api = dashboardApi.endpoints;

  it('GET /api/dashboard/ lists the accounts the search keeps, their levels and the trend', () =>
    interaction(DASHBOARD_STATES.adminRiskyAccount, 'a search of the dashboard for an account')
      .get('/api/dashboard/', { search: stateText('accountSearch', 'doyle') })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          month: month('2026-11'),
          count: integer(1),
          total: integer(40),
          segments: eachLike({ id: integer(2), name: string('Retail and Media') }),
          lines: eachLike({ id: integer(5), name: string('Travel'), segment_id: integer(2) }),
          results: eachLike(rowShape),
          distribution: { riskiness: countsShape, issueness: countsShape },
          trend: eachLike({
            month: month('2026-11'),
            riskiness: countsShape,
            issueness: countsShape,
          }),
        }),
      )
      .executeTest(async (mock) => {
        const dashboard = await dataFrom(mock, api.getDashboard, { search: 'doyle' });
        expect(dashboard.results[0]?.id).toBe(ACCOUNT);
        expect(dashboard.trend.at(-1)?.month).toBe(dashboard.month);
        // The filters' choices are every place the user sees, not those the search kept.
        expect(dashboard.total).toBeGreaterThanOrEqual(dashboard.count);
        expect(dashboard.lines[0]?.segment_id).toEqual(expect.any(Number));
      }));

  it('GET /api/dashboard/ with a level that is none answers 400 on that filter', () =>
    interaction(STATES.signedIn, 'a request for the dashboard of riskiness "extreme"')
      .get('/api/dashboard/', { riskiness: 'extreme' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            riskiness: 'Select a valid choice. extreme is not one of the available choices.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.getDashboard, {
          // An old bookmark may hold a level the backend does not know.
          riskiness: 'extreme' as never,
        });
        expect(error?.status).toBe(400);
      }));

  it(`GET /api/dashboard/ without ${DASHBOARD_FLAG} answers 403 naming it`, () =>
    interaction(DASHBOARD_STATES.pmWithoutDashboard, 'a request for the dashboard')
      .get('/api/dashboard/')
      .willRespondWith(403, (b) => b.jsonBody(forbidden(DASHBOARD_FLAG)))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getDashboard, {}))?.status).toBe(403);
      }));

  it('GET /api/dashboard/accounts/{id}/ answers its projects, open risks, changes and history', () =>
    interaction(
      DASHBOARD_STATES.ownerRiskyAccount,
      'a request for the dashboard page of an account',
    )
      .get(accountPath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...rowShape,
          projects: eachLike({
            ...named(2, 'Intelligent Granite computer'),
            riskiness_points: integer(27),
            issueness_points: integer(0),
            open_risks: integer(6),
            open_issues: integer(0),
          }),
          open_risks: eachLike({
            id: integer(25),
            statement: string('Key developer may leave before the release'),
            probability: oneOf(RATINGS, 'high'),
            impact: oneOf(RATINGS, 'high'),
            points: integer(9),
            project: named(17, 'Licensed Pizza system'),
            owner: personShape(154, 'Julie Marvin', 'jmarvin'),
          }),
          recent_changes: eachLike({
            risk_id: integer(4),
            kind: oneOf(RISK_KINDS, 'risk'),
            statement: string('Client acceptance criteria are not agreed'),
            field: string('resolution'),
            old_value: string('Open'),
            new_value: string('Resolved'),
            by: personShape(8, 'Lucia Romero', 'lromero'),
            at: timeMatcher('2026-11-20T10:00:00.000Z'),
          }),
          history: eachLike({
            month: month('2026-11'),
            riskiness: integer(49),
            issueness: integer(12),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const account = await dataFrom(mock, api.getDashboardAccount, ACCOUNT);
        expect(account.projects[0]?.riskiness_points).toBeGreaterThan(0);
      }));

  it('GET /api/dashboard/accounts/{id}/ of an unknown account answers 404', () =>
    interaction(
      DASHBOARD_STATES.adminRiskyAccount,
      'a request for the dashboard page of an account that does not exist',
    )
      .get(statePath('/api/dashboard/accounts/${missingAccountId}/', { missingAccountId: MISSING }))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getDashboardAccount, MISSING))?.status).toBe(404);
      }));

  it('GET /api/dashboard/accounts/{id}/riskiness/ explains the score, with the actual records', () =>
    interaction(
      DASHBOARD_STATES.ownerRiskyAccount,
      'a request for the riskiness of an account explained',
    )
      .get(accountPath('riskiness/'))
      .willRespondWith(200, (b) => b.jsonBody(explanationShape('riskiness')))
      .executeTest(async (mock) => {
        const explained = await dataFrom(mock, api.getScoreExplanation, {
          accountId: ACCOUNT,
          kind: 'riskiness',
        });
        expect(explained.can_record_actual).toBe(true);
      }));

  it('GET /api/dashboard/accounts/{id}/issueness/ explains the score', () =>
    interaction(
      DASHBOARD_STATES.ownerRiskyAccount,
      'a request for the issueness of an account explained',
    )
      .get(accountPath('issueness/'))
      .willRespondWith(200, (b) => b.jsonBody(explanationShape('issueness')))
      .executeTest(async (mock) => {
        const explained = await dataFrom(mock, api.getScoreExplanation, {
          accountId: ACCOUNT,
          kind: 'issueness',
        });
        expect(explained.kind).toBe('issueness');
      }));

  it('POST /api/dashboard/accounts/{id}/actual-riskiness/ records this month’s judgement', () =>
    interaction(
      DASHBOARD_STATES.ownerRiskyAccount,
      'an actual riskiness Low recorded for an account',
    )
      .post(accountPath('actual-riskiness/'), {
        level: 'low',
        reason: 'The client signed the acceptance criteria today.',
      })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...actualShape,
          level: level('low'),
          reason: string('The client signed the acceptance criteria today.'),
        }),
      )
      .executeTest(async (mock) => {
        const recorded = await dataFrom(mock, api.recordActualRiskiness, {
          accountId: ACCOUNT,
          level: 'low',
          reason: 'The client signed the acceptance criteria today.',
        });
        expect(recorded.level).toBe('low');
      }));

  it('POST …/actual-riskiness/ with an unknown level and a blank reason answers 400 on both', () =>
    interaction(DASHBOARD_STATES.ownerRiskyAccount, 'an actual riskiness "severe" without a reason')
      .post(accountPath('actual-riskiness/'), { level: 'severe', reason: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            level: '"severe" is not a valid choice.',
            reason: 'This field may not be blank.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.recordActualRiskiness, {
          accountId: ACCOUNT,
          level: 'severe' as never,
          reason: '',
        });
        expect(error?.status).toBe(400);
      }));

  it(`POST …/actual-riskiness/ without ${ACTUAL_RISKINESS_FLAG} answers 403 naming it`, () =>
    interaction(DASHBOARD_STATES.portfolioWithoutActual, 'an actual riskiness without the flag')
      .post(accountPath('actual-riskiness/'), { level: 'low', reason: 'Looks calm.' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden(ACTUAL_RISKINESS_FLAG)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.recordActualRiskiness, {
          accountId: ACCOUNT,
          level: 'low',
          reason: 'Looks calm.',
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/actual-riskiness/ by a flag holder who does not look after the account answers 403', () =>
    interaction(
      DASHBOARD_STATES.adminRiskyAccount,
      'an actual riskiness of an account by someone who does not look after it',
    )
      .post(accountPath('actual-riskiness/'), { level: 'low', reason: 'Looks calm.' })
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(ACTUAL_RISKINESS_OWNER_DETAIL)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.recordActualRiskiness, {
          accountId: ACCOUNT,
          level: 'low',
          reason: 'Looks calm.',
        });
        expect(error?.status).toBe(403);
      }));
});
