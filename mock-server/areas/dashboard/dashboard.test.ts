import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountHistoryEntry } from '../../../src/api/contract/accounts';
import {
  ACTUAL_REASON_MAX,
  ACTUAL_RISKINESS_FLAG,
  ACTUAL_RISKINESS_OWNER_DETAIL,
  DASHBOARD_FLAG,
  RISKINESS_THRESHOLDS,
  contributorKey,
  type ActualRiskiness,
  type DashboardAccountDetail,
  type DashboardResponse,
  type ScoreExplanation,
} from '../../../src/api/contract/dashboard';
import type { MockApp } from '../../app';
import type { MockState } from '../../store/state';
import { signIn, type SignedIn } from '../../testing/signIn';

/** Account A: the account of canonical projects 1 (and 19, 47…), owned by account_owner. */
const ACCOUNT_A = 18;
/** Account B: the account of canonical project 2, owned by account_owner. */
const ACCOUNT_B = 40;
/** The account of project 10, whose approved audit 10 has open findings. */
const AUDITED = 27;

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });

async function get<Body>(user: SignedIn, path: string, query: Record<string, string> = {}) {
  const res = await request(user.app).get(path).query(query).set(user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Body;
}
const dashboard = (user: SignedIn, query: Record<string, string> = {}) =>
  get<DashboardResponse>(user, '/api/dashboard/', query);
const explanation = (user: SignedIn, id: number, kind: 'riskiness' | 'issueness') =>
  get<ScoreExplanation>(user, `/api/dashboard/accounts/${id}/${kind}/`);
const recordActual = (user: SignedIn, id: number, body: unknown) =>
  request(user.app)
    .post(`/api/dashboard/accounts/${id}/actual-riskiness/`)
    .set(user.headers)
    .send(body as object);

beforeAll(async () => {
  admin = await signIn('admin');
});

/**
 * The scores counted by hand from the stored records, as the contract's header words them,
 * without the mock's model: a second reading of the same definition.
 */
function handCount(state: MockState, accountId: number) {
  const today = new Date().toISOString().slice(0, 10);
  const rating = { low: 1, moderate: 2, high: 3 } as const;
  const grade = { low: 1, moderate: 2, high: 3, critical: 4 } as const;
  const projects = state.projects.filter((p) => p.account_id === accountId).map((p) => p.id);
  const open = state.risks.filter(
    (risk) =>
      risk.status === 'open' &&
      ((risk.level === 'account' && risk.scope.id === accountId) ||
        (risk.level === 'project' && projects.includes(risk.scope.id))),
  );
  let riskiness = 0;
  let issueness = 0;
  for (const risk of open) {
    if (risk.kind === 'risk') riskiness += rating[risk.probability!] * rating[risk.impact!];
    else issueness += grade[risk.priority!] * grade[risk.severity!];
  }
  const issueIds = open.filter((risk) => risk.kind === 'issue').map((risk) => risk.id);
  const overdue = state.riskActionItems.filter(
    (item) =>
      issueIds.includes(item.risk_id) && !item.done && item.due_date && item.due_date < today,
  );
  issueness += 3 * overdue.length;
  let findings = 0;
  for (const projectId of projects) {
    const audits = state.polls
      .filter(
        (poll) =>
          poll.project_id === projectId &&
          poll.type === 'audit_check' &&
          (poll.status === 'finished' || poll.status === 'review_completed'),
      )
      .sort((a, b) => b.due_date.localeCompare(a.due_date));
    if (!audits[0]) continue;
    for (const outcome of state.outcomes)
      if (outcome.poll_id === audits[0].id && outcome.done_at === null)
        findings += { major: 4, minor: 2, observation: 0 }[outcome.severity];
  }
  return { riskiness: riskiness + findings, issueness, findings };
}

describe('the scores', () => {
  it('equal a hand count of the stored risks, issues, overdue items and open findings', async () => {
    const state = admin.app.mock.db.getState();
    const body = await dashboard(admin);
    expect(body.count).toBe(40);
    for (const id of [ACCOUNT_A, ACCOUNT_B, AUDITED]) {
      const row = body.results.find((candidate) => candidate.id === id)!;
      const hand = handCount(state, id);
      expect(row.riskiness.score, `riskiness of ${id}`).toBe(hand.riskiness);
      expect(row.issueness.score, `issueness of ${id}`).toBe(hand.issueness);
    }
    // Account A by name: ten open risks, no finding (risk 8 alone is High × High = 9).
    const a = body.results.find((row) => row.id === ACCOUNT_A)!;
    expect(a.riskiness).toMatchObject({ score: 43, level: 'high' });
    expect(handCount(state, AUDITED).findings).toBeGreaterThan(0);
  });

  it('explain themselves: each contributor with its reason, points and where it opens', async () => {
    const risk = await explanation(admin, ACCOUNT_A, 'riskiness');
    expect(risk.score.score).toBe(risk.contributors.reduce((sum, c) => sum + c.points, 0));
    expect(risk.contributors[0]).toMatchObject({
      type: 'risk',
      id: 8,
      reason: 'High × High = 9',
      points: 9,
      project: null,
      category: 'commercial',
      path: '/risks/8',
    });
    const points = risk.contributors.map((contributor) => contributor.points);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    expect(risk.by_project.reduce((sum, entry) => sum + entry.points, 0)).toBe(risk.score.score);
    expect(risk.by_category.reduce((sum, entry) => sum + entry.points, 0)).toBe(risk.score.score);
    expect(risk.by_project.find((entry) => entry.key === null)).toMatchObject({ points: 9 });

    const audited = await explanation(admin, AUDITED, 'riskiness');
    const finding = audited.contributors.find((contributor) => contributor.type === 'finding')!;
    expect(finding).toMatchObject({ reason: 'Major finding = 4', path: '/checks/10' });
    expect(finding.project?.id).toBe(10);

    const issue = await explanation(admin, ACCOUNT_A, 'issueness');
    expect(issue.score.score).toBe(issue.contributors.reduce((sum, c) => sum + c.points, 0));
    const overdue = issue.contributors.find((contributor) => contributor.type === 'action_item')!;
    expect(overdue.reason).toMatch(/^Overdue since \d{2}\/\d{2}\/\d{4} = 3$/);
    expect(overdue.path).toMatch(/^\/risks\/\d+$/);
    expect(issue.contributors.find((c) => c.type === 'issue')?.reason).toMatch(
      /^(Low|Moderate|High|Critical) × (Low|Moderate|High|Critical) = \d+$/,
    );
    expect(issue.actual).toEqual([]);
    expect(issue.can_record_actual).toBe(false);
  });

  it('name the fewest contributors, most points first, that would bring each a level down', async () => {
    const body = await dashboard(admin);
    for (const row of body.results.slice(0, 12)) {
      for (const kind of ['riskiness', 'issueness'] as const) {
        const explained = await explanation(admin, row.id, kind);
        const lower = explained.to_lower_level;
        if (explained.score.level === 'low') {
          expect(lower).toBeNull();
          continue;
        }
        const threshold = explained.thresholds[explained.score.level];
        expect(lower!.level).toBe(explained.score.level === 'high' ? 'moderate' : 'low');
        expect(lower!.points_needed).toBe(explained.score.score - threshold + 1);
        const byKey = new Map(explained.contributors.map((c) => [contributorKey(c), c.points]));
        const chosen = lower!.contributor_ids.map((key) => byKey.get(key)!);
        const sum = chosen.reduce((total, points) => total + points, 0);
        expect(sum).toBeGreaterThanOrEqual(lower!.points_needed);
        // One fewer of the biggest would not do.
        expect(sum - Math.min(...chosen)).toBeLessThan(lower!.points_needed);
        expect(chosen).toEqual(explained.contributors.slice(0, chosen.length).map((c) => c.points));
      }
    }
  });

  it('move at once when a High risk is resolved through the risk route', async () => {
    const owner = await signIn('risk_owner');
    const before = await explanation(owner, ACCOUNT_A, 'riskiness');
    const rowBefore = (await dashboard(owner)).results.find((r) => r.id === ACCOUNT_A)!;
    expect(before.to_lower_level).toEqual({
      level: 'moderate',
      points_needed: 43 - RISKINESS_THRESHOLDS.high + 1,
      contributor_ids: ['risk:8'],
    });
    const resolved = await request(owner.app)
      .post('/api/risks/8/resolution/')
      .set(owner.headers)
      .send({ action: 'resolve', comment: 'Margin plan signed.' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

    const after = await explanation(owner, ACCOUNT_A, 'riskiness');
    expect(after.score).toMatchObject({ score: 34, level: 'moderate' });
    expect(after.contributors.map(contributorKey)).not.toContain('risk:8');
    const row = (await dashboard(owner)).results.find((r) => r.id === ACCOUNT_A)!;
    expect(row.riskiness).toMatchObject({ score: 34, level: 'moderate' });
    expect(row.open_high_risks).toBe(rowBefore.open_high_risks - 1);
    const detail = await get<DashboardAccountDetail>(
      owner,
      `/api/dashboard/accounts/${ACCOUNT_A}/`,
    );
    expect(detail.open_risks.map((risk) => risk.id)).not.toContain(8);
    expect(detail.recent_changes[0]).toMatchObject({
      risk_id: 8,
      field: 'resolution',
      new_value: 'Resolved',
    });
  });
});

describe('GET /api/dashboard/', () => {
  it('orders by riskiness, highest first, then name; distribution and trend count the rows', async () => {
    const body = await dashboard(admin);
    const scores = body.results.map((row) => row.riskiness.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body.month).toBe(new Date().toISOString().slice(0, 7));
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)).toEqual({ month: body.month, ...body.distribution });
    for (const kind of ['riskiness', 'issueness'] as const) {
      const levels = body.results.map((row) => row[kind].level);
      expect(body.distribution[kind]).toEqual({
        low: levels.filter((level) => level === 'low').length,
        moderate: levels.filter((level) => level === 'moderate').length,
        high: levels.filter((level) => level === 'high').length,
      });
      // The thresholds give every level several of the 40 seeded accounts.
      for (const count of Object.values(body.distribution[kind])) expect(count).toBeGreaterThan(3);
    }
    // The snapshots: a year of months, trends both ways.
    expect(body.trend[0]!.riskiness.low + body.trend[0]!.riskiness.moderate).toBeGreaterThan(0);
    const rows = body.results;
    expect(rows.some((row) => row.riskiness.score < row.riskiness.previous_score!)).toBe(true);
    expect(rows.some((row) => row.riskiness.score > row.riskiness.previous_score!)).toBe(true);
    expect(rows.some((row) => row.issueness.score < row.issueness.previous_score!)).toBe(true);
    expect(rows.some((row) => row.issueness.score > row.issueness.previous_score!)).toBe(true);
  });

  it('searches the name without regard to case and filters by segment, line and levels', async () => {
    const all = await dashboard(admin);
    const a = all.results.find((row) => row.id === ACCOUNT_A)!;
    const searched = await dashboard(admin, { search: a.name.slice(0, 7).toUpperCase() });
    expect(searched.results.map((row) => row.id)).toContain(ACCOUNT_A);
    for (const row of searched.results)
      expect(row.name.toLowerCase()).toContain(a.name.slice(0, 7).toLowerCase());

    const inSegment = await dashboard(admin, { segment: String(a.business_segment.id) });
    expect(inSegment.count).toBeLessThan(all.count);
    expect(
      inSegment.results.every((row) => row.business_segment.id === a.business_segment.id),
    ).toBe(true);
    const inLine = await dashboard(admin, { line: String(a.business_line.id) });
    expect(inLine.results.map((row) => row.id)).toContain(ACCOUNT_A);
    expect(inLine.results.every((row) => row.business_line.id === a.business_line.id)).toBe(true);

    const high = await dashboard(admin, { riskiness: 'high', issueness: 'moderate' });
    expect(high.count).toBeGreaterThan(0);
    expect(high.count).toBe(
      all.results.filter(
        (row) => row.riskiness.level === 'high' && row.issueness.level === 'moderate',
      ).length,
    );
    expect(high.distribution.riskiness).toEqual({ low: 0, moderate: 0, high: high.count });
    const trendTotal = high.trend.at(-1)!.riskiness;
    expect(trendTotal.high).toBe(high.count);

    const none = await dashboard(admin, { search: 'no such account anywhere' });
    expect(none.count).toBe(0);
    // The total and the filters' choices stay those of every account, whatever the filters keep.
    expect(none.total).toBe(all.count);
    expect(inSegment.segments).toEqual(all.segments);
    expect(none.lines).toEqual(all.lines);
    expect(all.segments.map((segment) => segment.id).sort()).toEqual(
      [...new Set(all.results.map((row) => row.business_segment.id))].sort(),
    );
    expect(all.lines).toContainEqual({ ...a.business_line, segment_id: a.business_segment.id });
  });

  it('answers 400 by field for a bad filter', async () => {
    const res = await request(admin.app)
      .get('/api/dashboard/')
      .query({ segment: 'retail', line: '1.5', riskiness: 'extreme', issueness: 'HIGH' })
      .set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      segment: ['Enter a whole number.'],
      line: ['Enter a whole number.'],
      riskiness: ['Select a valid choice. extreme is not one of the available choices.'],
      issueness: ['Select a valid choice. HIGH is not one of the available choices.'],
    });
  });

  it('holds the accounts of the volume option, stored and generated, in well under 100 ms', async () => {
    const small = await signIn('admin');
    const big = await signIn('admin', { accountVolume: 1000 });
    // The median of five calls, each after a warm one: one call on a loaded machine is noise.
    const timed = async (user: SignedIn) => {
      const body = await dashboard(user);
      const times: number[] = [];
      for (let call = 0; call < 5; call += 1) {
        const started = performance.now();
        await dashboard(user);
        times.push(performance.now() - started);
      }
      return { body, ms: times.sort((a, b) => a - b)[2]! };
    };
    const forty = await timed(small);
    const thousand = await timed(big);
    console.log(
      `GET /api/dashboard/: 40 accounts ${forty.ms.toFixed(1)} ms, 1 000 accounts ${thousand.ms.toFixed(1)} ms`,
    );
    expect(thousand.body.count).toBe(1000);
    expect(new Set(thousand.body.results.map((row) => row.id)).size).toBe(1000);
    expect(thousand.body.results.filter((row) => row.id >= 100_000)).toHaveLength(960);
    for (const kind of ['riskiness', 'issueness'] as const)
      expect(Object.values(thousand.body.distribution[kind]).every((n) => n > 50)).toBe(true);
    expect(thousand.ms).toBeLessThan(100);
    // The same generated accounts every time, and their pages are not served.
    expect((await dashboard(big)).results).toEqual(thousand.body.results);
    const generated = await request(big.app).get('/api/dashboard/accounts/100000/').set(big.auth);
    expect(generated.status).toBe(404);

    // Under the stored count, the list keeps the first stored accounts only.
    const ten = await dashboard(await signIn('admin', { accountVolume: 10 }));
    expect(ten.count).toBe(10);
    expect(ten.total).toBe(10);
    expect(ten.results.every((row) => row.id < 100_000)).toBe(true);
  });
});

describe('an account', () => {
  it('ranks its projects by points, lists its open risks and the latest changes, and a year of history', async () => {
    const detail = await get<DashboardAccountDetail>(
      admin,
      `/api/dashboard/accounts/${ACCOUNT_A}/`,
    );
    expect(detail).toMatchObject({ id: ACCOUNT_A, name: 'Stanton - Wyman' });
    expect(detail.delivery_owner?.login).toBe('dkowalski');
    const totals = detail.projects.map((p) => p.riskiness_points + p.issueness_points);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(detail.projects.map((p) => p.id)).toContain(1);
    expect(detail.open_risks[0]).toMatchObject({ id: 8, points: 9, project: null });
    expect(detail.recent_changes.length).toBeLessThanOrEqual(20);
    const ats = detail.recent_changes.map((change) => change.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(detail.history.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      riskiness: detail.riskiness.score,
      issueness: detail.issueness.score,
    });
    expect(detail.history.at(-2)?.riskiness).toBe(detail.riskiness.previous_score);
    expect(detail.history).toHaveLength(12);
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const path of ['', 'riskiness/', 'issueness/']) {
      const res = await request(admin.app)
        .get(`/api/dashboard/accounts/9999/${path}`)
        .set(admin.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
    const owner = await as('account_owner');
    const res = await recordActual(owner, 9999, { level: 'low', reason: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('the actual riskiness', () => {
  it('is recorded by the account delivery owner, then shown beside the computed level', async () => {
    const owner = await signIn('account_owner');
    const before = await explanation(owner, ACCOUNT_B, 'riskiness');
    expect(before.can_record_actual).toBe(true);
    expect(before.score.level).toBe('high');
    const res = await recordActual(owner, ACCOUNT_B, {
      level: 'low',
      reason: '  The client signed the acceptance criteria today.  ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const recorded = res.body as ActualRiskiness;
    expect(recorded).toMatchObject({
      level: 'low',
      reason: 'The client signed the acceptance criteria today.',
      month: new Date().toISOString().slice(0, 7),
      recorded_by: { id: 9, login: 'dkowalski' },
    });

    const row = (await dashboard(owner)).results.find((r) => r.id === ACCOUNT_B)!;
    expect(row.actual_riskiness).toEqual(recorded);
    expect(row.disagrees).toBe(true);
    const after = await explanation(owner, ACCOUNT_B, 'riskiness');
    expect(after.actual[0]).toEqual(recorded);
    const history = await request(owner.app)
      .get(`/api/accounts/${ACCOUNT_B}/history/`)
      .set((await signIn('admin', { app: owner.app })).auth);
    expect((history.body as AccountHistoryEntry[])[0]).toMatchObject({
      field: `Actual riskiness of ${recorded.month}`,
      new_value: 'Low: The client signed the acceptance criteria today.',
    });

    // The seeded record of account A disagrees too: its owner judges it Moderate, it counts High.
    const a = (await dashboard(owner)).results.find((r) => r.id === ACCOUNT_A)!;
    expect(a.actual_riskiness?.level).toBe('moderate');
    expect(a.disagrees).toBe(true);
  });

  it('refuses a bad body by field and stores nothing', async () => {
    const owner = await signIn('account_owner');
    const db = owner.app.mock.db;
    const before = JSON.stringify(db.getState().actualRiskiness);
    const commits = db.commits;
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { level: ['This field is required.'], reason: ['This field is required.'] }],
      [
        { level: 'severe', reason: '   ' },
        {
          level: ['"severe" is not a valid choice.'],
          reason: ['This field may not be blank.'],
        },
      ],
      [
        { level: 'low', reason: 'x'.repeat(ACTUAL_REASON_MAX + 1) },
        {
          reason: [`Ensure this field has no more than ${ACTUAL_REASON_MAX} characters.`],
        },
      ],
      [
        { level: null, reason: null },
        {
          level: ['This field may not be null.'],
          reason: ['This field may not be null.'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await recordActual(owner, ACCOUNT_A, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const fits = await recordActual(owner, ACCOUNT_A, {
      level: 'high',
      reason: 'y'.repeat(ACTUAL_REASON_MAX),
    });
    expect(fits.status).toBe(201);
    expect(db.commits).toBe(commits + 1);
    expect(JSON.parse(before)).toHaveLength(db.getState().actualRiskiness.length - 1);
  });
});

describe('permissions', () => {
  const forbidden = (flag: string) => ({
    detail: `You do not have permission to perform this action (${flag}).`,
  });

  it(`refuses every route without ${DASHBOARD_FLAG}, naming it`, async () => {
    const pm = await as('pm');
    for (const path of ['', `accounts/${ACCOUNT_A}/`, `accounts/${ACCOUNT_A}/riskiness/`]) {
      const res = await request(pm.app).get(`/api/dashboard/${path}`).set(pm.auth);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden(DASHBOARD_FLAG));
    }
    const issue = await request(pm.app)
      .get(`/api/dashboard/accounts/${ACCOUNT_A}/issueness/`)
      .set(pm.auth);
    expect(issue.body).toEqual(forbidden(DASHBOARD_FLAG));
    // pm is an extra assistant of account A, yet holds neither flag.
    const post = await recordActual(pm, ACCOUNT_A, { level: 'low', reason: 'x' });
    expect(post.status).toBe(403);
    expect(post.body).toEqual(forbidden(DASHBOARD_FLAG));
  });

  it(`refuses to record without ${ACTUAL_RISKINESS_FLAG}, or for an account the user does not look after`, async () => {
    const portfolio = await as('portfolio');
    const noFlag = await recordActual(portfolio, ACCOUNT_A, { level: 'low', reason: 'x' });
    expect(noFlag.status).toBe(403);
    expect(noFlag.body).toEqual(forbidden(ACTUAL_RISKINESS_FLAG));
    expect((await explanation(portfolio, ACCOUNT_A, 'riskiness')).can_record_actual).toBe(false);

    // admin holds the flag but neither owns nor assists account A.
    const commits = admin.app.mock.db.commits;
    const notOwner = await recordActual(admin, ACCOUNT_A, { level: 'low', reason: 'x' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body).toEqual({ detail: ACTUAL_RISKINESS_OWNER_DETAIL });
    expect(admin.app.mock.db.commits).toBe(commits);
    expect((await explanation(admin, ACCOUNT_A, 'riskiness')).can_record_actual).toBe(false);
  });
});
