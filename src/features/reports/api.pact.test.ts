import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { POLL_MODELS, POLL_TYPES } from '../../api/contract/polls';
import {
  EMPTY_REPORT_MESSAGE,
  REPORTS_FLAG,
  REPORT_DOWNLOAD_LIMIT,
} from '../../api/contract/reports';
import { PERIOD_MESSAGE } from '../../api/contract/targets';
import {
  drfDetail,
  fieldErrors,
  nonFieldErrors,
  notFound,
  pageLike,
} from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher } from '../../testing/pact/pollShapes';
import { STATES, createPact } from '../../testing/pact/provider';
import { REPORT_STATES } from '../../testing/pact/states';
import { reportsApi } from './api';

const { integer, string, regex } = MatchersV3;

const oneOf = (values: readonly string[], example: string) =>
  regex(`^(${values.join('|')})$`, example);

const invalidChoice = (value: string) =>
  `Select a valid choice. ${value} is not one of the available choices.`;

/** The report catalogue (spec §2 `/reports`, §8 the Excel export messages). */
describe('report catalogue', () => {
  const interaction = interactionsOf(createPact());
  const DOWNLOAD_PAGE = String(REPORT_DOWNLOAD_LIMIT);

  it('GET /api/reports/{kind}/ answers the rows of a report, filtered and ordered', () =>
    interaction(
      REPORT_STATES.adminWithRecords,
      'a request for the finished checks of the check results report',
    )
      .get('/api/reports/check-results/', {
        status: 'finished',
        ordering: '-due_date',
        page_size: DOWNLOAD_PAGE,
      })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          pageLike(
            {
              id: integer(12),
              index: string('HC_12'),
              project: string('Handmade Ball panel'),
              account: string('Stanton - Wyman'),
              type: oneOf(POLL_TYPES, 'health_check'),
              model: oneOf(POLL_MODELS, 'sdo'),
              status: 'finished',
              due_date: dateMatcher('2026-09-30'),
              finished_at: dateMatcher('2026-09-28'),
              risk_status: string('One high risk on the integration deadline.'),
            },
            40,
          ),
        ),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, reportsApi.endpoints.getReportRows, {
          kind: 'check-results',
          query: { status: 'finished', ordering: '-due_date', page_size: REPORT_DOWNLOAD_LIMIT },
        });
        expect(page.results[0]?.status).toBe('finished');
      }));

  it('GET /api/reports/{kind}/ with a period that is no quarter answers 400 on period', () =>
    interaction(STATES.signedIn, 'a request for the audit findings report of period 2026-Q5')
      .get('/api/reports/audit-findings/', { period: '2026-Q5', page_size: '25' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ period: PERIOD_MESSAGE })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.getReportRows, {
          kind: 'audit-findings',
          query: { period: '2026-Q5', page_size: 25 },
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/reports/{kind}/ of a report that does not exist answers 404', () =>
    interaction(STATES.signedIn, 'a request for a report that does not exist')
      .get('/api/reports/nope/', { page_size: '25' })
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.getReportRows, {
          kind: 'nope' as never,
          query: { page_size: 25 },
        });
        expect(error?.status).toBe(404);
      }));

  it('GET /api/reports/{kind}/ without CAN_VIEW_REPORTS answers 403 naming it', () =>
    interaction(REPORT_STATES.expertWithoutReports, 'a request for the risk register report')
      .get('/api/reports/risk-register/', { page_size: '25' })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(`You do not have permission to perform this action (${REPORTS_FLAG}).`),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.getReportRows, {
          kind: 'risk-register',
          query: { page_size: 25 },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST /api/reports/{kind}/export/ e-mails a large report (202)', () =>
    interaction(REPORT_STATES.adminWithRecords, 'an export of the risk register report by e-mail')
      .post('/api/reports/risk-register/export/', { kind: 'risk' })
      .willRespondWith(202, (b) =>
        b.jsonBody({ email: string('amorgan@example.com'), count: integer(520) }),
      )
      .executeTest(async (mock) => {
        const queued = await dataFrom(mock, reportsApi.endpoints.emailReport, {
          kind: 'risk-register',
          body: { kind: 'risk' },
        });
        expect(queued.email).toContain('@');
      }));

  it('POST /api/reports/{kind}/export/ with an unknown choice answers 400 on that field', () =>
    interaction(STATES.signedIn, 'an export of the audit findings report of an unknown severity')
      .post('/api/reports/audit-findings/export/', { severity: 'huge' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ severity: invalidChoice('huge') })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.emailReport, {
          kind: 'audit-findings',
          body: { severity: 'huge' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST /api/reports/{kind}/export/ of an empty report answers 400', () =>
    interaction(
      STATES.signedIn,
      'an export of the check results report of a quarter without checks',
    )
      .post('/api/reports/check-results/export/', { period: '2001-Q1' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(EMPTY_REPORT_MESSAGE)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.emailReport, {
          kind: 'check-results',
          body: { period: '2001-Q1' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST /api/reports/{kind}/export/ without CAN_VIEW_REPORTS answers 403 naming it', () =>
    interaction(REPORT_STATES.expertWithoutReports, 'an export of the risk register report')
      .post('/api/reports/risk-register/export/', {})
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(`You do not have permission to perform this action (${REPORTS_FLAG}).`),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, reportsApi.endpoints.emailReport, {
          kind: 'risk-register',
          body: {},
        });
        expect(error?.status).toBe(403);
      }));
});
