import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DashboardAccountDetail } from '../../../src/api/contract/dashboard';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';
import { ACCOUNT_A, dashboard, get, recordActual } from './testing';

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });

beforeAll(async () => {
  admin = await signIn('admin');
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
