import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckSummaryRow } from '../../../src/api/contract/checkViews';
import type { ComparableChecks } from '../../../src/api/contract/compare';
import type { Paginated } from '../../../src/api/contract/drf';
import type { Poll } from '../../../src/api/contract/polls';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });

async function comparable(user: SignedIn, pollId: number | string) {
  return request(user.app).get(`/api/polls/${pollId}/comparable/`).set(user.auth);
}

async function poll(user: SignedIn, pollId: number): Promise<Poll> {
  const res = await request(user.app).get(`/api/polls/${pollId}/`).set(user.auth);
  expect(res.status).toBe(200);
  return res.body as Poll;
}

beforeAll(async () => {
  admin = await signIn('admin');
});

describe('GET /api/polls/{id}/comparable/', () => {
  it('lists the other checks of the project and model, latest due first, the previous one as default', async () => {
    const res = await comparable(admin, 8);
    expect(res.status).toBe(200);
    const body = res.body as ComparableChecks;
    expect(body.poll_id).toBe(8);
    expect(body.checks.map((check) => check.id)).toEqual([101]);
    expect(body.checks[0]).toMatchObject({ index: 'HC_101', model: 'sdo', status: 'finished' });
    expect(body.previous_id).toBe(101);
    // a finished health check asks a project manager and experts
    expect(body.roles).toBe(true);

    const later = (await comparable(admin, 101)).body as ComparableChecks;
    expect(later.checks.map((check) => check.id)).toEqual([8]);
    // check 8 is due after 101: it is listed, but no default comes before 101
    expect(later.previous_id).toBeNull();
  });

  it('keeps to one project and one model, and leaves out checks without answers', async () => {
    const self = await poll(admin, 8);
    const all = (await comparable(admin, 5)).body as ComparableChecks;
    // project 5 also has an SDO health check (213): another model asks other questions
    expect(all.checks).toEqual([]);
    expect(all.previous_id).toBeNull();
    // project 19 has three health checks: 137 is due after 43, 273 before it
    const three = (await comparable(admin, 43)).body as ComparableChecks;
    expect(three.checks.map((check) => check.id)).toEqual([137, 273]);
    expect(three.checks.every((check) => check.model === self.model)).toBe(true);
    expect(three.previous_id).toBe(273);
    // a new check (6) has no answers: its roles do not compare yet
    const fresh = (await comparable(admin, 6)).body as ComparableChecks;
    expect(fresh.roles).toBe(false);
  });

  it('lists only checks whose results the user may see', async () => {
    // check 1 of project 1 is pm's self check in progress: admin sees its results, pm not yet
    expect(
      ((await comparable(admin, 71)).body as ComparableChecks).checks.map((c) => c.id),
    ).toEqual([1]);
    const pm = await as('pm');
    const res = await comparable(pm, 71);
    expect(res.status).toBe(200);
    expect((res.body as ComparableChecks).checks).toEqual([]);
  });

  it('answers 404 for a check the user may not see, an unknown one or a path that is no id', async () => {
    const pm = await as('pm');
    for (const [user, id] of [
      [pm, 3],
      [admin, 99999],
      [admin, 'abc'],
    ] as const) {
      const res = await comparable(user, id);
      expect(res.status, `${user.user.name} on ${id}`).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 403 to a participant who may not see the results yet', async () => {
    const expert = await as('expert');
    // check 2 is in its expert phase and the expert has not submitted
    const res = await comparable(expert, 2);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('refuses a call without credentials (401) and any method but GET (405)', async () => {
    const anonymous = await request(admin.app).get('/api/polls/8/comparable/');
    expect(anonymous.status).toBe(401);
    const post = await request(admin.app)
      .post('/api/polls/8/comparable/')
      .set(admin.headers)
      .send({});
    expect(post.status).toBe(405);
  });

  it('agrees with the summaries: each row says how many checks the call lists and whether roles compare', async () => {
    const page = await request(admin.app)
      .get('/api/check-summaries/')
      .query({ search: 'HC_8', page_size: 100 })
      .set(admin.auth);
    expect(page.status).toBe(200);
    const rows = (page.body as Paginated<CheckSummaryRow>).results;
    const row = rows.find((candidate) => candidate.check.id === 8)!;
    expect(row.comparable).toEqual({ checks: 1, roles: true });
    const canceled = (
      await request(admin.app)
        .get('/api/check-summaries/')
        .query({ status: 'canceled', page_size: 5 })
        .set(admin.auth)
    ).body as Paginated<CheckSummaryRow>;
    expect(canceled.results.length).toBeGreaterThan(0);
    for (const item of canceled.results) expect(item.comparable.roles).toBe(false);
  });
});
