import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_NOT_ELIGIBLE,
  type ActionRequest,
} from '../../../src/api/contract/actionRequests';
import type { CurrentUser } from '../../../src/api/contract/auth';
import type { Risk } from '../../../src/api/contract/risks';
import { NOT_AVAILABLE_CHOICE } from '../../drf';
import { mutate } from '../../store/db';
import { getHistory, getRisk, post, snapshot } from './testing';
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
