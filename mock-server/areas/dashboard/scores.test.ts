import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RISKINESS_THRESHOLDS,
  contributorKey,
  type DashboardAccountDetail,
} from '../../../src/api/contract/dashboard';
import { signIn, type SignedIn } from '../../testing/signIn';
import { ACCOUNT_A, ACCOUNT_B, AUDITED, dashboard, explanation, get, handCount } from './testing';

let admin: SignedIn;

beforeAll(async () => {
  admin = await signIn('admin');
});

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
