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

describe('writing risks', () => {
  const NEW_RISK = {
    kind: 'risk',
    level: 'project',
    scope_id: 1,
    statement: 'Release window may clash with the client freeze',
    description: '',
    category: 'delivery',
    probability: 'high',
    impact: 'moderate',
    priority: null,
    severity: null,
    response_strategy: 'mitigate',
    due_date: '2027-01-15',
    labels: ['release'],
    visibility_tags: ['steering'],
    informed_ids: [2],
    poll_id: 1,
  };

  it('creates with field errors first, then the risk with its rating and history', async () => {
    const owner = await signIn('risk_owner');
    const before = owner.app.mock.db.getState().risks.length;
    const bad = await request(owner.app)
      .post('/api/risks/')
      .set(owner.headers)
      .send({
        ...NEW_RISK,
        statement: ' ',
        probability: 'huge',
        scope_id: 99999,
        labels: ['x'.repeat(51)],
      });
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'labels',
      'probability',
      'scope_id',
      'statement',
    ]);
    expect(owner.app.mock.db.getState().risks).toHaveLength(before);
    const created = await request(owner.app).post('/api/risks/').set(owner.headers).send(NEW_RISK);
    expect(created.status).toBe(201);
    const risk = created.body as Risk;
    expect(risk).toMatchObject({ rating: 'high', poll_id: 1, owner: { id: 8 } });
    const history = (await request(owner.app).get(`/api/risks/${risk.id}/history/`).set(owner.auth))
      .body as { field: string }[];
    expect(history[0]?.field).toBe('created');
    const qcl = await signIn('qcl', { app: owner.app });
    expect(
      (await request(owner.app).post('/api/risks/').set(qcl.headers).send(NEW_RISK)).status,
    ).toBe(403);
  });

  it('suggests likely duplicates of a statement in the same scope', async () => {
    const owner = await signIn('risk_owner');
    const similar = (
      await request(owner.app)
        .get('/api/risks/similar/')
        .query({
          level: 'project',
          scope: 2,
          kind: 'risk',
          statement: 'Reporting module acceptance criteria not agreed by the client',
        })
        .set(owner.auth)
    ).body as { risk: RiskListItem; score: number }[];
    expect(
      similar
        .map((match) => match.risk.id)
        .slice(0, 3)
        .sort(),
    ).toEqual([4, 5, 6]);
  });

  it('refuses a field without its edit flag with 403 and keeps the risk unchanged', async () => {
    const owner = await signIn('risk_owner');
    const pm = await signIn('pm', { app: owner.app });
    const refused = await request(owner.app)
      .patch('/api/risks/1/')
      .set(pm.headers)
      .send({ statement: 'New', probability: 'low' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('You may not edit "probability".');
    const allowed = await request(owner.app)
      .patch('/api/risks/1/')
      .set(owner.headers)
      .send({ probability: 'low' });
    expect((allowed.body as Risk).rating).toBe('moderate');
    const history = (await request(owner.app).get('/api/risks/1/history/').set(owner.auth))
      .body as { field: string; old_value: string; new_value: string }[];
    expect(history[0]).toMatchObject({
      field: 'probability',
      old_value: 'moderate',
      new_value: 'low',
    });
  });

  it('resolves, reopens and converts to an issue by the status machine', async () => {
    const owner = await signIn('risk_owner');
    const act = (id: number, action: string) =>
      request(owner.app)
        .post(`/api/risks/${id}/resolution/`)
        .set(owner.headers)
        .send({ action, comment: '' });
    expect((await act(1, 'reopen')).status).toBe(400);
    expect((await act(1, 'resolve')).body).toMatchObject({
      status: 'closed',
      resolution: 'resolved',
    });
    // A closed risk keeps only reopen among its flags.
    expect((await act(1, 'resolve')).status).toBe(403);
    expect((await act(1, 'reopen')).body).toMatchObject({ status: 'open', resolution: null });
    expect((await act(1, 'convert_to_issue')).body).toMatchObject({
      kind: 'issue',
      priority: 'high',
      severity: 'high',
      rating: null,
    });
    expect((await act(2, 'convert_to_issue')).status).toBe(400);
  });

  it('escalation creates an action request for the recipient; transfer makes a read-only viewer', async () => {
    const owner = await signIn('risk_owner');
    const admin = await signIn('admin', { app: owner.app });
    const count = async () =>
      (
        (await request(owner.app).get('/api/auth/self/').set(admin.auth)).body as {
          risk_action_requests_counter: number;
        }
      ).risk_action_requests_counter;
    const before = await count();
    const escalated = await request(owner.app)
      .post('/api/risks/1/actions/')
      .set(owner.headers)
      .send({ action: 'escalate', recipient_id: 1, comment: 'Needs the account.' });
    expect(escalated.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const transferred = await request(owner.app)
      .post('/api/risks/2/transfer/')
      .set(owner.headers)
      .send({ user_id: 10, side: 'third_party', comment: '' });
    expect(transferred.status).toBe(403); // issues have no transfer tab
    await request(owner.app)
      .post('/api/risks/1/transfer/')
      .set(owner.headers)
      .send({ user_id: 10, side: 'client', comment: 'Theirs to decide.' });
    const viewer = await signIn('viewer', { app: owner.app });
    const seen = (await request(owner.app).get('/api/risks/1/').set(viewer.auth)).body as Risk;
    expect(seen.user_permissions).toEqual(['CAN_VIEW_RISK']);
    expect(
      (await request(owner.app).patch('/api/risks/1/').set(viewer.headers).send({ statement: 'x' }))
        .status,
    ).toBe(403);
  });

  it('keeps action items and drafts; creating from an incomplete draft says what is missing', async () => {
    const owner = await signIn('risk_owner');
    const item = await request(owner.app)
      .post('/api/risks/1/action-items/')
      .set(owner.headers)
      .send({ title: 'Call the vendor', owner_id: 8, due_date: '2026-12-01' });
    expect(item.status).toBe(201);
    const done = await request(owner.app)
      .patch(`/api/risks/1/action-items/${item.body.id}/`)
      .set(owner.headers)
      .send({ done: true });
    expect(done.body.done).toBe(true);
    expect(
      (
        await request(owner.app)
          .delete(`/api/risks/1/action-items/${item.body.id}/`)
          .set(owner.headers)
      ).status,
    ).toBe(204);
    const incomplete = await request(owner.app)
      .post('/api/risk-drafts/1/create/')
      .set(owner.headers)
      .send({});
    expect(Object.keys(incomplete.body as object).sort()).toEqual([
      'category',
      'impact',
      'probability',
    ]);
    await request(owner.app)
      .patch('/api/risk-drafts/1/')
      .set(owner.headers)
      .send({ data: { ...NEW_RISK, poll_id: null } });
    const created = await request(owner.app)
      .post('/api/risk-drafts/1/create/')
      .set(owner.headers)
      .send({});
    expect(created.status).toBe(201);
    expect((await request(owner.app).get('/api/risk-drafts/').set(owner.auth)).body).toEqual([]);
  });
});

describe('comments with attachments (multipart)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
  const FILE_ERROR =
    "The file you're attaching cannot be uploaded. Change the file size or format.";
  const post = (user: SignedIn) =>
    request(user.app).post('/api/risks/1/comments/').set(user.headers);

  it('stores a comment with a PDF whose bytes download again', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner)
      .field('text', 'Plan attached <script>')
      .attach('files', PDF, 'plan.pdf');
    expect(res.status).toBe(201);
    expect(res.body.text).toBe('Plan attached <script>');
    const [attachment] = res.body.attachments as { url: string; name: string }[];
    const download = await request(owner.app).get(attachment!.url).set(owner.auth).buffer(true);
    expect(download.headers['content-disposition']).toContain('plan.pdf');
    expect(Buffer.from(download.body as Buffer).toString()).toBe(PDF.toString());
    const comments = (await request(owner.app).get('/api/risks/1/comments/').set(owner.auth))
      .body as unknown[];
    expect(comments).toHaveLength(3);
  });

  it('refuses a type not listed, a renamed file and a sixth file, storing nothing', async () => {
    const owner = await signIn('risk_owner');
    const before = JSON.stringify(owner.app.mock.db.getState());
    const gif = await post(owner)
      .field('text', 'x')
      .attach('files', Buffer.from('GIF89a'), 'a.gif');
    expect(gif.status).toBe(400);
    expect(gif.body).toEqual({ files: [FILE_ERROR] });
    const renamed = await post(owner)
      .field('text', 'x')
      .attach('files', Buffer.from('MZ\x90\x00 not a pdf'), 'invoice.pdf');
    expect(renamed.body).toEqual({ files: [FILE_ERROR] });
    let six = post(owner).field('text', 'x');
    for (let n = 0; n < 6; n += 1) six = six.attach('files', PDF, `p${n}.pdf`);
    expect((await six).status).toBe(400);
    expect(JSON.stringify(owner.app.mock.db.getState())).toBe(before);
  });

  it('answers 413 to a body declared larger than five files of 50 MB, before reading it', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(300 * 1024 * 1024))
      .send('--x--');
    expect(res.status).toBe(413);
  });

  it('downloads a fixture attachment; a stranger gets 404', async () => {
    const owner = await signIn('risk_owner');
    const file = await request(owner.app).get('/api/attachments/1/').set(owner.auth).buffer(true);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(file.body as Buffer)
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await request(owner.app).get('/api/attachments/1/').set(viewer.auth)).status).toBe(404);
  });
});
