import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../src/api/contract/drf';
import type { DuplicatesGroup, Risk, RiskListItem, RiskScope } from '../src/api/contract/risks';
import { createMockApp } from './app';
import { signIn, type SignedIn } from './testing/signIn';

const list = async ({ app, auth }: SignedIn, query: Record<string, string | number> = {}) =>
  (
    await request(app)
      .get('/api/risks/')
      .query({ page_size: 10000, ...query })
      .set(auth)
  ).body as Paginated<RiskListItem>;

describe('GET /api/risks/', () => {
  it('holds risks and issues at every level and status, canonical ids first', async () => {
    const owner = await signIn('risk_owner');
    const all = await list(owner);
    expect(all.count).toBeGreaterThan(600);
    for (const level of ['project', 'account', 'business_line', 'business_segment'])
      expect(all.results.some((risk) => risk.level === level)).toBe(true);
    expect(all.results.some((risk) => risk.status === 'closed')).toBe(true);
    expect(all.results.some((risk) => risk.kind === 'issue')).toBe(true);
    const first = all.results.find((risk) => risk.id === 1)!;
    expect(first).toMatchObject({ kind: 'risk', level: 'project', rating: 'high' });
    expect(first.owner.login).toBe('lromero');
  });

  it('filters by level, scope, kind and poll, and refuses unknown choices', async () => {
    const owner = await signIn('risk_owner');
    const project = await list(owner, { level: 'project', scope: 1 });
    expect(project.results.map((risk) => risk.id)).toEqual(expect.arrayContaining([1, 2, 3, 7]));
    expect(project.results.every((risk) => risk.scope.id === 1 && risk.level === 'project')).toBe(
      true,
    );
    const issues = await list(owner, { level: 'project', scope: 1, kind: 'issue' });
    expect(issues.results.every((risk) => risk.kind === 'issue')).toBe(true);
    expect((await list(owner, { poll: 1 })).count).toBe(0);
    const bad = await request(owner.app)
      .get('/api/risks/')
      .query({ level: 'galaxy', scope: 'x' })
      .set(owner.auth);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['level', 'scope']);
  });

  it('shows a client-side person only the risk transferred to them', async () => {
    const viewer = await signIn('viewer');
    expect((await list(viewer)).results.map((risk) => risk.id)).toEqual([7]);
    expect((await request(viewer.app).get('/api/risks/1/').set(viewer.auth)).status).toBe(404);
    const seven = (await request(viewer.app).get('/api/risks/7/').set(viewer.auth)).body as Risk;
    expect(seven.user_permissions).toEqual(['CAN_VIEW_RISK']);
    expect(seven.transfer).toMatchObject({ side: 'client', to: { id: 10 } });
  });

  it('answers 10 000 extra rows in one page when the bench asks for them', async () => {
    const app = createMockApp({ riskVolume: 10_000 });
    const owner = await signIn('risk_owner', { app });
    const project = await list(owner, { level: 'project', scope: 1 });
    expect(project.count).toBeGreaterThan(10_000);
    expect(project.results).toHaveLength(10_000);
    expect(project.next).toContain('page=2');
  });
});

describe('GET /api/risks/{id}/ narrows the edit flags to the risk', () => {
  it('gives the risk owner every flag, a person without flags only viewing, a closed risk reopen', async () => {
    const owner = await signIn('risk_owner');
    const risk = (await request(owner.app).get('/api/risks/1/').set(owner.auth)).body as Risk;
    expect(risk.user_permissions).toEqual(
      expect.arrayContaining(['CAN_EDIT_RISK_PROBABILITY', 'CAN_EDIT_RISK_TRANSFER_TAB']),
    );
    const qcl = await signIn('qcl', { app: owner.app });
    const readOnly = (await request(owner.app).get('/api/risks/1/').set(qcl.auth)).body as Risk;
    expect(readOnly.user_permissions).toEqual(['CAN_VIEW_RISK']);
    const closed = (await request(owner.app).get('/api/risks/3/').set(owner.auth)).body as Risk;
    expect(closed.user_permissions).toEqual(['CAN_REOPEN_RISK', 'CAN_VIEW_RISK']);
  });
});

describe('GET /api/risk-scopes/', () => {
  it('lists the entities of a level, searchable; the level is required', async () => {
    const owner = await signIn('risk_owner');
    const lines = (
      await request(owner.app)
        .get('/api/risk-scopes/')
        .query({ level: 'business_line', search: 'bank' })
        .set(owner.auth)
    ).body as Paginated<RiskScope>;
    expect(lines.results).toEqual([{ id: 1, name: 'Banking', level: 'business_line' }]);
    const missing = await request(owner.app).get('/api/risk-scopes/').set(owner.auth);
    expect(missing.body).toEqual({ level: ['This field is required.'] });
  });
});

describe('duplicates', () => {
  const groups = async ({ app, auth }: SignedIn) =>
    (await request(app).get('/api/risk-duplicates/').set(auth)).body as DuplicatesGroup[];

  it('shows group 1 with the first created as initial', async () => {
    const owner = await signIn('risk_owner');
    const [group] = await groups(owner);
    expect(group?.initial.id).toBe(4);
    expect(group?.duplicates.map((risk) => risk.id)).toEqual([5, 6]);
  });

  it('merge to initial copies the action items into its plan and closes the duplicates', async () => {
    const owner = await signIn('risk_owner');
    const res = await request(owner.app)
      .post('/api/risk-duplicates/1/merge/')
      .set(owner.headers)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const state = owner.app.mock.db.getState();
    expect(state.riskActionItems.filter((item) => item.risk_id === 4)).toHaveLength(2);
    for (const id of [5, 6])
      expect(state.risks.find((risk) => risk.id === id)).toMatchObject({
        status: 'closed',
        resolution: 'duplicate',
      });
    expect(await groups(owner)).toEqual([]);
  });

  it('close as duplicate closes one; not a duplicate never shows it in the group again', async () => {
    const owner = await signIn('risk_owner');
    const closed = await request(owner.app)
      .post('/api/risk-duplicates/1/close/')
      .set(owner.headers)
      .send({ risk_id: 5 });
    expect((closed.body as DuplicatesGroup).duplicates.map((risk) => risk.id)).toEqual([6]);
    const kept = await request(owner.app)
      .post('/api/risk-duplicates/1/not-duplicate/')
      .set(owner.headers)
      .send({ risk_id: 6 });
    expect(kept.body).toBeNull();
    const six = (await request(owner.app).get('/api/risks/6/').set(owner.auth)).body as Risk;
    expect(six).toMatchObject({ status: 'open', duplicates_group: null });
  });

  it('refuses bad input and users without the resolution flag, storing nothing', async () => {
    const owner = await signIn('risk_owner');
    const before = JSON.stringify(owner.app.mock.db.getState());
    const missing = await request(owner.app)
      .post('/api/risk-duplicates/1/close/')
      .set(owner.headers)
      .send({});
    expect(missing.body).toEqual({ risk_id: ['This field is required.'] });
    const outsider = await request(owner.app)
      .post('/api/risk-duplicates/1/close/')
      .set(owner.headers)
      .send({ risk_id: 1 });
    expect(outsider.status).toBe(400);
    const list = await request(owner.app)
      .post('/api/risk-duplicates/1/merge/')
      .set(owner.headers)
      .send([1]);
    expect(list.status).toBe(400);
    const qcl = await signIn('qcl', { app: owner.app });
    expect(
      (await request(owner.app).post('/api/risk-duplicates/1/merge/').set(qcl.headers).send({}))
        .status,
    ).toBe(403);
    expect(
      (await request(owner.app).post('/api/risk-duplicates/9/merge/').set(owner.headers).send({}))
        .status,
    ).toBe(404);
    expect(JSON.stringify(owner.app.mock.db.getState())).toBe(before);
  });
});

describe('POST /api/risks/export/', () => {
  it('records the e-mail it would send and answers 202; empty or unknown ids are refused', async () => {
    const owner = await signIn('risk_owner');
    const res = await request(owner.app)
      .post('/api/risks/export/')
      .set(owner.headers)
      .send({ ids: [1, 2, 3] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: 'lromero@example.com', count: 3 });
    expect(owner.app.mock.db.getState().sentEmails).toHaveLength(1);
    const empty = await request(owner.app)
      .post('/api/risks/export/')
      .set(owner.headers)
      .send({ ids: [] });
    expect(empty.status).toBe(400);
    const unknown = await request(owner.app)
      .post('/api/risks/export/')
      .set(owner.headers)
      .send({ ids: [999_999] });
    expect(unknown.body.ids[0]).toMatch(/do not exist/);
    expect(owner.app.mock.db.getState().sentEmails).toHaveLength(1);
  });
});
