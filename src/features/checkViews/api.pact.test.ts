import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CHECK_VIEW_FLAGS } from '../../api/contract/checkViews';
import {
  OUTCOME_SEVERITIES,
  POLL_MODELS,
  POLL_STATUSES,
  POLL_TYPES,
} from '../../api/contract/polls';
import { PERIOD_MESSAGE } from '../../api/contract/targets';
import { drfDetail, fieldErrors, pageLike } from '../../testing/pact/drfShapes';
import { stateText } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher, personShape } from '../../testing/pact/pollShapes';
import { STATES, createPact } from '../../testing/pact/provider';
import { CHECK_VIEW_STATES } from '../../testing/pact/states';
import { checkViewsApi } from './api';

const { boolean, integer, string, regex } = MatchersV3;

const oneOf = (values: readonly string[], example: string) =>
  regex(`^(${values.join('|')})$`, example);

/** What every row starts with: the check, its project and account. */
const rowBase = (type = 'health_check', status = 'finished') => ({
  check: {
    id: integer(8),
    index: string('HC_8'),
    type: oneOf(POLL_TYPES, type),
    model: oneOf(POLL_MODELS, type === 'audit_check' ? 'audit_pm' : 'sdo'),
    status: oneOf(POLL_STATUSES, status),
    due_date: dateMatcher('2026-12-15'),
  },
  project: { id: integer(3), name: string('Handmade Ball panel') },
  account: { id: integer(4), name: string('Stanton - Wyman') },
});

/** Page 2 of a long list: links to pages 1 and 3. */
const middlePage = <Row>(row: Row) => ({
  ...pageLike(row, 240),
  next: regex('^http.*page=3.*$', 'http://localhost/api/check-overviews/?page=3&page_size=10'),
  previous: regex('^http.*$', 'http://localhost/api/check-overviews/?page_size=10'),
});

const forbidden = (flag: string) =>
  drfDetail(`You do not have permission to perform this action (${flag}).`);

const invalidChoice = (value: string) =>
  `Select a valid choice. ${value} is not one of the available choices.`;

/** The views across checks (spec §2 `/overview`, `/summary`, `/outcomes`). */
describe('views across checks', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/check-overviews/ pages the project overviews of the checks, ordered', () =>
    interaction(
      CHECK_VIEW_STATES.adminManyChecks,
      'an ordered request for page 2 of the project overviews',
    )
      .get('/api/check-overviews/', { ordering: '-due_date', page: '2', page_size: '10' })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          middlePage({
            ...rowBase(),
            description: string('An online shop for handmade sports goods.'),
            expert_description: string('Look at the release notes first.'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, checkViewsApi.endpoints.getCheckOverviews, {
          ordering: '-due_date',
          page: 2,
          page_size: 10,
        });
        expect(page.results[0]?.project.name).toBe('Handmade Ball panel');
      }));

  it('GET /api/check-overviews/ with a period that is no quarter answers 400 on period', () =>
    interaction(STATES.signedIn, 'a request for the project overviews of period 2026-13')
      .get('/api/check-overviews/', { period: '2026-13', page_size: '25' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ period: PERIOD_MESSAGE })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckOverviews, {
          period: '2026-13',
          page_size: 25,
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/check-overviews/ without CAN_VIEW_PROJECT_DETAILS answers 403 naming it', () =>
    interaction(CHECK_VIEW_STATES.viewerWithoutViews, 'a request for the project overviews')
      .get('/api/check-overviews/', { page_size: '25' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden(CHECK_VIEW_FLAGS.overviews)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckOverviews, {
          page_size: 25,
        });
        expect(error?.status).toBe(403);
      }));

  it("GET /api/check-summaries/ gives the experts' and PMs' summaries, filtered", () =>
    interaction(
      CHECK_VIEW_STATES.adminManyChecks,
      'a filtered request for page 2 of the check summaries',
    )
      .get('/api/check-summaries/', { status: 'finished', page: '2', page_size: '10' })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          middlePage({
            ...rowBase(),
            experts_summary: {
              risk_status: string('One high risk on the integration deadline.'),
              summary: string('Healthy delivery with a stable team.'),
            },
            pms_summary: { risk_status: string(''), summary: string('We are on track.') },
            comparable: { checks: integer(1), roles: boolean(true) },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, checkViewsApi.endpoints.getCheckSummaries, {
          status: 'finished',
          page: 2,
          page_size: 10,
        });
        expect(page.results[0]?.check.status).toBe('finished');
      }));

  it('GET /api/check-summaries/ with an unknown model answers 400 on model', () =>
    interaction(STATES.signedIn, 'a request for the check summaries of an unknown model')
      .get('/api/check-summaries/', { model: 'iso', page_size: '25' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ model: invalidChoice('iso') })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckSummaries, {
          // An old bookmark may hold a model the backend no longer knows.
          model: 'iso' as never,
          page_size: 25,
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/check-summaries/ without CAN_VIEW_SUMMARY answers 403 naming it', () =>
    interaction(CHECK_VIEW_STATES.viewerWithoutViews, 'a request for the check summaries')
      .get('/api/check-summaries/', { page_size: '25' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden(CHECK_VIEW_FLAGS.summaries)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckSummaries, {
          page_size: 25,
        });
        expect(error?.status).toBe(403);
      }));

  it('GET /api/check-outcomes/ finds a major finding with its open corrective action', () =>
    interaction(CHECK_VIEW_STATES.adminManyChecks, 'a search for major audit findings')
      .get('/api/check-outcomes/', {
        search: stateText('findingSearch', 'signed change requests'),
        severity: 'major',
        page_size: '25',
      })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          pageLike({
            ...rowBase('audit_check', 'review_completed'),
            finding: {
              id: integer(31),
              title: string('No signed change requests for two scope changes'),
              severity: oneOf(OUTCOME_SEVERITIES, 'major'),
              description: string('The client asked for two reports in September.'),
              owner: personShape(2, 'Priya Nair', 'pnair'),
              due_date: dateMatcher('2026-10-29'),
              done_at: null,
            },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, checkViewsApi.endpoints.getCheckOutcomes, {
          search: 'signed change requests',
          severity: 'major',
          page_size: 25,
        });
        expect(page.results[0]?.finding.severity).toBe('major');
        expect(page.results[0]?.check.type).toBe('audit_check');
      }));

  it('GET /api/check-outcomes/ with an unknown severity answers 400 on severity', () =>
    interaction(STATES.signedIn, 'a request for the audit findings of an unknown severity')
      .get('/api/check-outcomes/', { severity: 'critical', page_size: '25' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ severity: invalidChoice('critical') })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckOutcomes, {
          severity: 'critical' as never,
          page_size: 25,
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/check-outcomes/ without CAN_VIEW_POLL_OUTCOMES answers 403 naming it', () =>
    interaction(CHECK_VIEW_STATES.pmWithoutOutcomes, 'a request for the audit findings')
      .get('/api/check-outcomes/', { page_size: '25' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden(CHECK_VIEW_FLAGS.outcomes)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checkViewsApi.endpoints.getCheckOutcomes, {
          page_size: 25,
        });
        expect(error?.status).toBe(403);
      }));
});
