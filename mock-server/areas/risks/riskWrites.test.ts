import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Risk } from '../../../src/api/contract/risks';
import { NEW_RISK, getHistory, listRisks } from './testing';
import { signIn, type SignedIn } from '../../testing/signIn';

const list = listRisks;
const history = getHistory;

describe('POST /api/risks/', () => {
  it('creates the risk with its rating, owner and history', async () => {
    const owner = await signIn('risk_owner');
    const created = await request(owner.app).post('/api/risks/').set(owner.headers).send(NEW_RISK);
    expect(created.status).toBe(201);
    const risk = created.body as Risk;
    expect(risk).toMatchObject({
      rating: 'high',
      poll_id: 1,
      owner: { id: 8 },
      status: 'open',
      informed: [{ id: 2 }],
      project: { id: 1 },
    });
    expect(risk.user_permissions).toContain('CAN_EDIT_RISK_STATEMENT');
    expect((await history(owner, risk.id))[0]?.field).toBe('created');
    expect((await list(owner))[`results`][0]?.id).toBe(risk.id);
  });

  it('answers every field error at once and stores nothing', async () => {
    const owner = await signIn('risk_owner');
    const before = JSON.stringify(owner.app.mock.db.getState());
    const send = (body: unknown) =>
      request(owner.app)
        .post('/api/risks/')
        .set(owner.headers)
        .send(body as object);
    const bad = await send({
      ...NEW_RISK,
      statement: ' ',
      probability: 'huge',
      scope_id: 99999,
      labels: ['x'.repeat(51)],
      category: undefined,
    });
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'category',
      'labels',
      'probability',
      'scope_id',
      'statement',
    ]);
    expect((await send({ ...NEW_RISK, statement: 'x'.repeat(201) })).body).toEqual({
      statement: ['Ensure this field has no more than 200 characters.'],
    });
    const issue = await send({ ...NEW_RISK, kind: 'issue' });
    expect(Object.keys(issue.body as object).sort()).toEqual(['priority', 'severity']);
    const unknownProject = await send({ ...NEW_RISK, scope_id: 241 });
    expect(unknownProject.body).toEqual({
      scope_id: ['Invalid pk "241" - object does not exist.'],
    });
    const types = await send({
      ...NEW_RISK,
      statement: false,
      labels: 'x',
      informed_ids: 'x',
      due_date: '31/12/2026',
      visibility_tags: ['vip'],
    });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body as object).sort()).toEqual([
      'due_date',
      'informed_ids',
      'labels',
      'statement',
      'visibility_tags',
    ]);
    expect((await send([NEW_RISK])).status).toBe(400);
    expect((await send({ kind: 'idea' })).body).toEqual({
      kind: ['"idea" is not a valid choice.'],
      level: ['This field is required.'],
    });
    expect(JSON.stringify(owner.app.mock.db.getState())).toBe(before);
  });

  it('needs the create flag of the kind and of the level (403)', async () => {
    const owner = await signIn('risk_owner');
    const as = async (persona: string, body: object) => {
      const user = await signIn(persona, { app: owner.app });
      return (await request(owner.app).post('/api/risks/').set(user.headers).send(body)).status;
    };
    expect(await as('qcl', NEW_RISK)).toBe(403);
    expect(
      await as('auditor', { ...NEW_RISK, kind: 'issue', priority: 'high', severity: 'low' }),
    ).toBe(403);
    const account = { ...NEW_RISK, level: 'account', scope_id: 1, poll_id: null };
    expect(await as('pm', account)).toBe(403);
    expect(await as('account_owner', account)).toBe(201);
    expect(await as('pm', { ...NEW_RISK, level: 'business_segment', scope_id: 1 })).toBe(403);
    expect(
      await as('admin', { ...NEW_RISK, level: 'business_segment', scope_id: 1, poll_id: null }),
    ).toBe(201);
  });
});

describe('PATCH /api/risks/{id}/', () => {
  const patch = (user: SignedIn, id: number, body: object) =>
    request(user.app).patch(`/api/risks/${id}/`).set(user.headers).send(body);

  it('refuses a field without its edit flag with 403 naming it; nothing changes', async () => {
    const owner = await signIn('risk_owner');
    const pm = await signIn('pm', { app: owner.app });
    const before = JSON.stringify(owner.app.mock.db.getState());
    const refused = await patch(pm, 1, { statement: 'New', probability: 'low' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You may not edit "probability".' });
    expect((await patch(owner, 1, { priority: 'high' })).body).toEqual({
      detail: 'You may not edit "priority".',
    });
    expect((await patch(owner, 3, { statement: 'Closed risks are read-only' })).status).toBe(403);
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await patch(viewer, 7, { statement: 'Mine now' })).status).toBe(403);
    expect((await patch(viewer, 1, { statement: 'Unseen' })).status).toBe(404);
    expect(JSON.stringify(owner.app.mock.db.getState())).toBe(before);
  });

  it('saves allowed fields, recomputes the rating and records each change as display text', async () => {
    const owner = await signIn('risk_owner');
    const saved = await patch(owner, 1, {
      probability: 'low',
      due_date: '2027-02-01',
      informed_ids: [2, 3],
      labels: ['a'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      probability: 'low',
      rating: 'moderate',
      due_date: '2027-02-01',
      informed: [{ id: 2 }, { id: 3 }],
    });
    const entries = await history(owner, 1);
    expect(entries.find((entry) => entry.field === 'probability')).toMatchObject({
      old_value: 'Moderate',
      new_value: 'Low',
      by: { id: 8 },
    });
    expect(entries.find((entry) => entry.field === 'informed')).toMatchObject({
      old_value: 'Priya Nair (pnair)',
      new_value: 'Priya Nair (pnair), Erik Lindqvist (elindqvist)',
    });
    const pm = await signIn('pm', { app: owner.app });
    expect(
      (await patch(pm, 2, { statement: 'Test environment down three times a week' })).status,
    ).toBe(200);
  });

  it('answers bad values with 400 field errors, never a 500', async () => {
    const owner = await signIn('risk_owner');
    const bad = await patch(owner, 1, {
      statement: '',
      probability: null,
      due_date: 'soon',
      owner_id: 'x',
      labels: [null],
      response_strategy: 'pray',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'due_date',
      'labels',
      'owner_id',
      'probability',
      'response_strategy',
      'statement',
    ]);
    const text = await request(owner.app)
      .patch('/api/risks/1/')
      .set(owner.headers)
      .set('Content-Type', 'application/json')
      .send('"text"');
    expect(text.status).toBe(400);
    const list = await patch(owner, 1, [{ statement: 'x' }]);
    expect(list.body).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    const malformed = await request(owner.app)
      .patch('/api/risks/1/')
      .set(owner.headers)
      .set('Content-Type', 'application/json')
      .send('{"statement":');
    expect(malformed.status).toBe(400);
  });
});
