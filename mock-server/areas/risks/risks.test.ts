import request from 'supertest';
import { describe, expect, it } from 'vitest';
import personas from '../../../fixtures/personas.json' with { type: 'json' };
import type { Paginated } from '../../../src/api/contract/drf';
import {
  RESOLUTIONS,
  RISK_LEVELS,
  RISK_PAGE_SIZE,
  type RiskListItem,
  type RiskScope,
  type SimilarRisk,
} from '../../../src/api/contract/risks';
import { createMockApp } from '../../app';
import { getHistory, getRisk, listRisks } from './testing';
import { OLDEST_VOLUME_STATEMENT } from './volume';
import { buildSeed } from '../../seed/seed';
import { signIn, type SignedIn } from '../../testing/signIn';

const list = listRisks;
const detail = getRisk;
const history = getHistory;

describe('the risk fixtures', () => {
  it('hold the canonical risks 1–10 and draft 1 the e2e tests rely on', () => {
    const state = buildSeed();
    const risk = (id: number) => state.risks.find((candidate) => candidate.id === id)!;
    expect(risk(1)).toMatchObject({
      kind: 'risk',
      level: 'project',
      scope: { id: 1 },
      status: 'open',
      owner: { id: 8 },
      probability: 'moderate',
      impact: 'high',
      action_items_count: 2,
      comments_count: 2,
    });
    const comments = state.riskComments.filter((comment) => comment.risk_id === 1);
    expect(comments.flatMap((c) => c.attachments).map((a) => a.content_type)).toEqual([
      'application/pdf',
    ]);
    expect(state.riskHistory.filter((entry) => entry.risk_id === 1).length).toBeGreaterThan(3);
    expect(risk(2)).toMatchObject({
      kind: 'issue',
      scope: { id: 1 },
      priority: 'high',
      severity: 'moderate',
    });
    expect(risk(3)).toMatchObject({
      kind: 'risk',
      scope: { id: 1 },
      status: 'closed',
      resolution: 'resolved',
    });
    expect([4, 5, 6].map((id) => risk(id).duplicates_group)).toEqual([1, 1, 1]);
    expect([4, 5, 6].map((id) => risk(id).scope.id)).toEqual([2, 2, 2]);
    expect(risk(4).created_at < risk(5).created_at && risk(5).created_at < risk(6).created_at).toBe(
      true,
    );
    expect([5, 6].map((id) => risk(id).action_items_count)).toEqual([1, 1]);
    expect(risk(7).transfer).toMatchObject({ to: { id: 10 }, side: 'client' });
    expect(risk(8)).toMatchObject({
      level: 'account',
      scope: { id: state.projects[0]!.account_id },
    });
    expect(risk(9).level).toBe('business_line');
    expect(risk(10).level).toBe('business_segment');
    const draft = state.riskDrafts.find((candidate) => candidate.id === 1)!;
    expect(draft).toMatchObject({ user_id: 8, kind: 'risk', level: 'project' });
    expect(draft.data.statement).toBeTruthy();
    expect(draft.data.category).toBeUndefined();
  });

  it('add ~600 risks and issues at every level, status and resolution, each with its history', () => {
    const state = buildSeed();
    expect(state.risks.length).toBeGreaterThanOrEqual(600);
    expect(state.businessSegments).toHaveLength(4);
    expect(state.businessLines).toHaveLength(10);
    expect(
      state.accounts.every((a) => state.businessLines.some((l) => l.account_ids.includes(a.id))),
    ).toBe(true);
    for (const level of RISK_LEVELS)
      for (const kind of ['risk', 'issue'])
        expect(state.risks.some((risk) => risk.level === level && risk.kind === kind)).toBe(true);
    for (const resolution of RESOLUTIONS)
      expect(state.risks.some((risk) => risk.resolution === resolution)).toBe(true);
    const created = new Set(
      state.riskHistory.filter((e) => e.field === 'created').map((e) => e.risk_id),
    );
    expect(state.risks.every((risk) => created.has(risk.id))).toBe(true);
    expect(state.riskComments.some((comment) => comment.attachments.length > 0)).toBe(true);
    expect(state.risks.filter((risk) => risk.transfer).length).toBeGreaterThan(5);
    expect(state.riskDrafts.length).toBeGreaterThan(1);
    expect(JSON.stringify(buildSeed())).toBe(JSON.stringify(state));
  });

  it('point every action request at a real risk; pending ones number each persona’s counter', () => {
    const state = buildSeed();
    for (const item of state.actionRequests) {
      const risk = state.risks.find((candidate) => candidate.id === item.subject.id)!;
      expect(risk).toBeDefined();
      expect(item.subject).toEqual({
        id: risk.id,
        type: risk.kind,
        title: risk.statement,
        level: risk.level,
        scope_name: risk.scope.name,
      });
    }
    for (const persona of personas)
      expect(
        state.actionRequests.filter(
          (r) => r.recipient.id === persona.userId && r.status === 'pending',
        ),
      ).toHaveLength(persona.risk_action_requests_counter);
  });
});

describe('GET /api/risks/', () => {
  it('lists the project level by default, newest first, RISK_PAGE_SIZE rows a page', async () => {
    const owner = await signIn('risk_owner');
    const risks = owner.app.mock.db.getState().risks;
    const first = (await request(owner.app).get('/api/risks/').set(owner.auth))
      .body as Paginated<RiskListItem>;
    expect(first.count).toBe(risks.filter((risk) => risk.level === 'project').length);
    expect(first.results).toHaveLength(RISK_PAGE_SIZE);
    const all = await list(owner);
    expect(all.results).toHaveLength(all.count);
    const dates = all.results.map((risk) => risk.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.results.find((risk) => risk.id === 1)).toMatchObject({
      rating: 'high',
      owner: { login: 'lromero' },
    });
    let levels = 0;
    for (const level of RISK_LEVELS) levels += (await list(owner, { level })).count;
    expect(levels).toBe(risks.length);
    const paged = (await request(owner.app).get('/api/risks/?page=2&page_size=100').set(owner.auth))
      .body as Paginated<RiskListItem>;
    expect(paged.results.map((risk) => risk.id)).toEqual(
      all.results.slice(100, 200).map((risk) => risk.id),
    );
  });

  it('filters by level, scope, kind and poll; refuses unknown choices with 400', async () => {
    const owner = await signIn('risk_owner');
    const project = await list(owner, { level: 'project', scope: 1 });
    expect(project.results.map((risk) => risk.id)).toEqual(expect.arrayContaining([1, 2, 3, 7]));
    expect(project.results.every((risk) => risk.scope.id === 1 && risk.level === 'project')).toBe(
      true,
    );
    const issues = await list(owner, { level: 'project', scope: 1, kind: 'issue' });
    expect(issues.results.length).toBeGreaterThan(0);
    expect(issues.results.every((risk) => risk.kind === 'issue')).toBe(true);
    const pollRisk = owner.app.mock.db.getState().risks.find((risk) => risk.poll_id !== null)!;
    const raised = await list(owner, { poll: pollRisk.poll_id! });
    expect(raised.results.map((risk) => risk.id)).toContain(pollRisk.id);
    expect(raised.results.every((risk) => risk.poll_id === pollRisk.poll_id)).toBe(true);
    const bad = await request(owner.app)
      .get('/api/risks/')
      .query({ level: 'galaxy', scope: 'x', kind: 'idea' })
      .set(owner.auth);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['kind', 'level', 'scope']);
    expect((await request(owner.app).get('/api/risks/?page=999').set(owner.auth)).status).toBe(404);
  });

  it('shows a person without viewing flags only what was transferred to them, else an empty list', async () => {
    const viewer = await signIn('viewer');
    expect((await list(viewer)).results.map((risk) => risk.id)).toEqual([7]);
    const state = viewer.app.mock.db.getState();
    state.risks.find((risk) => risk.id === 7)!.transfer = null;
    const none = await request(viewer.app).get('/api/risks/').set(viewer.auth);
    expect(none.status).toBe(200);
    expect((none.body as Paginated<RiskListItem>).count).toBe(0);
  });

  it('adds the volume at the project and account levels when asked, without storing it', async () => {
    const app = createMockApp({ riskVolume: 10_000 });
    const owner = await signIn('risk_owner', { app });
    const project = await list(owner, { level: 'project' });
    const account = await list(owner, { level: 'account' });
    const stored = app.mock.db.getState().risks;
    expect(project.count + account.count).toBeGreaterThan(10_000);
    expect(new Set(project.results.map((risk) => risk.scope.id)).size).toBeGreaterThan(100);
    expect(new Set(account.results.map((risk) => risk.scope.id)).size).toBeGreaterThan(20);
    expect(stored.length).toBeLessThan(1000);
    // Over six years: the oldest is 100000, with the statement an e2e test searches for.
    const oldest = project.results.at(-1)!;
    expect(oldest).toMatchObject({
      id: 100_000,
      statement: OLDEST_VOLUME_STATEMENT,
      scope: { id: stored.find((risk) => risk.id === 1)!.scope.id },
    });
    const found = await list(owner, { search: 'LEGACY mainframe', level: 'project' });
    expect(found.results.map((risk) => risk.id)).toEqual([100_000]);
    const years =
      (Date.parse(project.results[0]!.created_at) - Date.parse(oldest.created_at)) / 31_536_000_000;
    expect(years).toBeGreaterThan(5);
    expect((await request(app).get('/api/risks/100000/').set(owner.auth)).status).toBe(200);
    // The same ids and values on every start.
    const again = await signIn('risk_owner', { riskVolume: 10_000 });
    expect((await list(again, { level: 'account' })).results).toEqual(account.results);
  });
});

describe('GET /api/risks/{id}/', () => {
  it('narrows the edit flags to the risk: all for its owner, viewing for others, reopen once closed', async () => {
    const owner = await signIn('risk_owner');
    const risk = await detail(owner, 1);
    expect(risk.user_permissions).toEqual(
      expect.arrayContaining([
        'CAN_EDIT_RISK_PROBABILITY',
        'CAN_EDIT_RISK_TRANSFER_TAB',
        'CAN_VIEW_RISK',
      ]),
    );
    expect(risk.user_permissions.some((flag) => flag.includes('ISSUE'))).toBe(false);
    const issue = await detail(owner, 2);
    expect(issue.user_permissions).toEqual(
      expect.arrayContaining(['CAN_EDIT_ISSUE_PRIORITY', 'CAN_VIEW_ISSUE']),
    );
    const qcl = await signIn('qcl', { app: owner.app });
    expect((await detail(qcl, 1)).user_permissions).toEqual(['CAN_VIEW_RISK']);
    expect((await detail(owner, 3)).user_permissions).toEqual(['CAN_REOPEN_RISK', 'CAN_VIEW_RISK']);
    const admin = await signIn('admin', { app: owner.app });
    expect((await detail(admin, 1)).user_permissions).toContain('CAN_EDIT_RISK_AWARENESS');
  });

  it('gives the receiver of a transfer viewing only, and answers 404 for what one may not see', async () => {
    const viewer = await signIn('viewer');
    const seven = await detail(viewer, 7);
    expect(seven.user_permissions).toEqual(['CAN_VIEW_RISK']);
    expect(seven.transfer).toMatchObject({ side: 'client', to: { id: 10 } });
    for (const path of [
      '/api/risks/1/',
      '/api/risks/1/history/',
      '/api/risks/999999/',
      '/api/risks/abc/',
    ])
      expect((await request(viewer.app).get(path).set(viewer.auth)).body).toEqual({
        detail: 'Not found.',
      });
  });

  it('keeps the history of every change with display text', async () => {
    const owner = await signIn('risk_owner');
    const entries = await history(owner, 1);
    expect(entries.at(-1)).toMatchObject({ field: 'created', by: { id: 8 } });
    expect(entries.find((entry) => entry.field === 'due_date')).toMatchObject({
      old_value: '12/31/2026',
      new_value: '12/15/2026',
    });
    expect(entries.map((entry) => entry.at)).toEqual(
      entries
        .map((e) => e.at)
        .sort()
        .reverse(),
    );
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
    const segments = (
      await request(owner.app).get('/api/risk-scopes/?level=business_segment').set(owner.auth)
    ).body as Paginated<RiskScope>;
    expect(segments.count).toBe(4);
    expect((await request(owner.app).get('/api/risk-scopes/').set(owner.auth)).body).toEqual({
      level: ['This field is required.'],
    });
  });
});

describe('GET /api/risks/similar/', () => {
  const similar = (user: SignedIn, query: Record<string, string | number>) =>
    request(user.app).get('/api/risks/similar/').query(query).set(user.auth);

  it('ranks the near duplicates of a statement in the same scope first, scores 0–1', async () => {
    const owner = await signIn('risk_owner');
    const res = await similar(owner, {
      level: 'project',
      scope: 2,
      kind: 'risk',
      statement: 'Reporting module acceptance criteria not agreed by the client',
    });
    const matches = res.body as SimilarRisk[];
    expect(
      matches
        .slice(0, 3)
        .map((match) => match.risk.id)
        .sort(),
    ).toEqual([4, 5, 6]);
    expect(matches.length).toBeLessThanOrEqual(5);
    expect(matches.every((m) => m.score >= 0.3 && m.score <= 1 && m.risk.scope.id === 2)).toBe(
      true,
    );
    const elsewhere = (
      await similar(owner, {
        level: 'project',
        scope: 3,
        kind: 'risk',
        statement: 'Reporting module acceptance criteria not agreed by the client',
      })
    ).body as SimilarRisk[];
    expect(elsewhere.some((match) => [4, 5, 6].includes(match.risk.id))).toBe(false);
  });

  it('leaves out closed risks and asks for level, scope and kind', async () => {
    const owner = await signIn('risk_owner');
    const closed = (
      await similar(owner, {
        level: 'project',
        scope: 1,
        kind: 'risk',
        statement: 'Vendor delivers the payment component late',
      })
    ).body as SimilarRisk[];
    expect(closed.map((match) => match.risk.id)).not.toContain(3);
    const missing = await similar(owner, { statement: 'x' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body as object).sort()).toEqual(['kind', 'level', 'scope']);
  });
});
