import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { quarterOf } from '../../../src/api/contract/checkViews';
import type { Paginated } from '../../../src/api/contract/drf';
import {
  EMPTY_REPORT_MESSAGE,
  REPORT_KINDS,
  type ReportExportQueued,
  type ReportRow,
} from '../../../src/api/contract/reports';
import { PERIOD_MESSAGE } from '../../../src/api/contract/targets';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';
import { today } from '../../lib/clock';

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });
const state = () => admin.app.mock.db.getState();

async function report(
  kind: string,
  query: Record<string, string | number> = {},
  user = admin,
): Promise<Paginated<ReportRow>> {
  const res = await request(user.app)
    .get(`/api/reports/${kind}/`)
    .query({ page_size: 1000, ...query })
    .set(user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Paginated<ReportRow>;
}

const ids = (page: Paginated<ReportRow>) => page.results.map((row) => row.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  admin = await signIn('admin');
});

describe('GET /api/reports/{kind}/: each report is computed from the stored records', () => {
  it('check results: the checks due in a quarter, of a model, at an account', async () => {
    const { polls, projects } = state();
    const account = projects.find((project) => project.id === polls[0]!.project_id)!.account_name;
    const expected = polls
      .filter((poll) => {
        const project = projects.find((candidate) => candidate.id === poll.project_id)!;
        return (
          quarterOf(poll.due_date) === '2026-Q4' &&
          poll.model === 'sdo' &&
          project.account_name === account
        );
      })
      .map((poll) => poll.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await report('check-results', {
      period: '2026-Q4',
      model: 'sdo',
      account: account.toUpperCase(),
    });
    expect(ids(page)).toEqual(sorted(expected));
    const first = page.results.find((row) => row.id === polls[0]!.id)!;
    expect(first).toMatchObject({
      index: polls[0]!.index,
      account,
      model: 'sdo',
      status: polls[0]!.status,
      due_date: polls[0]!.due_date,
    });
  });

  it('planned against completed: the planned checks of a quarter that were completed', async () => {
    const { plannedChecks, polls } = state();
    const done = (pollId: number | null) =>
      ['finished', 'review_completed'].includes(
        polls.find((poll) => poll.id === pollId)?.status ?? '',
      );
    const quarter = quarterOf(plannedChecks[0]!.planned_week);
    const expected = plannedChecks
      .filter((planned) => quarterOf(planned.planned_week) === quarter && done(planned.poll_id))
      .map((planned) => planned.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await report('planned-vs-completed', { period: quarter, outcome: 'completed' });
    expect(ids(page)).toEqual(sorted(expected));
    expect(page.results.every((row) => row.outcome === 'completed' && row.check)).toBe(true);

    const notStarted = await report('planned-vs-completed', { outcome: 'not_started' });
    expect(ids(notStarted)).toEqual(
      sorted(plannedChecks.filter((planned) => planned.poll_id === null).map((p) => p.id)),
    );
  });

  it('the risk register: open project-level issues', async () => {
    const expected = state()
      .risks.filter(
        (risk) => risk.level === 'project' && risk.kind === 'issue' && risk.status === 'open',
      )
      .map((risk) => risk.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await report('risk-register', { level: 'project', kind: 'issue', status: 'open' });
    expect(ids(page)).toEqual(sorted(expected));
    expect((await report('risk-register')).count).toBe(state().risks.length);
  });

  it('overdue action items: not done, past due, of open account-level risks and issues', async () => {
    const { risks, riskActionItems } = state();
    const now = today();
    const expected = riskActionItems
      .filter((item) => {
        const risk = risks.find((candidate) => candidate.id === item.risk_id)!;
        return (
          !item.done &&
          item.due_date !== null &&
          item.due_date < now &&
          risk.status === 'open' &&
          risk.level === 'account'
        );
      })
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await report('overdue-actions', { level: 'account' });
    expect(ids(page)).toEqual(sorted(expected));
    const row = page.results[0]!;
    expect(row.days_overdue).toBeGreaterThan(0);
    expect(row.due_date! < now).toBe(true);
  });

  it('audit findings: the open major findings', async () => {
    const { outcomes, polls } = state();
    const expected = outcomes
      .filter(
        (outcome) =>
          outcome.severity === 'major' &&
          outcome.done_at === null &&
          polls.find((poll) => poll.id === outcome.poll_id)?.type === 'audit_check',
      )
      .map((outcome) => outcome.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await report('audit-findings', { severity: 'major', state: 'open' });
    expect(ids(page)).toEqual(sorted(expected));
  });

  it('projects excluded from KPI, and narrowed to an account', async () => {
    const { projectDetails, projects } = state();
    const excluded = projectDetails
      .filter((detail) => detail.exclude_from_kpi)
      .map((detail) => detail.project_id);
    expect(excluded.length).toBeGreaterThan(0);
    expect(ids(await report('kpi-excluded'))).toEqual(sorted(excluded));

    const account = projects.find((project) => project.id === excluded[0])!.account_name;
    const page = await report('kpi-excluded', { account });
    expect(ids(page)).toEqual(
      sorted(
        excluded.filter(
          (id) => projects.find((project) => project.id === id)!.account_name === account,
        ),
      ),
    );
  });

  it('pages as DRF does, with the count of the whole report, and orders by any column', async () => {
    const page = await report('risk-register', { page_size: 5, page: 2, ordering: '-id' });
    expect(page.count).toBe(state().risks.length);
    expect(page.results).toHaveLength(5);
    const top = Math.max(...state().risks.map((risk) => risk.id));
    expect(page.results[0]!.id).toBe(top - 5);
    expect(page.next).toContain('page=3');
  });
});

describe('refusals', () => {
  it('400 by field for a choice or a period that is not one', async () => {
    const res = await request(admin.app)
      .get('/api/reports/check-results/')
      .query({ period: '2026-Q5', model: 'nope', status: 'finished' })
      .set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      period: [PERIOD_MESSAGE],
      model: ['Select a valid choice. nope is not one of the available choices.'],
    });
  });

  it('403 naming CAN_VIEW_REPORTS, for every report', async () => {
    const expert = await as('expert');
    for (const kind of REPORT_KINDS) {
      const res = await request(expert.app).get(`/api/reports/${kind}/`).set(expert.auth);
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('CAN_VIEW_REPORTS');
    }
  });

  it('404 for a report that does not exist', async () => {
    const res = await request(admin.app).get('/api/reports/nope/').set(admin.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});

describe('POST /api/reports/{kind}/export/', () => {
  it('e-mails the report its filters describe, and records the e-mail', async () => {
    const app = (await signIn('admin')).app;
    const user = await signIn('admin', { app });
    const before = app.mock.db.getState().sentEmails.length;
    const res = await request(app)
      .post('/api/reports/risk-register/export/')
      .set(user.headers)
      .send({ level: 'project', kind: 'risk' });
    expect(res.status).toBe(202);
    const expected = app.mock.db
      .getState()
      .risks.filter((risk) => risk.level === 'project' && risk.kind === 'risk').length;
    expect(res.body).toEqual({
      email: 'amorgan@example.com',
      count: expected,
    } satisfies ReportExportQueued);
    const emails = app.mock.db.getState().sentEmails;
    expect(emails).toHaveLength(before + 1);
    expect(emails.at(-1)).toMatchObject({
      to: 'amorgan@example.com',
      count: expected,
      report: { kind: 'risk-register', filters: { level: 'project', kind: 'risk' } },
    });
  });

  it('a refused export stores nothing', async () => {
    const app = (await signIn('admin')).app;
    const user = await signIn('admin', { app });
    const expert = await signIn('expert', { app });
    const emails = () => app.mock.db.getState().sentEmails.length;
    const before = emails();

    const bad = await request(app)
      .post('/api/reports/audit-findings/export/')
      .set(user.headers)
      .send({ severity: 'huge' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      severity: ['Select a valid choice. huge is not one of the available choices.'],
    });

    const empty = await request(app)
      .post('/api/reports/check-results/export/')
      .set(user.headers)
      .send({ period: '2001-Q1' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ non_field_errors: [EMPTY_REPORT_MESSAGE] });

    const refused = await request(app)
      .post('/api/reports/risk-register/export/')
      .set(expert.headers)
      .send({});
    expect(refused.status).toBe(403);

    const unknown = await request(app).post('/api/reports/nope/export/').set(user.headers).send({});
    expect(unknown.status).toBe(404);
    expect(emails()).toBe(before);
  });
});
