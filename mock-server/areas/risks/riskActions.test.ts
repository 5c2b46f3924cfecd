import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_NOT_ELIGIBLE,
  type ActionRequest,
} from '../../../src/api/contract/actionRequests';
import type { CurrentUser } from '../../../src/api/contract/auth';
import type { ActionItem, DuplicatesGroup, Risk, RiskDraft } from '../../../src/api/contract/risks';
import { NOT_AVAILABLE_CHOICE } from '../../drf';
import { mutate } from '../../store/db';
import { NEW_RISK, getHistory, getRisk, post, snapshot } from './testing';
import { signIn, type SignedIn } from '../../testing/signIn';

const resolve = (user: SignedIn, id: number, action: string, comment = 'Because.') =>
  post(user, `/api/risks/${id}/resolution/`, { action, comment });
const act = (user: SignedIn, id: number, body: object) =>
  post(user, `/api/risks/${id}/actions/`, body);
const pendingCount = async (user: SignedIn) =>
  ((await request(user.app).get('/api/auth/self/').set(user.auth)).body as CurrentUser)
    .risk_action_requests_counter;
const decide = (user: SignedIn, requestId: number, decision: string) =>
  post(user, `/api/risk-action-requests/${requestId}/decision/`, { decision });

describe('POST /api/risks/{id}/resolution/ (spec §4 status machine)', () => {
  it('closes an open risk with each resolution and reopens a closed one', async () => {
    const owner = await signIn('risk_owner');
    const expected = {
      resolve: 'resolved',
      resolve_as_duplicate: 'duplicate',
      resolve_as_invalid: 'invalid',
      resolve_as_not_actual: 'not_actual',
      resolve_as_ignore: 'ignored',
    };
    for (const [action, resolution] of Object.entries(expected)) {
      const closed = await resolve(owner, 1, action, `Closing: ${action}`);
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({
        status: 'closed',
        resolution,
        resolution_comment: `Closing: ${action}`,
      });
      expect((closed.body as Risk).user_permissions).toEqual(['CAN_REOPEN_RISK', 'CAN_VIEW_RISK']);
      expect((await resolve(owner, 1, 'reopen')).body).toMatchObject({
        status: 'open',
        resolution: null,
      });
    }
    const entries = (await getHistory(owner, 1)).filter((entry) => entry.field === 'resolution');
    expect(entries[0]).toMatchObject({ old_value: 'Ignored', new_value: 'Open', by: { id: 8 } });
    expect(entries[1]).toMatchObject({ old_value: 'Open', new_value: 'Ignored' });
  });

  it('refuses illegal steps with 400 and changes nothing', async () => {
    const owner = await signIn('risk_owner');
    const before = snapshot(owner);
    expect((await resolve(owner, 1, 'reopen')).body).toEqual({
      non_field_errors: ['This risk is open: it cannot take the action "reopen".'],
    });
    expect((await resolve(owner, 3, 'resolve')).status).toBe(400);
    expect((await resolve(owner, 3, 'convert_to_issue')).status).toBe(400);
    expect((await resolve(owner, 2, 'convert_to_issue')).body).toEqual({
      non_field_errors: ['Only a risk can be converted to an issue.'],
    });
    expect((await resolve(owner, 1, 'explode')).body).toEqual({
      action: ['"explode" is not a valid choice.'],
    });
    // DRF's ChoiceField: a blank is a choice like any other, null is never one.
    expect((await resolve(owner, 1, '')).body).toEqual({
      action: ['"" is not a valid choice.'],
    });
    expect((await post(owner, '/api/risks/1/actions/', { action: null })).body).toEqual({
      action: ['This field may not be null.'],
    });
    expect((await post(owner, '/api/risks/1/resolution/', { comment: true })).body).toEqual({
      action: ['This field is required.'],
      comment: ['Not a valid string.'],
    });
    expect(snapshot(owner)).toBe(before);
  });

  it('converts an open risk to an issue with priority and severity from its rating', async () => {
    const owner = await signIn('risk_owner');
    const converted = await resolve(owner, 1, 'convert_to_issue', 'It happened.');
    expect(converted.body).toMatchObject({
      id: 1,
      kind: 'issue',
      status: 'open',
      priority: 'high',
      severity: 'high',
      probability: null,
      impact: null,
      rating: null,
    });
    expect((converted.body as Risk).user_permissions).toContain('CAN_EDIT_ISSUE_PRIORITY');
    expect((await getHistory(owner, 1))[0]).toMatchObject({
      field: 'kind',
      old_value: 'Risk',
      new_value: 'Issue',
    });
  });

  it('needs the resolution flag (or reopen flag) of the kind: 403 otherwise, 404 unseen', async () => {
    const owner = await signIn('risk_owner');
    const pm = await signIn('pm', { app: owner.app });
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await resolve(pm, 1, 'resolve')).status).toBe(403);
    expect((await resolve(pm, 3, 'reopen')).status).toBe(403);
    expect((await resolve(viewer, 7, 'resolve')).status).toBe(403);
    expect((await resolve(viewer, 1, 'resolve')).status).toBe(404);
  });
});

describe('POST /api/risks/{id}/actions/', () => {
  it('escalation asks the recipient; accepting it moves the risk to the account, the count follows', async () => {
    const owner = await signIn('risk_owner');
    const admin = await signIn('admin', { app: owner.app });
    const before = await pendingCount(admin);
    const escalated = await act(owner, 1, {
      action: 'escalate',
      recipient_id: 1,
      comment: 'Needs the account.',
    });
    expect(escalated.status).toBe(200);
    expect((escalated.body as Risk).level).toBe('project');
    expect(await pendingCount(admin)).toBe(before + 1);
    const requests = owner.app.mock.db.getState().actionRequests;
    const created = requests.at(-1)!;
    expect(created).toMatchObject({
      kind: 'escalation',
      status: 'pending',
      subject: { id: 1, type: 'risk', level: 'project' },
      target_level: 'account',
      requested_by: { id: 8 },
      recipient: { id: 1 },
    });
    expect((await decide(admin, created.id, 'accepted')).status).toBe(200);
    expect(await pendingCount(admin)).toBe(before);
    const moved = await getRisk(owner, 1);
    const account = owner.app.mock.db.getState().projects[0]!.account_id;
    expect(moved).toMatchObject({
      level: 'account',
      scope: { id: account, level: 'account' },
      project: null,
    });
    expect((await getHistory(owner, 1))[0]).toMatchObject({ field: 'level', by: { id: 1 } });
  });

  it('propagation climbs account → business line → segment, and stops at the top', async () => {
    const owner = await signIn('risk_owner');
    const admin = await signIn('admin', { app: owner.app });
    const state = owner.app.mock.db.getState();
    const account = state.risks.find((risk) => risk.id === 8)!;
    const line = state.businessLines.find((l) => l.account_ids.includes(account.scope.id))!;
    await act(owner, 8, { action: 'propagate', recipient_id: 1 });
    await decide(admin, state.actionRequests.at(-1)!.id, 'accepted');
    expect(await getRisk(owner, 8)).toMatchObject({
      level: 'business_line',
      scope: { id: line.id },
      account: null,
    });
    await act(admin, 8, { action: 'escalate', recipient_id: 8 });
    await decide(owner, state.actionRequests.at(-1)!.id, 'accepted');
    expect(await getRisk(owner, 8)).toMatchObject({
      level: 'business_segment',
      scope: { id: line.segment_id },
    });
    const top = await act(owner, 8, { action: 'escalate', recipient_id: 1 });
    expect(top.body).toEqual({ action: ['A Business Segment level risk has no level above it.'] });
  });

  it('delegation accepted makes the recipient the owner; a rejection changes nothing', async () => {
    const owner = await signIn('risk_owner');
    const admin = await signIn('admin', { app: owner.app });
    const state = owner.app.mock.db.getState();
    await act(owner, 2, { action: 'delegate', recipient_id: 1, comment: 'Yours.' });
    expect(state.actionRequests.at(-1)).toMatchObject({
      kind: 'delegation',
      target_level: 'project',
    });
    await decide(admin, state.actionRequests.at(-1)!.id, 'rejected');
    expect((await getRisk(owner, 2)).owner.id).toBe(8);
    await act(owner, 2, { action: 'delegate', recipient_id: 1 });
    await decide(admin, state.actionRequests.at(-1)!.id, 'accepted');
    expect((await getRisk(owner, 2)).owner.id).toBe(1);
  });

  it('applies a seeded pending request to its real risk when accepted', async () => {
    const owner = await signIn('risk_owner');
    const pending = (
      await request(owner.app).get('/api/risk-action-requests/?status=pending').set(owner.auth)
    ).body as { results: ActionRequest[] };
    const delegation = pending.results.find((item) => item.kind === 'delegation');
    const target = delegation ?? pending.results[0]!;
    expect((await decide(owner, target.id, 'accepted')).status).toBe(200);
    const risk = await getRisk(owner, target.subject.id);
    if (delegation) expect(risk.owner.id).toBe(8);
    else expect(risk.level).toBe(target.target_level);
  });

  it('raises and lowers awareness and shares the visibility, each in the history', async () => {
    const owner = await signIn('risk_owner');
    expect((await act(owner, 1, { action: 'raise_awareness' })).body).toMatchObject({
      awareness_raised: true,
    });
    expect((await act(owner, 1, { action: 'lower_awareness' })).body).toMatchObject({
      awareness_raised: false,
    });
    expect((await act(owner, 1, { action: 'share_with_account' })).body).toMatchObject({
      shared_with: ['account'],
    });
    expect((await act(owner, 8, { action: 'share_with_project' })).body).toMatchObject({
      shared_with: ['project'],
    });
    expect((await act(owner, 1, { action: 'share_with_project' })).body).toEqual({
      action: ['The risk already lives at the project.'],
    });
    const fields = (await getHistory(owner, 1)).slice(0, 3).map((entry) => entry.field);
    expect(fields).toEqual(['shared_with', 'awareness', 'awareness']);
  });

  it('refuses bad input (400), missing flags (403), closed risks (400), storing nothing', async () => {
    const owner = await signIn('risk_owner');
    const pm = await signIn('pm', { app: owner.app });
    const before = snapshot(owner);
    expect((await act(owner, 1, { action: 'escalate' })).body).toEqual({
      recipient_id: ['This field is required.'],
    });
    expect((await act(owner, 1, { action: 'escalate', recipient_id: 9999 })).body).toEqual({
      recipient_id: ['Invalid pk "9999" - object does not exist.'],
    });
    expect((await act(owner, 1, { action: 'escalate', recipient_id: 8 })).status).toBe(400);
    expect((await act(owner, 1, { action: 'teleport' })).status).toBe(400);
    expect(
      (await act(owner, 1, { action: 'raise_awareness', comment: 'x'.repeat(5001) })).status,
    ).toBe(400);
    expect((await act(pm, 1, { action: 'escalate', recipient_id: 1 })).status).toBe(403);
    expect((await act(pm, 1, { action: 'raise_awareness' })).status).toBe(403);
    expect((await act(owner, 3, { action: 'raise_awareness' })).body).toEqual({
      non_field_errors: ['A closed risk cannot take this action.'],
    });
    expect(snapshot(owner)).toBe(before);
  });
});

describe('POST /api/risks/{id}/transfer/', () => {
  it('transfers to a person of a side, who then sees the risk view-only', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/risks/1/transfer/', {
      user_id: 10,
      side: 'client',
      comment: 'Theirs.',
    });
    expect(res.body).toMatchObject({
      transfer: { to: { id: 10 }, side: 'client', comment: 'Theirs.', by: { id: 8 } },
    });
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await getRisk(viewer, 1)).user_permissions).toEqual(['CAN_VIEW_RISK']);
    expect(
      (await request(owner.app).patch('/api/risks/1/').set(viewer.headers).send({ statement: 'x' }))
        .status,
    ).toBe(403);
    expect(
      (await post(viewer, '/api/risks/1/action-items/', { title: 'x', owner_id: 10 })).status,
    ).toBe(403);
    expect((await getHistory(owner, 1))[0]).toMatchObject({
      field: 'transfer',
      new_value: 'Grace Thompson, client side',
    });
  });

  it('refuses an unknown person or side (400), an issue or a user without the flag (403)', async () => {
    const owner = await signIn('risk_owner');
    const pm = await signIn('pm', { app: owner.app });
    const before = snapshot(owner);
    const bad = await post(owner, '/api/risks/1/transfer/', {
      user_id: 9999,
      side: 'moon',
      comment: '',
    });
    expect(bad.body).toEqual({
      user_id: ['Invalid pk "9999" - object does not exist.'],
      side: ['"moon" is not a valid choice.'],
    });
    expect((await post(owner, '/api/risks/1/transfer/', { user_id: 10, side: null })).body).toEqual(
      { side: ['This field may not be null.'] },
    );
    expect((await post(owner, '/api/risks/1/transfer/', {})).status).toBe(400);
    expect(
      (await post(owner, '/api/risks/2/transfer/', { user_id: 10, side: 'client' })).status,
    ).toBe(403);
    expect((await post(pm, '/api/risks/1/transfer/', { user_id: 10, side: 'client' })).status).toBe(
      403,
    );
    expect(
      (await post(owner, '/api/risks/3/transfer/', { user_id: 10, side: 'client' })).status,
    ).toBe(400);
    expect(snapshot(owner)).toBe(before);
  });
});

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

describe('POST /api/risks/export/', () => {
  it('records the e-mail it would send and answers 202; empty or unknown ids are refused', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/risks/export/', { ids: [1, 2, 3] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: 'lromero@example.com', count: 3 });
    expect(owner.app.mock.db.getState().sentEmails).toEqual([
      expect.objectContaining({ to: 'lromero@example.com', count: 3, risk_ids: [1, 2, 3] }),
    ]);
    expect((await post(owner, '/api/risks/export/', { ids: [] })).body).toEqual({
      ids: ['Choose at least one risk.'],
    });
    expect((await post(owner, '/api/risks/export/', { ids: [999_999] })).body.ids[0]).toMatch(
      /do not exist/,
    );
    expect((await post(owner, '/api/risks/export/', { ids: 'all' })).status).toBe(400);
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await post(viewer, '/api/risks/export/', { ids: [1] })).status).toBe(400);
    expect(owner.app.mock.db.getState().sentEmails).toHaveLength(1);
  });
});

describe('who may receive a request to act on a risk (issue 17)', () => {
  const people = async (user: SignedIn, query: Record<string, string | number>) => {
    const res = await request(user.app).get('/api/users/').query(query).set(user.auth);
    return { status: res.status, body: res.body as { results?: { id: number }[] } };
  };

  it('refuses a client-side person as recipient (400 on recipient_id), storing nothing', async () => {
    const owner = await signIn('risk_owner');
    const kind = owner.app.mock.db.getState().risks.find((risk) => risk.id === 2)!.kind;
    const before = snapshot(owner);
    for (const action of ['escalate', 'propagate', 'delegate']) {
      const res = await act(owner, 2, { action, recipient_id: 10, comment: 'Over to you.' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ recipient_id: [RECIPIENT_NOT_ELIGIBLE(kind)] });
    }
    expect(snapshot(owner)).toBe(before);
    // Company staff still receive it.
    expect((await act(owner, 2, { action: 'escalate', recipient_id: 9 })).status).toBe(200);
  });

  it('offers as recipients only people who may act on the risk, never the caller', async () => {
    const owner = await signIn('risk_owner');
    const all = (await people(owner, { page_size: 100 })).body.results!.map(({ id }) => id);
    const eligible = (
      await people(owner, { can_receive_risk: 2, page_size: 100 })
    ).body.results!.map(({ id }) => id);
    expect(all).toContain(10);
    expect(all).toContain(8);
    expect(eligible).not.toContain(10);
    expect(eligible).not.toContain(8);
    expect(eligible).toContain(9);
    expect(eligible.length).toBe(all.length - 2);
    const found = (await people(owner, { can_receive_risk: 2, search: 'grace' })).body.results;
    expect(found).toEqual([]);
    expect(await people(owner, { can_receive_risk: 999_999 })).toEqual({
      status: 400,
      body: { can_receive_risk: [NOT_AVAILABLE_CHOICE] },
    });
    expect((await people(owner, { can_receive_risk: 'x' })).body).toEqual({
      can_receive_risk: ['Enter a whole number.'],
    });
  });

  it('lets a recipient who may not act only reject a request stored before the rule', async () => {
    const owner = await signIn('risk_owner');
    const viewer = await signIn('viewer', { app: owner.app });
    const state = owner.app.mock.db.getState();
    const risk = state.risks.find((candidate) => candidate.id === 2)!;
    mutate(owner.app.mock.db, (current) => {
      current.actionRequests.push({
        id: 9001,
        kind: 'escalation',
        status: 'pending',
        subject: {
          id: 2,
          type: risk.kind,
          title: risk.statement,
          level: risk.level,
          scope_name: risk.scope.name,
        },
        target_level: 'account',
        requested_by: { id: 8, name: 'Lucia Romero', login: 'lromero' },
        recipient: { id: 10, name: 'Grace Thompson', login: '' },
        comment: '',
        created_at: '2026-11-01T00:00:00.000Z',
        decided_at: null,
      });
    });
    const before = snapshot(owner);
    expect((await decide(viewer, 9001, 'accepted')).status).toBe(403);
    expect(snapshot(owner)).toBe(before);
    expect((await getRisk(owner, 2)).level).toBe(risk.level);
    expect((await decide(viewer, 9001, 'rejected')).status).toBe(200);
  });
});

describe("a client-side person's directory (issue 17)", () => {
  it('lists only the people, projects and accounts of what was transferred to them', async () => {
    const viewer = await signIn('viewer');
    const get = async (path: string) =>
      (await request(viewer.app).get(path).query({ page_size: 100 }).set(viewer.auth)).body as {
        count: number;
        results: { id: number }[];
      };
    // Seeded: risk 7 (project 1, account 18) is transferred to the viewer.
    const risk = viewer.app.mock.db.getState().risks.find((candidate) => candidate.id === 7)!;
    expect(risk.transfer?.to.id).toBe(10);
    const users = (await get('/api/users/')).results.map(({ id }) => id).sort((a, b) => a - b);
    expect(users).toEqual(
      [...new Set([10, risk.owner.id, risk.transfer!.by.id])].sort((a, b) => a - b),
    );
    expect((await get('/api/projects/')).results.map(({ id }) => id)).toEqual([1]);
    expect((await get('/api/accounts/')).results.map(({ id }) => id)).toEqual([18]);
    // (A project's own page is the card, behind CAN_VIEW_PROJECT_CARD.)
    expect((await request(viewer.app).get('/api/projects/1/').set(viewer.auth)).status).toBe(403);
    expect((await request(viewer.app).get('/api/accounts/1/').set(viewer.auth)).status).toBe(404);
    // Company staff still read the whole directory.
    const pm = await signIn('pm', { app: viewer.app });
    const projects = await request(pm.app).get('/api/projects/').set(pm.auth);
    expect((projects.body as { count: number }).count).toBe(240);
  });
});
