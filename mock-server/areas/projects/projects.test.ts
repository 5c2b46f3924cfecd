import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type {
  Portfolio,
  ProjectDetail,
  ProjectHistoryEntry,
} from '../../../src/api/contract/projects';
import type { Poll } from '../../../src/api/contract/polls';
import { signIn } from '../../testing/signIn';

const PORTFOLIO = '/api/portfolio/';
const project = (id: number | string) => `/api/projects/${id}/`;

describe('GET /api/portfolio/', () => {
  it('answers the whole tree: every project under an account, line and segment that exist', async () => {
    const { app, auth } = await signIn('portfolio');
    const res = await request(app).get(PORTFOLIO).set(auth);
    expect(res.status).toBe(200);
    const portfolio = res.body as Portfolio;
    const state = app.mock.db.getState();
    expect(portfolio.projects).toHaveLength(state.projects.length);
    const accounts = new Map(portfolio.accounts.map((account) => [account.id, account]));
    const lines = new Map(portfolio.lines.map((line) => [line.id, line]));
    const segments = new Set(portfolio.segments.map((segment) => segment.id));
    for (const row of portfolio.projects) {
      const account = accounts.get(row.account_id);
      expect(account, `project ${row.id}`).toBeDefined();
      const line = lines.get(account!.line_id);
      expect(line, `account ${account!.id}`).toBeDefined();
      expect(segments.has(line!.segment_id)).toBe(true);
    }
  });

  it("counts each project's open risks, open issues and its running checks from the stored records", async () => {
    const { app, auth } = await signIn('admin');
    const portfolio = (await request(app).get(PORTFOLIO).set(auth)).body as Portfolio;
    const state = app.mock.db.getState();
    const row = portfolio.projects.find((candidate) => candidate.id === 1)!;
    const open = state.risks.filter(
      (risk) => risk.level === 'project' && risk.scope.id === 1 && risk.status === 'open',
    );
    expect(row.open_risks).toBe(open.filter((risk) => risk.kind === 'risk').length);
    expect(row.open_issues).toBe(open.filter((risk) => risk.kind === 'issue').length);
    expect(row.open_high_risks).toBe(
      open.filter((risk) => risk.kind === 'risk' && risk.rating === 'high').length,
    );
    const ratings = open.filter((risk) => risk.kind === 'risk').map((risk) => risk.rating);
    const highest = (['high', 'moderate', 'low'] as const).find((rating) =>
      ratings.includes(rating),
    );
    expect(row.open_risk_rating).toBe(highest ?? null);
    expect(row.manager?.id).toBe(state.projectTeams[0]!.pm_id);
    expect(row.code).toMatch(/^[A-Z]{3}-0001$/);
    // Its latest check is the newest of its polls.
    const polls = state.polls
      .filter((poll) => poll.project_id === 1 && poll.status !== 'canceled' && !poll.is_invalid)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    expect(row.last_check?.id).toBe(polls[0]?.id);
  });

  it('answers 403 naming CAN_VIEW_PROJECT_CARD to a persona without it', async () => {
    const { app, auth } = await signIn('viewer');
    const res = await request(app).get(PORTFOLIO).set(auth);
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
  });

  it('adds the generated volume behind the projectVolume option, without storing it', async () => {
    const { app, auth } = await signIn('admin', { projectVolume: 5000 });
    const portfolio = (await request(app).get(PORTFOLIO).set(auth)).body as Portfolio;
    const stored = app.mock.db.getState().projects.length;
    expect(portfolio.projects).toHaveLength(stored + 5000);
    expect(app.mock.db.getState().projects).toHaveLength(stored);
    const accounts = new Set(portfolio.accounts.map((account) => account.id));
    expect(portfolio.projects.every((row) => accounts.has(row.account_id))).toBe(true);
  });
});

describe('GET /api/projects/{id}/', () => {
  it('answers the card: account, line, segment, manager and the texts a check shows', async () => {
    const { app, auth } = await signIn('pm');
    const res = await request(app).get(project(1)).set(auth);
    expect(res.status).toBe(200);
    const detail = res.body as ProjectDetail;
    const state = app.mock.db.getState();
    const line = state.businessLines.find((candidate) =>
      candidate.account_ids.includes(detail.account.id),
    )!;
    expect(detail.business_line).toEqual({ id: line.id, name: line.name });
    expect(detail.business_segment.id).toBe(line.segment_id);
    expect(detail.description).not.toBe('');
    // The check's overview step shows the same description.
    const poll = state.polls.find((candidate) => candidate.project_id === 1)!;
    const shown = (await request(app).get(`/api/polls/${poll.id}/`).set(auth)).body as Poll;
    expect(shown.project.description).toBe(detail.description);
  });

  it('answers 404 to an unknown project and 403 without the card flag', async () => {
    const admin = await signIn('admin');
    expect((await request(admin.app).get(project(99999)).set(admin.auth)).status).toBe(404);
    const viewer = await signIn('viewer');
    expect((await request(viewer.app).get(project(1)).set(viewer.auth)).status).toBe(403);
  });
});

describe('PATCH /api/projects/{id}/', () => {
  it('changes the description, shows it in the check, and records who changed what', async () => {
    const { app, auth, headers, user } = await signIn('pm');
    const before = ((await request(app).get(project(1)).set(auth)).body as ProjectDetail)
      .description;
    const res = await request(app)
      .patch(project(1))
      .set(headers)
      .send({ description: 'A new description.' });
    expect(res.status).toBe(200);
    expect((res.body as ProjectDetail).description).toBe('A new description.');
    const history = (
      await request(app)
        .get(`${project(1)}history/`)
        .set(auth)
    ).body as ProjectHistoryEntry[];
    expect(history[0]).toMatchObject({
      by: { id: user.id },
      section: 'Project overview',
      field: 'Description',
      old_value: before,
      new_value: 'A new description.',
    });
    const poll = app.mock.db.getState().polls.find((candidate) => candidate.project_id === 1)!;
    const shown = (await request(app).get(`/api/polls/${poll.id}/`).set(auth)).body as Poll;
    expect(shown.project.description).toBe('A new description.');
  });

  it('refuses each field without its own flag (403 naming it) and stores nothing', async () => {
    const { app, headers } = await signIn('pm');
    const before = structuredClone(app.mock.db.readState().projectDetails);
    const res = await request(app)
      .patch(project(1))
      .set(headers)
      .send({ description: 'Allowed', exclude_from_kpi: true });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EXCLUDE_FROM_KPI');
    expect(app.mock.db.getState().projectDetails).toEqual(before);
    const expert = await signIn('expert');
    const refused = await request(expert.app)
      .patch(project(1))
      .set(expert.headers)
      .send({ description: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROJECT_DETAILS');
  });

  it('answers 400 by field to wrong types, texts over the limit and CRM-owned fields', async () => {
    const { app, headers } = await signIn('admin');
    const before = structuredClone(app.mock.db.readState().projectDetails);
    const res = await request(app)
      .patch(project(1))
      .set(headers)
      .send({
        description: 'x'.repeat(2001),
        expert_description: [7],
        ada: 'yes',
        name: 'Renamed',
      });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      description: ['Ensure this field has no more than 2000 characters.'],
      expert_description: ['Not a valid string.'],
      ada: ['Must be a valid boolean.'],
      name: ['This field is read-only: it comes from the CRM and is changed there.'],
    });
    expect(app.mock.db.getState().projectDetails).toEqual(before);
    for (const body of [null, [], 'text', {}]) {
      const answer = await request(app)
        .patch(project(1))
        .set(headers)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('sets the KPI exclusion and ADA flags with their flags, and the portfolio keeps up', async () => {
    const { app, auth, headers } = await signIn('admin');
    const res = await request(app)
      .patch(project(2))
      .set(headers)
      .send({ exclude_from_kpi: true, ada: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ exclude_from_kpi: true, ada: true });
    const history = (
      await request(app)
        .get(`${project(2)}history/`)
        .set(auth)
    ).body as ProjectHistoryEntry[];
    expect(history.map((entry) => entry.field).sort()).toEqual(['ADA', 'Excluded from KPI']);
    expect(history.every((entry) => entry.section === 'Flags')).toBe(true);
  });

  it('records nothing when a value does not change', async () => {
    const { app, auth, headers } = await signIn('admin');
    const current = ((await request(app).get(project(3)).set(auth)).body as ProjectDetail).ada;
    expect((await request(app).patch(project(3)).set(headers).send({ ada: current })).status).toBe(
      200,
    );
    expect(
      (
        await request(app)
          .get(`${project(3)}history/`)
          .set(auth)
      ).body,
    ).toEqual([]);
  });
});
