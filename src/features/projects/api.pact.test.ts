import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  date,
  dateTime,
  fieldErrors,
  notFound,
  permissionDenied,
} from '../../testing/pact/drfShapes';
import { statePath } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { createPact } from '../../testing/pact/provider';
import { PROJECT_STATES } from '../../testing/pact/states';
import { projectsApi } from './api';

const { boolean, eachLike, integer, nullValue, regex, string, like } = MatchersV3;

const person = { id: integer(2), name: string('Priya Nair'), login: string('pnair') };
const named = (name: string) => ({ id: integer(1), name: string(name) });
const projectPath = (suffix = '') =>
  statePath(`/api/projects/\${projectId}/${suffix}`, { projectId: 1 });
const MISSING = 99999;

/**
 * One row of the portfolio. `last_check` and `open_risk_rating` are null on some rows (a project never
 * checked, one without open risks) and pact has no nullable matcher for rows of a list: they are left
 * out here (a provider may send more fields) and pinned by the SPA's types and the mock's tests.
 */
const portfolioRow = {
  id: integer(1),
  name: string('Apollo Portal'),
  code: regex('^[A-Z]{3}-\\d{4}$', 'APO-0001'),
  account_id: integer(1),
  manager: like(person),
  status: regex('^(active|on_hold|closed)$', 'active'),
  high_ownership: boolean(false),
  open_risks: integer(3),
  open_high_risks: integer(1),
  open_issues: integer(1),
  checks_in_progress: integer(1),
};

const detail = (description: string) => ({
  id: integer(1),
  name: string('Apollo Portal'),
  code: regex('^[A-Z]{3}-\\d{4}$', 'APO-0001'),
  status: regex('^(active|on_hold|closed)$', 'active'),
  high_ownership: boolean(false),
  account: named('Stanton - Wyman'),
  business_line: named('Media'),
  business_segment: named('Retail and Media'),
  manager: like(person),
  start_date: date('2025-08-14'),
  end_date: date('2027-08-18'),
  description: string(description),
  expert_description: string('Experts: check the answers against the evidence.'),
  exclude_from_kpi: boolean(false),
  ada: boolean(false),
  profile_revenue: nullValue(),
  open_risks: integer(3),
  open_issues: integer(1),
  checks_in_progress: integer(1),
  team_size: integer(2),
});

describe('portfolio and project card calls', () => {
  const interaction = interactionsOf(createPact());
  const { getPortfolio, getProject, patchProject, getProjectHistory } = projectsApi.endpoints;

  it('GET /api/portfolio/ answers the tree with every project row and its counts', () =>
    interaction(PROJECT_STATES.adminPortfolio, 'a request for the project portfolio')
      .get('/api/portfolio/')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          segments: eachLike(named('Financial Services')),
          lines: eachLike({ ...named('Banking'), segment_id: integer(1) }),
          accounts: eachLike({ ...named('Hudson - Bradtke'), line_id: integer(1) }),
          projects: eachLike(portfolioRow),
        }),
      )
      .executeTest(async (mock) => {
        const portfolio = await dataFrom(mock, getPortfolio);
        expect(portfolio.projects[0]?.code).toBe('APO-0001');
      }));

  it('GET /api/portfolio/ answers 403 to a user without CAN_VIEW_PROJECT_CARD', () =>
    interaction(PROJECT_STATES.viewerWithoutCard, 'a request for the portfolio without the flag')
      .get('/api/portfolio/')
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getPortfolio))?.status).toBe(403);
      }));

  it('GET /api/projects/{id}/ answers the card', () =>
    interaction(PROJECT_STATES.pmEditsDetails, 'a request for the card of a project')
      .get(projectPath())
      .willRespondWith(200, (b) => b.jsonBody(detail('Apollo Portal is delivered for…')))
      .executeTest(async (mock) => {
        const project = await dataFrom(mock, getProject, 1);
        expect(project.business_line.name).toBe('Media');
      }));

  it('GET /api/projects/{id}/ answers 404 to an unknown project', () =>
    interaction(PROJECT_STATES.adminPortfolio, 'a request for a project that does not exist')
      .get(statePath('/api/projects/${missingProjectId}/', { missingProjectId: MISSING }))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getProject, MISSING))?.status).toBe(404);
      }));

  it('PATCH /api/projects/{id}/ changes the description', () =>
    interaction(PROJECT_STATES.pmEditsDetails, 'a change of the description of a project')
      .patch(projectPath(), { description: 'Delivered in three releases.' })
      .willRespondWith(200, (b) => b.jsonBody(detail('Delivered in three releases.')))
      .executeTest(async (mock) => {
        const project = await dataFrom(mock, patchProject, {
          id: 1,
          description: 'Delivered in three releases.',
        });
        expect(project.description).toBe('Delivered in three releases.');
      }));

  it('PATCH /api/projects/{id}/ answers 400 by field to a description over 2000 characters', () =>
    interaction(PROJECT_STATES.pmEditsDetails, 'a description of 2001 characters for a project')
      .patch(projectPath(), { description: 'x'.repeat(2001) })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({ description: 'Ensure this field has no more than 2000 characters.' }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, patchProject, { id: 1, description: 'x'.repeat(2001) });
        expect(error?.status).toBe(400);
      }));

  it('PATCH /api/projects/{id}/ answers 403 naming the flag a field needs', () =>
    interaction(PROJECT_STATES.pmEditsDetails, 'a KPI exclusion of a project without the flag')
      .patch(projectPath(), { exclude_from_kpi: true })
      .willRespondWith(403, (b) =>
        b.jsonBody({
          detail: regex(
            '.*CAN_EXCLUDE_FROM_KPI.*',
            'You do not have permission to change "exclude_from_kpi" (CAN_EXCLUDE_FROM_KPI).',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, patchProject, { id: 1, exclude_from_kpi: true });
        expect(error?.status).toBe(403);
      }));

  it('GET /api/projects/{id}/history/ lists the changes made on the card, newest first', () =>
    interaction(PROJECT_STATES.adminChangedProject, 'a request for the history of a project')
      .get(projectPath('history/'))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            id: integer(1),
            at: dateTime('2026-11-25T10:00:00.000Z'),
            by: like(person),
            section: string('Project overview'),
            field: string('Description'),
            old_value: string('Apollo Portal is delivered for…'),
            new_value: string('Delivered in three releases.'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const history = await dataFrom(mock, getProjectHistory, 1);
        expect(history[0]?.field).toBe('Description');
      }));
});
