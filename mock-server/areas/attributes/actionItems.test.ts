import { describe, expect, it } from 'vitest';
import type { AuditOutcome } from '../../../src/api/contract/polls';
import { getHistory as getRiskHistory, snapshot } from '../risks/testing';
import { signIn, type SignedIn } from '../../testing/signIn';
import { get, post, history, actionItems } from './testing';

describe('project action items', () => {
  it('lists the open items of the open risks and issues of project 1, earliest due first', async () => {
    const admin = await signIn('admin');
    const items = await actionItems(admin);
    expect(items.map((item) => [item.id, item.source.type, item.source.id])).toEqual([
      [117, 'risk', 119],
      [3, 'issue', 2],
      [1, 'risk', 1],
    ]);
    expect(items[2]).toMatchObject({ owner: { login: 'lromero' }, due_date: '2026-12-01' });
  });

  it('resolves an item with CAN_RESOLVE_ACTION_PLAN: done in its risk, in both histories', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/projects/1/action-items/1/resolve/');
    expect(res.status).toBe(204);
    expect((await actionItems(owner)).map((item) => item.id)).not.toContain(1);
    expect((await history(owner))[0]).toMatchObject({
      section: 'Action items',
      field: 'Pair a second engineer on the payment integration',
      old_value: 'Open',
    });
    expect((await getRiskHistory(owner, 1))[0]).toMatchObject({
      field: 'action_item',
      new_value: expect.stringContaining('(done)'),
    });
    expect((await post(owner, '/api/projects/1/action-items/1/resolve/')).body).toEqual({
      non_field_errors: ['This action item is done already.'],
    });
  });

  it('refuses without the flag, an item of another project, an unknown one', async () => {
    const pm = await signIn('pm');
    const admin = await signIn('admin', { app: pm.app });
    const before = snapshot(pm);
    const refused = await post(pm, '/api/projects/1/action-items/1/resolve/');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_RESOLVE_ACTION_PLAN');
    expect((await post(admin, '/api/projects/2/action-items/1/resolve/')).status).toBe(404);
    expect((await post(admin, '/api/projects/1/action-items/99999/resolve/')).status).toBe(404);
    expect((await post(admin, '/api/projects/99999/action-items/1/resolve/')).status).toBe(404);
    expect(snapshot(pm)).toBe(before);
  });
});

describe('corrective actions of audit findings as action items', () => {
  const outcomes = async (user: SignedIn, pollId: number) =>
    (await get(user, `/api/polls/${pollId}/outcomes/`)).body as AuditOutcome[];

  it("lists the open corrective actions of project 10's approved audit, earliest due first", async () => {
    const admin = await signIn('admin');
    const items = await actionItems(admin, 10);
    expect(items.map((item) => [item.id, item.source])).toEqual([
      [31, { type: 'check', id: 10, title: 'Audit check AUD_10', can_open: true }],
      [3, { type: 'check', id: 10, title: 'Audit check AUD_10', can_open: true }],
    ]);
    expect(items[0]).toMatchObject({ owner: { login: 'pnair' }, due_date: '2026-10-28' });
    // The observation has no corrective action: it is no action item.
    const observation = (await outcomes(admin, 10)).find((o) => o.severity === 'observation');
    expect(observation).toMatchObject({ owner: null, due_date: null, done_at: null });
    expect(items.map((item) => item.id)).not.toContain(observation!.id);
  });

  it('shows the owner their own action, and nobody those of an audit not approved yet', async () => {
    const pm = await signIn('pm');
    const own = await actionItems(pm, 10);
    expect(own.map((item) => item.id)).toEqual([31, 3]);
    // pm may not open check 10 itself: the tab names it without a link.
    expect(own.map((item) => item.source.can_open)).toEqual([false, false]);
    expect((await get(pm, '/api/polls/10/outcomes/')).status).toBe(404);
    const admin = await signIn('admin', { app: pm.app });
    // Check 3 (project 3) is in its expert phase: its finding is no action item yet.
    expect((await actionItems(admin, 3)).filter((item) => item.source.type === 'check')).toEqual(
      [],
    );
  });

  it('marks a corrective action done with CAN_RESOLVE_ACTION_PLAN: gone from the list, done on the finding, in the history', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(res.status).toBe(204);
    expect((await actionItems(admin, 10)).map((item) => item.id)).toEqual([3]);
    const finding = (await outcomes(admin, 10)).find((o) => o.id === 31)!;
    expect(finding.done_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await history(admin, 10))[0]).toMatchObject({
      section: 'Action items',
      field: 'No signed change requests for two scope changes',
      old_value: 'Open',
      new_value: 'Done (Audit check AUD_10)',
    });
    const again = await post(admin, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['This action item is done already.'] });
  });

  it('refuses without the flag, for another project, without an action, before approval', async () => {
    const pm = await signIn('pm');
    const admin = await signIn('admin', { app: pm.app });
    const before = snapshot(pm);
    const refused = await post(pm, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_RESOLVE_ACTION_PLAN');
    for (const path of [
      '/api/projects/1/action-items/outcomes/31/resolve/', // another project
      '/api/projects/10/action-items/outcomes/32/resolve/', // the observation
      '/api/projects/3/action-items/outcomes/1/resolve/', // check 3 is not approved
      '/api/projects/10/action-items/outcomes/99999/resolve/',
    ]) {
      expect((await post(admin, path)).status, path).toBe(404);
    }
    expect(snapshot(pm)).toBe(before);
  });
});
