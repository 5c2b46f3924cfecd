import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Commitment } from '../../../src/api/contract/commitments';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/commitments/';
const ONE = (id: number, project = 1) => `/api/projects/${project}/commitments/${id}/`;

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as Commitment[];
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const post = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .post(path)
    .set(session.headers)
    .send(body as object);
const patch = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .patch(path)
    .set(session.headers)
    .send(body as object);

const fresh = {
  title: 'Run a penetration test before go-live',
  description: 'By an accredited third party.',
  owner_id: 3,
  due_date: '2027-03-31',
};

/** Project 1's suggestion owned by the user. */
const suggestionOf = async (session: SignedIn, ownerId: number) =>
  (await list(session)).find(
    (commitment) => commitment.state === 'suggested' && commitment.owner.id === ownerId,
  )!;

describe('GET /api/projects/{id}/commitments/', () => {
  it('lists by due date, with overdue computed and the suggestions of admin and pm', async () => {
    const admin = await signIn('admin');
    const commitments = await list(admin);
    const dates = commitments.map((commitment) => commitment.due_date);
    expect(dates).toEqual([...dates].sort());
    // The seed's open commitment was due on 10/15/2026, before any day these tests run.
    const late = commitments.find((commitment) => commitment.due_date === '2026-10-15')!;
    expect(late).toMatchObject({ state: 'open', overdue: true });
    expect(commitments.find((c) => c.state === 'done')?.overdue).toBe(false);
    expect(await suggestionOf(admin, 1)).toMatchObject({ suggested_by: { id: 5 } });
    expect(await suggestionOf(admin, 2)).toMatchObject({ suggested_by: { id: 1 } });
  });

  it('answers 404 for an unknown project, 403 without the card', async () => {
    const admin = await signIn('admin');
    const missing = await request(admin.app)
      .get('/api/projects/99999/commitments/')
      .set(admin.auth);
    expect(missing.status).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(viewer.auth)).status).toBe(403);
  });
});

describe('POST /api/projects/{id}/commitments/', () => {
  it('adds an open commitment with CAN_EDIT_COMMITMENTS and records it', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, LIST, fresh);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: fresh.title,
      state: 'open',
      owner: { id: 3 },
      suggested_by: null,
      overdue: false,
    });
    expect((await history(admin))[0]).toMatchObject({
      section: 'Security commitments',
      field: 'Commitment',
      new_value: `${fresh.title} (Open, owner Erik Lindqvist (elindqvist), due 03/31/2027)`,
    });
  });

  it('lets qcl, with only CAN_SUGGEST_COMMITMENTS, suggest but not add', async () => {
    const qcl = await signIn('qcl');
    const refused = await post(qcl, LIST, fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_COMMITMENTS');
    const suggested = await post(qcl, LIST, { ...fresh, owner_id: 1, state: 'suggested' });
    expect(suggested.status).toBe(201);
    expect(suggested.body).toMatchObject({ state: 'suggested', suggested_by: { id: 5 } });
    expect((await history(qcl))[0]).toMatchObject({ field: 'Suggested commitment' });
  });

  it('refuses a suggestion without CAN_SUGGEST_COMMITMENTS, naming it', async () => {
    const pm = await signIn('pm');
    const res = await post(pm, LIST, { ...fresh, state: 'suggested' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_SUGGEST_COMMITMENTS');
  });

  it('answers every field error at once and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = await list(admin);
    const res = await post(admin, LIST, {
      title: '  ',
      description: { text: 'x' },
      owner_id: 999999,
      due_date: '31/03/2027',
      state: 'closed',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      title: ['This field may not be blank.'],
      description: ['Not a valid string.'],
      owner_id: ['Invalid pk "999999" - object does not exist.'],
      due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      state: ['"closed" is not a valid choice.'],
    });
    const missing = await post(admin, LIST, {});
    expect(Object.keys(missing.body).sort()).toEqual(['due_date', 'owner_id', 'title']);
    expect(await list(admin)).toEqual(before);
    expect(await history(admin)).toEqual([]);
  });
});

describe('PATCH and DELETE /api/projects/{id}/commitments/{cid}/', () => {
  it('changes fields and moves the state, recording each change', async () => {
    const admin = await signIn('admin');
    const late = (await list(admin)).find((commitment) => commitment.overdue)!;
    const res = await patch(admin, ONE(late.id), { state: 'done', owner_id: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'done', overdue: false, owner: { id: 3 } });
    const fields = (await history(admin)).map((entry) => [entry.field, entry.new_value]);
    expect(fields).toEqual(
      expect.arrayContaining([
        [`${late.title}: state`, 'Done'],
        [`${late.title}: owner`, 'Erik Lindqvist (elindqvist)'],
      ]),
    );
  });

  it("keeps a suggestion's state for its owner, and never makes a suggestion again", async () => {
    const admin = await signIn('admin');
    const suggestion = await suggestionOf(admin, 1);
    const moved = await patch(admin, ONE(suggestion.id), { state: 'open' });
    expect(moved.status).toBe(400);
    expect(moved.body.state).toEqual([
      'A suggestion keeps its state until its owner accepts or declines it.',
    ]);
    const open = (await list(admin)).find((commitment) => commitment.state === 'open')!;
    const back = await patch(admin, ONE(open.id), { state: 'suggested' });
    expect(back.body.state).toEqual(['A commitment cannot become a suggestion again.']);
    const retitled = await patch(admin, ONE(suggestion.id), { title: 'Clearer words' });
    expect(retitled.body).toMatchObject({ title: 'Clearer words', state: 'suggested' });
  });

  it('refuses unknown fields, empty bodies and writes without the flag', async () => {
    const admin = await signIn('admin');
    const [first] = await list(admin);
    expect((await patch(admin, ONE(first!.id), { project_id: 2 })).body.project_id).toEqual([
      'This field cannot be changed here.',
    ]);
    expect((await patch(admin, ONE(first!.id), {})).body.non_field_errors).toEqual([
      'Nothing to change.',
    ]);
    const qcl = await signIn('qcl', { app: admin.app });
    const refused = await patch(qcl, ONE(first!.id), { title: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_COMMITMENTS');
    expect((await request(admin.app).delete(ONE(first!.id)).set(qcl.headers)).status).toBe(403);
    expect(await history(admin)).toEqual([]);
  });

  it('answers 404 for a commitment of another project', async () => {
    const admin = await signIn('admin');
    const [first] = await list(admin);
    expect((await patch(admin, ONE(first!.id, 2), { title: 'x' })).status).toBe(404);
    expect((await request(admin.app).delete(ONE(999999)).set(admin.headers)).status).toBe(404);
  });

  it('deletes one and records it', async () => {
    const admin = await signIn('admin');
    const [first] = await list(admin);
    expect((await request(admin.app).delete(ONE(first!.id)).set(admin.headers)).status).toBe(204);
    expect((await list(admin)).some((commitment) => commitment.id === first!.id)).toBe(false);
    expect((await history(admin))[0]).toMatchObject({ field: 'Commitment', new_value: '' });
  });
});

describe('the owner answers a suggestion', () => {
  it('lets the owner accept it: it opens, and History says so', async () => {
    const pm = await signIn('pm');
    const suggestion = await suggestionOf(pm, 2);
    const res = await post(pm, `${ONE(suggestion.id)}accept/`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: suggestion.id, state: 'open' });
    expect((await history(pm))[0]).toMatchObject({
      by: { id: 2 },
      field: `${suggestion.title}: state`,
      old_value: 'Suggested',
      new_value: 'Open (accepted by the owner)',
    });
    const again = await post(pm, `${ONE(suggestion.id)}accept/`, {});
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors).toHaveLength(1);
  });

  it('refuses anyone else, even with every flag (403)', async () => {
    const admin = await signIn('admin');
    const suggestion = await suggestionOf(admin, 2);
    const accept = await post(admin, `${ONE(suggestion.id)}accept/`, {});
    expect(accept.status).toBe(403);
    expect(accept.body.detail).toBe('Only the owner of this commitment can accept or decline it.');
    const decline = await post(admin, `${ONE(suggestion.id)}decline/`, { reason: 'No' });
    expect(decline.status).toBe(403);
    expect((await suggestionOf(admin, 2)).state).toBe('suggested');
  });

  it('lets the owner decline it with a reason: it is removed and History keeps why', async () => {
    const admin = await signIn('admin');
    const suggestion = await suggestionOf(admin, 1);
    const blank = await post(admin, `${ONE(suggestion.id)}decline/`, { reason: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.reason).toEqual(['This field may not be blank.']);
    const res = await post(admin, `${ONE(suggestion.id)}decline/`, {
      reason: 'The client runs this control.',
    });
    expect(res.status).toBe(204);
    expect((await list(admin)).some((commitment) => commitment.id === suggestion.id)).toBe(false);
    expect((await history(admin))[0]).toMatchObject({
      field: 'Suggested commitment',
      new_value: 'Declined by the owner: The client runs this control.',
    });
  });

  it('answers 404 for an unknown commitment and 400 for a body that is not an object', async () => {
    const admin = await signIn('admin');
    expect((await post(admin, `${ONE(999999)}accept/`, {})).status).toBe(404);
    const suggestion = await suggestionOf(admin, 1);
    expect((await post(admin, `${ONE(suggestion.id)}accept/`, [1])).status).toBe(400);
  });
});
