import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountHistoryEntry } from '../../../src/api/contract/accounts';
import {
  ACTUAL_REASON_MAX,
  ACTUAL_RISKINESS_FLAG,
  ACTUAL_RISKINESS_OWNER_DETAIL,
  DASHBOARD_FLAG,
  type ActualRiskiness,
} from '../../../src/api/contract/dashboard';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';
import { ACCOUNT_A, ACCOUNT_B, dashboard, explanation, recordActual } from './testing';

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });

beforeAll(async () => {
  admin = await signIn('admin');
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
