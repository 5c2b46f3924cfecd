import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest, WaitingApproval } from '../../../src/api/contract/approvals';
import { signIn, type SignedIn } from '../../testing/signIn';

const WAITING = '/api/approvals/';

/** `GET /api/approvals/`: the requests waiting on the caller across projects (issue 33). */
describe('GET /api/approvals/', () => {
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signIn('admin');
  });
  const as = (persona: string) => signIn(persona, { app: admin.app });
  const waiting = async (user: SignedIn, query: Record<string, string> = {}) => {
    const res = await request(user.app).get(WAITING).query(query).set(user.auth);
    expect(res.status).toBe(200);
    return res.body as WaitingApproval[];
  };
  const today = () => new Date().toISOString().slice(0, 10);

  it("lists the pending requests the caller approves, of every project, soonest due first, as each tab's Waiting on me", async () => {
    const pm = await as('pm');
    const rows = await waiting(pm);
    expect(new Set(rows.map((row) => row.project.id)).size).toBeGreaterThan(1);
    const dues = rows.map((row) => row.due_by);
    expect(dues).toEqual([...dues].sort());
    // The same requests as the "Waiting on me" views of the projects' Approvals tabs.
    const fromTabs: number[] = [];
    for (const projectId of new Set(rows.map((row) => row.project.id))) {
      const tab = await request(pm.app).get(`/api/projects/${projectId}/approvals/`).set(pm.auth);
      fromTabs.push(
        ...(tab.body as ApprovalRequest[]).filter((row) => row.can_decide).map((row) => row.id),
      );
    }
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(fromTabs.sort((a, b) => a - b));
    const state = admin.app.mock.db.getState();
    for (const row of rows) {
      const stored = state.approvalRequests.find((candidate) => candidate.id === row.id)!;
      expect(stored).toMatchObject({
        state: 'pending',
        approver_id: 2,
        project_id: row.project.id,
      });
      expect(row.project.name).toBe(state.projects.find((p) => p.id === row.project.id)!.name);
      expect(row.requester.id).toBe(stored.requester_id);
    }
    // Someone else's requests are not pm's to decide.
    const qclRows = await waiting(await as('qcl'));
    expect(qclRows.length).toBeGreaterThan(0);
    expect(qclRows.some((row) => rows.some((mine) => mine.id === row.id))).toBe(false);
  });

  it('filters by project, kind, due date and search', async () => {
    const qcl = await as('qcl');
    const all = await waiting(qcl);
    const first = all[0]!;
    const ofProject = await waiting(qcl, { project: String(first.project.id) });
    expect(ofProject.length).toBeGreaterThan(0);
    expect(ofProject.every((row) => row.project.id === first.project.id)).toBe(true);
    expect(ofProject.length).toBeLessThan(all.length);

    const ofKind = await waiting(qcl, { kind: first.kind });
    expect(ofKind).toEqual(all.filter((row) => row.kind === first.kind));
    expect(await waiting(qcl, { kind: 'budget_change' })).toEqual(
      all.filter((row) => row.kind === 'budget_change'),
    );

    const pm = await as('pm');
    const pmAll = await waiting(pm);
    const overdue = await waiting(pm, { due: 'overdue' });
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue).toEqual(pmAll.filter((row) => row.due_by < today()));
    const soon = await waiting(qcl, { due: 'soon' });
    expect(soon.length).toBeGreaterThan(0);
    expect(soon.every((row) => row.due_by >= today())).toBe(true);

    const byProjectName = await waiting(qcl, { search: first.project.name.toUpperCase() });
    expect(byProjectName.map((row) => row.id)).toContain(first.id);
    expect(byProjectName.every((row) => row.project.name === first.project.name)).toBe(true);
    const byRequester = await waiting(pm, { search: pmAll[0]!.requester.name });
    expect(byRequester.length).toBeGreaterThan(0);
    expect(await waiting(qcl, { search: 'no such request anywhere' })).toEqual([]);
  });

  it('answers 400 naming each bad filter value, as DRF field errors', async () => {
    const pm = await as('pm');
    const res = await request(pm.app)
      .get(WAITING)
      .query({ project: 'abc', kind: 'holiday', due: 'later' })
      .set(pm.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      project: ['Enter a whole number.'],
      kind: ['Select a valid choice. holiday is not one of the available choices.'],
      due: ['Select a valid choice. later is not one of the available choices.'],
    });
  });

  it('drops a request once it is decided', async () => {
    const qcl = await signIn('qcl');
    const [first] = await waiting(qcl);
    const res = await request(qcl.app)
      .post(`/api/projects/${first!.project.id}/approvals/${first!.id}/decision/`)
      .set(qcl.headers)
      .send({ decision: 'approve' });
    expect(res.status).toBe(200);
    expect((await waiting(qcl)).map((row) => row.id)).not.toContain(first!.id);
  });

  it('is behind CAN_VIEW_PROJECT_CARD (403 naming it) and sign-in (401)', async () => {
    const viewer = await as('viewer');
    const refused = await request(viewer.app).get(WAITING).set(viewer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_VIEW_PROJECT_CARD).',
    });
    expect((await request(admin.app).get(WAITING)).status).toBe(401);
  });
});
