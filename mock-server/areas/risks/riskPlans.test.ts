import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ActionItem, DuplicatesGroup, RiskDraft } from '../../../src/api/contract/risks';
import { NEW_RISK, getHistory, getRisk, post, snapshot } from './testing';
import { signIn, type SignedIn } from '../../testing/signIn';

const resolve = (user: SignedIn, id: number, action: string, comment = 'Because.') =>
  post(user, `/api/risks/${id}/resolution/`, { action, comment });

describe('action items', () => {
  const path = '/api/risks/1/action-items/';

  it('lists, adds, changes and deletes items, each in the history', async () => {
    const owner = await signIn('risk_owner');
    expect(((await request(owner.app).get(path).set(owner.auth)).body as ActionItem[]).length).toBe(
      2,
    );
    const item = await post(owner, path, {
      title: 'Call the vendor',
      owner_id: 2,
      due_date: '2026-12-01',
    });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ title: 'Call the vendor', owner: { id: 2 }, done: false });
    const id = (item.body as ActionItem).id;
    const done = await request(owner.app)
      .patch(`${path}${id}/`)
      .set(owner.headers)
      .send({ done: true });
    expect(done.body).toMatchObject({ done: true, title: 'Call the vendor' });
    expect((await getRisk(owner, 1)).action_items_count).toBe(3);
    expect((await request(owner.app).delete(`${path}${id}/`).set(owner.headers)).status).toBe(204);
    expect((await getRisk(owner, 1)).action_items_count).toBe(2);
    const fields = (await getHistory(owner, 1)).slice(0, 3);
    expect(fields.map((entry) => entry.field)).toEqual([
      'action_item',
      'action_item',
      'action_item',
    ]);
    expect(fields[1]).toMatchObject({
      new_value: 'Call the vendor (Priya Nair (pnair), due 12/01/2026, done)',
    });
  });

  it('refuses bad items (400), users without the plan flag (403), unknown items (404)', async () => {
    const owner = await signIn('risk_owner');
    const qcl = await signIn('qcl', { app: owner.app });
    const before = snapshot(owner);
    const bad = await post(owner, path, {
      title: ' ',
      owner_id: 'me',
      due_date: 'tomorrow',
      done: 'yes',
    });
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'done',
      'due_date',
      'owner_id',
      'title',
    ]);
    expect((await post(qcl, path, { title: 'x', owner_id: 5 })).status).toBe(403);
    expect(
      (await request(owner.app).patch(`${path}999/`).set(owner.headers).send({ done: true }))
        .status,
    ).toBe(404);
    expect(
      (await request(owner.app).delete('/api/risks/2/action-items/1/').set(owner.headers)).status,
    ).toBe(404);
    expect(
      (await post(owner, '/api/risks/3/action-items/', { title: 'x', owner_id: 8 })).status,
    ).toBe(400);
    expect(snapshot(owner)).toBe(before);
  });
});

describe('drafts', () => {
  const drafts = async (user: SignedIn, query = '') =>
    (await request(user.app).get(`/api/risk-drafts/${query}`).set(user.auth)).body as RiskDraft[];

  it('keeps each user’s own drafts with their scope spelled out', async () => {
    const owner = await signIn('risk_owner');
    const mine = await drafts(owner);
    expect(mine.map((draft) => draft.id).sort()).toEqual([1, 2]);
    expect(mine.find((draft) => draft.id === 1)).toMatchObject({
      scope: { id: 1, level: 'project' },
      informed: [],
    });
    expect((await drafts(owner, '?kind=issue')).map((draft) => draft.id)).toEqual([2]);
    const pm = await signIn('pm', { app: owner.app });
    expect((await drafts(pm)).map((draft) => draft.id)).toEqual([4]);
    expect((await request(owner.app).delete('/api/risk-drafts/1/').set(pm.headers)).status).toBe(
      404,
    );
  });

  it('keeps no draft for someone who may not create that risk (403, nothing stored)', async () => {
    const viewer = await signIn('viewer');
    const before = snapshot(viewer);
    const refused = await post(viewer, '/api/risk-drafts/', {
      kind: 'risk',
      level: 'project',
      data: { statement: 'Half typed' },
    });
    expect(refused.status).toBe(403);
    expect(snapshot(viewer)).toBe(before);

    // Nor may a draft be moved to a level its author cannot create at.
    const pm = await signIn('pm', { app: viewer.app });
    const saved = await post(pm, '/api/risk-drafts/', {
      kind: 'risk',
      level: 'project',
      data: { statement: 'Typed' },
    });
    expect(saved.status).toBe(201);
    const moved = await request(pm.app)
      .patch(`/api/risk-drafts/${(saved.body as RiskDraft).id}/`)
      .set(pm.headers)
      .send({ level: 'business_segment' });
    expect(moved.status).toBe(403);
  });

  it('saves, changes and deletes a draft; a bad draft is 400', async () => {
    const owner = await signIn('risk_owner');
    const saved = await post(owner, '/api/risk-drafts/', {
      kind: 'issue',
      level: 'project',
      data: { statement: 'Half typed' },
    });
    expect(saved.status).toBe(201);
    const id = (saved.body as RiskDraft).id;
    const changed = await request(owner.app)
      .patch(`/api/risk-drafts/${id}/`)
      .set(owner.headers)
      .send({ data: { statement: 'Typed', scope_id: 2, informed_ids: [3] } });
    expect(changed.body).toMatchObject({
      kind: 'issue',
      data: { statement: 'Typed' },
      scope: { id: 2 },
      informed: [{ id: 3 }],
    });
    expect((await post(owner, '/api/risk-drafts/', { kind: 'idea', data: [] })).body).toEqual({
      kind: ['"idea" is not a valid choice.'],
      level: ['This field is required.'],
      data: ['Invalid data. Expected a dictionary.'],
    });
    expect(
      (await request(owner.app).delete(`/api/risk-drafts/${id}/`).set(owner.headers)).status,
    ).toBe(204);
    expect((await drafts(owner)).map((draft) => draft.id)).not.toContain(id);
  });

  it('creates from a draft: field errors while incomplete, then the risk, and the draft goes', async () => {
    const owner = await signIn('risk_owner');
    const incomplete = await post(owner, '/api/risk-drafts/1/create/');
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.body as object).sort()).toEqual([
      'category',
      'impact',
      'probability',
    ]);
    expect((await drafts(owner)).map((draft) => draft.id)).toContain(1);
    await request(owner.app)
      .patch('/api/risk-drafts/1/')
      .set(owner.headers)
      .send({ data: { ...NEW_RISK, statement: 'From the draft', poll_id: null } });
    const created = await post(owner, '/api/risk-drafts/1/create/');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      statement: 'From the draft',
      kind: 'risk',
      owner: { id: 8 },
    });
    expect((await drafts(owner)).map((draft) => draft.id)).not.toContain(1);
  });
});

describe('duplicates', () => {
  const groups = async ({ app, auth }: SignedIn, query = '') =>
    (await request(app).get(`/api/risk-duplicates/${query}`).set(auth)).body as DuplicatesGroup[];

  it('shows group 1 with the first created as initial', async () => {
    const owner = await signIn('risk_owner');
    const [group] = await groups(owner, '?level=project&scope=2');
    expect(group?.initial.id).toBe(4);
    expect(group?.duplicates.map((risk) => risk.id)).toEqual([5, 6]);
    expect(await groups(owner, '?level=project&scope=1')).toEqual([]);
  });

  it('merge to initial copies the action items into its plan and closes the duplicates', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/risk-duplicates/1/merge/');
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const items = (await request(owner.app).get('/api/risks/4/action-items/').set(owner.auth))
      .body as ActionItem[];
    expect(items.map((item) => item.title).sort()).toEqual([
      'Send the criteria draft for sign-off',
      'Workshop on acceptance criteria with the product owner',
    ]);
    for (const id of [5, 6])
      expect(await getRisk(owner, id)).toMatchObject({ status: 'closed', resolution: 'duplicate' });
    expect(await groups(owner)).toEqual([]);
  });

  it('close as duplicate closes one; not a duplicate never shows it in the group again', async () => {
    const owner = await signIn('risk_owner');
    const closed = await post(owner, '/api/risk-duplicates/1/close/', { risk_id: 5 });
    expect((closed.body as DuplicatesGroup).duplicates.map((risk) => risk.id)).toEqual([6]);
    expect((await getRisk(owner, 4)).status).toBe('open');
    const kept = await post(owner, '/api/risk-duplicates/1/not-duplicate/', { risk_id: 6 });
    expect(kept.body).toBeNull();
    expect(await getRisk(owner, 6)).toMatchObject({ status: 'open', duplicates_group: null });
    await resolve(owner, 5, 'reopen');
    expect((await groups(owner))[0]?.duplicates.map((risk) => risk.id)).toEqual([5]);
  });

  it('refuses bad input (400), users without the resolution flag (403), unknown groups (404)', async () => {
    const owner = await signIn('risk_owner');
    const before = snapshot(owner);
    expect((await post(owner, '/api/risk-duplicates/1/close/')).body).toEqual({
      risk_id: ['This field is required.'],
    });
    expect((await post(owner, '/api/risk-duplicates/1/close/', { risk_id: 4 })).status).toBe(400);
    expect(
      (await post(owner, '/api/risk-duplicates/1/merge/', [1] as unknown as object)).status,
    ).toBe(400);
    const qcl = await signIn('qcl', { app: owner.app });
    expect((await post(qcl, '/api/risk-duplicates/1/merge/')).status).toBe(403);
    expect((await post(owner, '/api/risk-duplicates/9/merge/')).status).toBe(404);
    expect(snapshot(owner)).toBe(before);
  });
});
