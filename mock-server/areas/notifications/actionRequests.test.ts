import request from 'supertest';
import { describe, expect, it } from 'vitest';
import personas from '../../../fixtures/personas.json' with { type: 'json' };
import type { ActionRequest } from '../../../src/api/contract/actionRequests';
import type { CurrentUser } from '../../../src/api/contract/auth';
import type { Paginated } from '../../../src/api/contract/drf';
import { signIn } from '../../testing/signIn';

const LIST = '/api/risk-action-requests/';
const decision = (id: number) => `/api/risk-action-requests/${id}/decision/`;
const fixtureCount = (id: string) =>
  personas.find((persona) => persona.id === id)!.risk_action_requests_counter;

describe('GET /api/risk-action-requests/', () => {
  it("lists only the user's own requests, newest first, in DRF's page shape", async () => {
    const { app, auth, user } = await signIn('admin');
    const res = await request(app).get(LIST).query({ status: 'pending' }).set(auth);
    expect(res.status).toBe(200);
    const page = res.body as Paginated<ActionRequest>;
    expect(page.count).toBe(fixtureCount('admin'));
    expect(page.previous).toBeNull();
    expect(page.results.every((item) => item.recipient.id === user.id)).toBe(true);
    expect(page.results.every((item) => item.status === 'pending')).toBe(true);
    const dates = page.results.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives the same ids after every reset (fixed seed)', async () => {
    const first = await signIn('admin');
    const second = await signIn('admin');
    const ids = async ({ app, auth }: typeof first) =>
      ((await request(app).get(LIST).set(auth)).body as Paginated<ActionRequest>).results.map(
        (item) => item.id,
      );
    expect(await ids(first)).toEqual(await ids(second));
  });

  it('matches the Actions count of GET /api/auth/self/ for every persona', async () => {
    const { app } = await signIn('admin');
    for (const persona of personas) {
      const { auth } = await signIn(persona.id, { app });
      const list = await request(app).get(LIST).query({ status: 'pending' }).set(auth);
      const self = await request(app).get('/api/auth/self/').set(auth);
      expect((self.body as CurrentUser).risk_action_requests_counter).toBe(
        (list.body as Paginated<ActionRequest>).count,
      );
    }
  });

  it('answers 400 with a field error for an unknown status and 404 for an invalid page', async () => {
    const { app, auth } = await signIn('admin');
    const bad = await request(app).get(LIST).query({ status: 'done' }).set(auth);
    expect(bad.status).toBe(400);
    expect(bad.body.status[0]).toMatch(/valid choice/);
    const page = await request(app).get(LIST).query({ page: 99 }).set(auth);
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ detail: 'Invalid page.' });
  });

  it('answers 401 without a token', async () => {
    const { app } = await signIn('admin');
    expect((await request(app).get(LIST)).status).toBe(401);
  });
});

describe('POST /api/risk-action-requests/{id}/decision/', () => {
  async function firstPending(persona = 'admin') {
    const signedIn = await signIn(persona);
    const res = await request(signedIn.app)
      .get(LIST)
      .query({ status: 'pending' })
      .set(signedIn.auth);
    return { ...signedIn, pending: (res.body as Paginated<ActionRequest>).results[0]! };
  }
  const counter = async ({ app, auth }: Awaited<ReturnType<typeof firstPending>>) =>
    ((await request(app).get('/api/auth/self/').set(auth)).body as CurrentUser)
      .risk_action_requests_counter;

  it('accepts a pending request, records when, and the Actions count falls by one', async () => {
    const session = await firstPending();
    const before = await counter(session);
    const res = await request(session.app)
      .post(decision(session.pending.id))
      .set(session.headers)
      .send({ decision: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: session.pending.id, status: 'accepted' });
    expect(Date.parse((res.body as ActionRequest).decided_at!)).not.toBeNaN();
    expect(await counter(session)).toBe(before - 1);
  });

  it('refuses a second decision with a DRF error and keeps the first', async () => {
    const session = await firstPending();
    await request(session.app)
      .post(decision(session.pending.id))
      .set(session.headers)
      .send({ decision: 'rejected' });
    const again = await request(session.app)
      .post(decision(session.pending.id))
      .set(session.headers)
      .send({ decision: 'accepted' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['This request was already rejected.'] });
    const list = await request(session.app)
      .get(LIST)
      .query({ status: 'rejected' })
      .set(session.auth);
    expect((list.body as Paginated<ActionRequest>).results.map((item) => item.id)).toContain(
      session.pending.id,
    );
  });

  it.each([
    [{}, { decision: ['This field is required.'] }],
    [{ decision: 'maybe' }, { decision: ['"maybe" is not a valid choice.'] }],
    [{ decision: 'accepted', comment: true }, { comment: ['Not a valid string.'] }],
    [
      { decision: 'accepted', comment: 'x'.repeat(201) },
      { comment: ['Ensure this field has no more than 200 characters.'] },
    ],
    [[], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
  ])('answers 400 for %j and changes nothing', async (body, errors) => {
    const session = await firstPending();
    const before = await counter(session);
    const res = await request(session.app)
      .post(decision(session.pending.id))
      .set(session.headers)
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect(await counter(session)).toBe(before);
  });

  it('answers 400 for malformed JSON and changes nothing', async () => {
    const session = await firstPending();
    const before = await counter(session);
    const res = await request(session.app)
      .post(decision(session.pending.id))
      .set({ ...session.headers, 'Content-Type': 'application/json' })
      .send('{"decision": ');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/JSON parse error/);
    expect(await counter(session)).toBe(before);
  });

  it("answers 404 for another user's request or an unknown id", async () => {
    const admin = await firstPending('admin');
    const pm = await signIn('pm', { app: admin.app });
    const foreign = await request(admin.app)
      .post(decision(admin.pending.id))
      .set(pm.headers)
      .send({ decision: 'accepted' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
    const unknown = await request(admin.app)
      .post(decision(99999))
      .set(admin.headers)
      .send({ decision: 'accepted' });
    expect(unknown.status).toBe(404);
    expect(await counter(admin)).toBe(fixtureCount('admin'));
  });

  it('answers 403 without the CSRF header', async () => {
    const session = await firstPending();
    const res = await request(session.app)
      .post(decision(session.pending.id))
      .set(session.auth)
      .send({ decision: 'accepted' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^CSRF Failed/);
  });
});
