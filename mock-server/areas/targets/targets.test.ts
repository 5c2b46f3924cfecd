import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import type { Target } from '../../../src/api/contract/targets';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/targets/';
const ONE = (id: number, project = 1) => `/api/projects/${project}/targets/${id}/`;
const ACCOUNT_LIST = (id: number) => `/api/accounts/${id}/targets/`;

const list = async ({ app, auth }: SignedIn, path = LIST) =>
  (await request(app).get(path).set(auth)).body as Target[];
const history = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(`/api/projects/${project}/history/`).set(auth))
    .body as ProjectHistoryEntry[];
const post = (session: SignedIn, body: unknown, path = LIST) =>
  request(session.app)
    .post(path)
    .set(session.headers)
    .send(body as object);
const patch = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .patch(path)
    .set(session.headers)
    .send(body as object);

const attrition = {
  kind: 'project',
  metric: 'team_attrition',
  period: '2026-Q4',
  planned: 10,
} as const;

describe('GET /api/projects/{id}/targets/', () => {
  it("lists project 1's two kinds, newest period first, each with a computed status", async () => {
    const admin = await signIn('admin');
    const targets = await list(admin);
    expect(new Set(targets.map((target) => target.kind))).toEqual(
      new Set(['project', 'account_project']),
    );
    const periods = targets.map((target) => target.period);
    expect(periods).toEqual([...periods].sort().reverse());
    const current = targets.filter(
      (target) => target.kind === 'project' && target.period === '2026-Q4',
    );
    const statusOf = (metric: string) => current.find((target) => target.metric === metric)?.status;
    expect(statusOf('on_time_delivery')).toBe('on_track');
    expect(statusOf('csat')).toBe('at_risk');
    // Budget variance: lower is better, 6 against 0 planned.
    expect(statusOf('budget_variance')).toBe('off_track');
    expect(statusOf('defect_leakage')).toBe('no_actual');
    expect(targets[0]!.updated_by).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
    });
  });

  it('answers 404 for an unknown project and 403 without the card', async () => {
    const admin = await signIn('admin');
    expect(
      (await request(admin.app).get('/api/projects/99999/targets/').set(admin.auth)).status,
    ).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    const refused = await request(admin.app).get(LIST).set(viewer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
  });
});

describe('POST /api/projects/{id}/targets/', () => {
  it('adds a project target, answers it with its status and records History', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, { ...attrition, actual: 12 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'project',
      metric: 'team_attrition',
      period: '2026-Q4',
      planned: 10,
      actual: 12,
      status: 'at_risk',
      updated_by: { id: 1 },
    });
    expect((await list(admin)).some((target) => target.id === res.body.id)).toBe(true);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({
      section: 'Targets',
      field: 'Project target',
      old_value: '',
      new_value: 'Team attrition %, 2026-Q4: planned 10%, actual 12%',
      by: { id: 1 },
    });
  });

  it('takes numbers written as text, and leaves the actual out', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, { ...attrition, planned: '9.5' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ planned: 9.5, actual: null, status: 'no_actual' });
  });

  it.each([
    [{ planned: 'ten' }, 'planned', 'A valid number is required.'],
    [{ planned: null }, 'planned', 'This field may not be null.'],
    [{ planned: 101 }, 'planned', 'Ensure this value is less than or equal to 100.'],
    [{ actual: -1 }, 'actual', 'Ensure this value is greater than or equal to 0.'],
    [{ planned: 1.234 }, 'planned', 'Ensure that there are no more than 2 decimal places.'],
    [{ planned: [] }, 'planned', 'A valid number is required.'],
    [{ period: '2026-Q5' }, 'period', 'Enter the period as a quarter, for example 2026-Q4.'],
    [{ period: 'Q4 2026' }, 'period', 'Enter the period as a quarter, for example 2026-Q4.'],
    [{ period: 2026 }, 'period', 'Enter the period as a quarter, for example 2026-Q4.'],
    [{ metric: 'velocity' }, 'metric', '"velocity" is not a valid choice.'],
    [{ metric: { id: 1 } }, 'metric', '"dict" is not a valid choice.'],
    // DRF's ChoiceField: a blank is a choice like any other, null is never one.
    [{ metric: '' }, 'metric', '"" is not a valid choice.'],
    [{ metric: null }, 'metric', 'This field may not be null.'],
    [{ kind: '' }, 'kind', '"" is not a valid choice.'],
    [{ kind: 'account' }, 'kind', '"account" is not a valid choice.'],
  ])('refuses %j with a 400 on its field and stores nothing', async (change, field, message) => {
    const admin = await signIn('admin');
    const before = await list(admin);
    const res = await post(admin, { ...attrition, ...change });
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
    expect(await list(admin)).toEqual(before);
    expect(await history(admin)).toEqual([]);
  });

  it('refuses a second target of the same metric and period of the same kind', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, { ...attrition, metric: 'csat', planned: 4 });
    expect(res.status).toBe(400);
    expect(res.body.period).toEqual([
      'A “Customer satisfaction (CSAT)” target for 2026-Q4 already exists here.',
    ]);
    // The same metric and period of the other kind is another target.
    const other = await post(admin, {
      ...attrition,
      metric: 'csat',
      planned: 4,
      kind: 'account_project',
    });
    expect(other.status).toBe(201);
  });

  it('needs the flag of the kind, and names it', async () => {
    const admin = await signIn('admin');
    const accountOwner = await signIn('account_owner', { app: admin.app });
    const pm = await signIn('pm', { app: admin.app });
    const projectKind = await post(pm, attrition);
    expect(projectKind.status).toBe(403);
    expect(projectKind.body.detail).toContain('CAN_EDIT_TARGETS');
    const accountKind = await post(accountOwner, { ...attrition, kind: 'account_project' });
    expect(accountKind.status).toBe(403);
    expect(accountKind.body.detail).toContain('CAN_EDIT_ACCOUNT_PROJECT_TARGETS');
    const noKind = await post(pm, { ...attrition, kind: undefined });
    expect(noKind.status).toBe(403);
    expect(await history(admin)).toEqual([]);
  });

  it('answers 404 for an unknown project, 400 for a body that is not an object', async () => {
    const admin = await signIn('admin');
    expect((await post(admin, attrition, '/api/projects/99999/targets/')).status).toBe(404);
    expect((await post(admin, [attrition])).status).toBe(400);
  });
});

describe('PATCH and DELETE /api/projects/{id}/targets/{targetId}/', () => {
  const targetOf = async (session: SignedIn, kind: string, metric: string) =>
    (await list(session)).find(
      (target) => target.kind === kind && target.metric === metric && target.period === '2026-Q4',
    )!;

  it('changes the planned and actual values, recomputes the status and records each', async () => {
    const admin = await signIn('admin');
    const csat = await targetOf(admin, 'project', 'csat');
    const res = await patch(admin, ONE(csat.id), { planned: 4.2, actual: 4.6 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ planned: 4.2, actual: 4.6, status: 'on_track' });
    const entries = await history(admin);
    expect(entries.map((entry) => [entry.field, entry.old_value, entry.new_value])).toEqual(
      expect.arrayContaining([
        ['Customer satisfaction (CSAT), 2026-Q4: planned', '4.5', '4.2'],
        ['Customer satisfaction (CSAT), 2026-Q4: actual', '4.4', '4.6'],
      ]),
    );
  });

  it('clears the actual value with null', async () => {
    const admin = await signIn('admin');
    const csat = await targetOf(admin, 'project', 'csat');
    const res = await patch(admin, ONE(csat.id), { actual: null });
    expect(res.body).toMatchObject({ actual: null, status: 'no_actual' });
  });

  it('refuses other fields, a bad number, and an empty body; nothing is stored', async () => {
    const admin = await signIn('admin');
    const csat = await targetOf(admin, 'project', 'csat');
    const period = await patch(admin, ONE(csat.id), { period: '2027-Q1' });
    expect(period.status).toBe(400);
    expect(period.body.period).toEqual(['This field cannot be changed here.']);
    const bad = await patch(admin, ONE(csat.id), { planned: 6 });
    expect(bad.body.planned).toEqual(['Ensure this value is less than or equal to 5.']);
    const empty = await patch(admin, ONE(csat.id), {});
    expect(empty.body.non_field_errors).toEqual(['Nothing to change.']);
    expect(await targetOf(admin, 'project', 'csat')).toEqual(csat);
    expect(await history(admin)).toEqual([]);
  });

  it('needs the flag of the stored kind', async () => {
    const admin = await signIn('admin');
    const accountOwner = await signIn('account_owner', { app: admin.app });
    const margin = await targetOf(admin, 'account_project', 'gross_margin');
    const refused = await patch(accountOwner, ONE(margin.id), { actual: 31 });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_ACCOUNT_PROJECT_TARGETS');
    const deleted = await request(admin.app).delete(ONE(margin.id)).set(accountOwner.headers);
    expect(deleted.status).toBe(403);
    expect(await targetOf(admin, 'account_project', 'gross_margin')).toEqual(margin);
  });

  it('answers 404 for a target of another project or an unknown one', async () => {
    const admin = await signIn('admin');
    const csat = await targetOf(admin, 'project', 'csat');
    expect((await patch(admin, ONE(csat.id, 2), { planned: 4 })).status).toBe(404);
    expect((await patch(admin, ONE(999999), { planned: 4 })).status).toBe(404);
    expect((await request(admin.app).delete(ONE(999999)).set(admin.headers)).status).toBe(404);
  });

  it('deletes a target and records it', async () => {
    const admin = await signIn('admin');
    const csat = await targetOf(admin, 'project', 'csat');
    const res = await request(admin.app).delete(ONE(csat.id)).set(admin.headers);
    expect(res.status).toBe(204);
    expect((await list(admin)).some((target) => target.id === csat.id)).toBe(false);
    expect((await history(admin))[0]).toMatchObject({
      section: 'Targets',
      field: 'Project target',
      old_value: 'Customer satisfaction (CSAT), 2026-Q4: planned 4.5, actual 4.4',
      new_value: '',
    });
  });
});

describe('/api/accounts/{id}/targets/', () => {
  it("lists the account's own targets only", async () => {
    const admin = await signIn('admin');
    const targets = await list(admin, ACCOUNT_LIST(1));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((target) => target.kind === 'account')).toBe(true);
  });

  it('adds, changes and deletes with CAN_EDIT_ACCOUNT_TARGETS', async () => {
    const owner = await signIn('account_owner');
    const created = await post(
      owner,
      { metric: 'defect_leakage', period: '2027-Q1', planned: 4 },
      ACCOUNT_LIST(1),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'account', status: 'no_actual' });
    const path = `${ACCOUNT_LIST(1)}${created.body.id}/`;
    const changed = await patch(owner, path, { actual: 3.5 });
    expect(changed.body).toMatchObject({ actual: 3.5, status: 'on_track' });
    expect((await request(owner.app).delete(path).set(owner.headers)).status).toBe(204);
    // Not a project's: nothing in project 1's History.
    expect(await history(owner)).toEqual([]);
  });

  it('refuses a duplicate, and writes without the flag (403 naming it)', async () => {
    const admin = await signIn('admin');
    const duplicate = await post(
      admin,
      { metric: 'csat', period: '2026-Q4', planned: 4 },
      ACCOUNT_LIST(1),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.period).toHaveLength(1);
    const pm = await signIn('pm', { app: admin.app });
    const refused = await post(
      pm,
      { metric: 'defect_leakage', period: '2027-Q1', planned: 4 },
      ACCOUNT_LIST(1),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_ACCOUNT_TARGETS');
  });

  it('answers 404 for an unknown account and for a project target under an account', async () => {
    const admin = await signIn('admin');
    expect((await request(admin.app).get(ACCOUNT_LIST(99999)).set(admin.auth)).status).toBe(404);
    const projectTarget = (await list(admin))[0]!;
    const path = `${ACCOUNT_LIST(1)}${projectTarget.id}/`;
    expect((await patch(admin, path, { planned: 1 })).status).toBe(404);
  });
});
