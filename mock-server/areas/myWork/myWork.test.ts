import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MY_WORK_GROUP_LIMIT, MY_WORK_KINDS, type MyWork } from '../../../src/api/contract/myWork';
import type { RiskListItem } from '../../../src/api/contract/risks';
import type { ApprovalRequest } from '../../../src/api/contract/approvals';
import type { Paginated } from '../../../src/api/contract/drf';
import { signIn, type SignedIn } from '../../testing/signIn';

/** `GET /api/my-work/`: each group's count is the count of the list its path opens. */
describe('GET /api/my-work/', () => {
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signIn('admin');
  });
  const as = (persona: string) => signIn(persona, { app: admin.app });
  const myWork = async (user: SignedIn) => {
    const res = await request(user.app).get('/api/my-work/').set(user.auth);
    expect(res.status).toBe(200);
    return res.body as MyWork;
  };
  const get = async (user: SignedIn, path: string, query: Record<string, string>) => {
    const res = await request(user.app).get(path).query(query).set(user.auth);
    expect(res.status).toBe(200);
    return res.body as unknown;
  };
  /** The requests `user` may decide on one project's Approvals tab ("Waiting on me"). */
  const waitingOnTab = async (user: SignedIn, projectId: number | string) =>
    ((await get(user, `/api/projects/${projectId}/approvals/`, {})) as ApprovalRequest[]).filter(
      (row) => row.can_decide,
    ).length;
  /** The count the list page at `path` shows, asked of the API the page asks. */
  async function listCount(user: SignedIn, path: string): Promise<number> {
    const url = new URL(path, 'http://spa');
    const params = Object.fromEntries(url.searchParams);
    if (url.pathname === '/checks')
      return ((await get(user, '/api/polls/', params)) as Paginated<unknown>).count;
    if (url.pathname === '/project-checklists')
      return ((await get(user, '/api/checklists/', params)) as unknown[]).length;
    if (url.pathname === '/approvals')
      return ((await get(user, '/api/approvals/', params)) as unknown[]).length;
    if (url.pathname === '/notifications')
      return (
        (await get(user, '/api/risk-action-requests/', { status: 'pending' })) as Paginated<unknown>
      ).count;
    if (url.pathname === '/risks')
      // The register filters on the server: its count is what the list page says.
      return ((await get(user, '/api/risks/', params)) as Paginated<RiskListItem>).count;
    throw new Error(`no list for ${path}`);
  }

  it('gives each persona groups whose counts are those of the lists they open', async () => {
    const seen = new Set<string>();
    for (const persona of ['admin', 'pm', 'expert', 'supervisor', 'risk_owner', 'qcl']) {
      const user = await as(persona);
      const body = await myWork(user);
      expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const group of body.groups) {
        seen.add(group.kind);
        expect(group.count, `${persona}: ${group.label}`).toBe(await listCount(user, group.path));
        expect(group.items).toHaveLength(Math.min(group.count, MY_WORK_GROUP_LIMIT));
        for (const item of group.items)
          expect(item.path).toMatch(
            /^\/[a-z-]+\/\d+(\?tab=action-items|\/approvals\?view=mine#approval-\d+)?$/,
          );
      }
    }
    expect([...seen].sort()).toEqual([...MY_WORK_KINDS].sort());
  });

  it("names both checklist groups checklists to fill, adding up to the sidebar's counter", async () => {
    for (const persona of ['admin', 'pm']) {
      const user = await as(persona);
      const groups = (await myWork(user)).groups.filter((group) => group.kind === 'checklists');
      expect(groups.map((group) => group.label)).toEqual([
        'Checklists to fill · Available',
        'Checklists to fill · In progress',
      ]);
      const self = (await get(user, '/api/auth/self/', {})) as {
        available_checklists_counter: number;
      };
      expect(
        groups.reduce((sum, group) => sum + group.count, 0),
        persona,
      ).toBe(self.available_checklists_counter);
    }
  });

  it('lists a supervisor the audits in review they supervise, and the pm the checks to answer', async () => {
    const supervisor = await myWork(await as('supervisor'));
    const review = supervisor.groups.find((group) => group.kind === 'checks_to_review')!;
    const polls = admin.app.mock.db.getState().polls;
    for (const item of review.items) {
      const poll = polls.find((candidate) => candidate.id === item.id)!;
      expect(poll.status).toBe('supervisor_review');
    }
    const pm = await myWork(await as('pm'));
    const answer = pm.groups.find((group) => group.kind === 'checks_to_answer')!;
    expect(answer.items.map((item) => item.path)).toContain('/checks/1');
  });

  it('gathers the approvals of every project in one group that opens /approvals, each item naming and opening its request', async () => {
    const state = admin.app.mock.db.getState();
    for (const persona of ['pm', 'qcl']) {
      const user = await as(persona);
      const body = await myWork(user);
      const approvals = body.groups.filter((group) => group.kind === 'approvals');
      expect(approvals, persona).toHaveLength(1);
      const [group] = approvals;
      expect(group!.label).toBe('Approvals waiting on you');
      expect(group!.path).toBe('/approvals');
      // The same requests as the "Waiting on me" views of every project's Approvals tab.
      let sum = 0;
      for (const projectId of new Set(state.approvalRequests.map((row) => row.project_id)))
        sum += await waitingOnTab(user, projectId);
      expect(group!.count, persona).toBe(sum);
      // Waiting on several projects: more than one project's tab is behind the items.
      expect(new Set(group!.items.map((item) => item.path)).size).toBeGreaterThan(1);
      for (const item of group!.items) {
        const [, projectId, requestId] = /^\/projects\/(\d+)\/approvals\?view=mine#approval-(\d+)$/
          .exec(item.path)!
          .map(Number);
        expect(requestId).toBe(item.id);
        const project = state.projects.find((candidate) => candidate.id === projectId)!;
        expect(item.detail.startsWith(`${project.name} · `), item.detail).toBe(true);
      }
    }
  });

  it('marks what is past its due date as overdue, and orders each group soonest first', async () => {
    const body = await myWork(await as('admin'));
    for (const group of body.groups) {
      const dues = group.items.map((item) => item.due_date ?? '9999');
      expect(dues).toEqual([...dues].sort());
      for (const item of group.items)
        expect(item.overdue).toBe(item.due_date !== null && item.due_date < body.today);
    }
  });

  it('answers a person nothing waits for with no group', async () => {
    expect((await myWork(await as('viewer'))).groups).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await request(admin.app).get('/api/my-work/')).status).toBe(401);
  });
});
