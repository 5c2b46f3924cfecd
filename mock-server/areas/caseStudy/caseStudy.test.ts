import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CASE_STUDY_MESSAGES, type CaseStudy } from '../../../src/api/contract/caseStudy';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { signIn, type SignedIn } from '../../testing/signIn';

const ONE = (project: number) => `/api/projects/${project}/case-study/`;
const MOVE = (project: number) => `${ONE(project)}state/`;

const read = ({ app, auth }: SignedIn, project: number) => request(app).get(ONE(project)).set(auth);
const history = async ({ app, auth }: SignedIn, project: number) =>
  (await request(app).get(`/api/projects/${project}/history/`).set(auth))
    .body as ProjectHistoryEntry[];
const send = (session: SignedIn, method: 'post' | 'patch', path: string, body: unknown) => {
  const call =
    method === 'post' ? request(session.app).post(path) : request(session.app).patch(path);
  return call.set(session.headers).send(body as object);
};

const story = {
  title: 'A release train for a retailer',
  challenge: 'Releases took a weekend.',
  approach: 'One pipeline, weekly releases.',
  results: 'Lead time from 19 days to 2.',
};

describe('GET /api/projects/{id}/case-study/', () => {
  it('answers the seeded case studies in each state, 204 where a project has none', async () => {
    const pm = await signIn('pm');
    const states = await Promise.all(
      [1, 2, 3].map(async (id) => ((await read(pm, id)).body as CaseStudy).state),
    );
    expect(states).toEqual(['published', 'in_review', 'draft']);
    const published = (await read(pm, 1)).body as CaseStudy;
    expect(published).toMatchObject({ publish_permission: 'yes', created_by: { id: 2 } });
    expect(published.published_at).not.toBeNull();
    const none = await read(pm, 4);
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
  });

  it('needs CAN_VIEW_CASE_STUDY, named, after the card flag; qcl and auditor view', async () => {
    const admin = await signIn('admin');
    for (const persona of ['qcl', 'auditor']) {
      const session = await signIn(persona, { app: admin.app });
      expect((await read(session, 1)).status).toBe(200);
    }
    const expert = await signIn('expert', { app: admin.app });
    const refused = await read(expert, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_CASE_STUDY');
    const viewer = await signIn('viewer', { app: admin.app });
    expect((await read(viewer, 1)).body.detail).toContain('CAN_VIEW_PROJECT_CARD');
    expect((await read(admin, 99999)).status).toBe(404);
  });
});

describe('writing a case study', () => {
  it('starts one in draft with a title only, one History line per field and the state', async () => {
    const pm = await signIn('pm');
    const res = await send(pm, 'post', ONE(4), { title: '  A new story  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'A new story',
      challenge: '',
      state: 'draft',
      publish_permission: 'pending',
      permission_given_on: null,
      created_by: { id: 2 },
    });
    const lines = (await history(pm, 4)).filter((entry) => entry.section === 'Case study');
    expect(lines.map((line) => [line.field, line.old_value, line.new_value])).toEqual(
      expect.arrayContaining([
        ['Title', '', 'A new story'],
        ['State', '', 'Draft'],
      ]),
    );
    expect(lines).toHaveLength(2);
    const again = await send(pm, 'post', ONE(4), { title: 'Another' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [CASE_STUDY_MESSAGES.exists] });
  });

  it('refuses writes without CAN_EDIT_CASE_STUDY, naming it, and stores nothing', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const before = (await read(pm, 3)).body as CaseStudy;
    for (const [method, path, body] of [
      ['post', ONE(4), { title: 'x' }],
      ['patch', ONE(3), { title: 'x' }],
      ['post', MOVE(3), { state: 'in_review' }],
    ] as const) {
      const res = await send(qcl, method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('CAN_EDIT_CASE_STUDY');
    }
    expect((await read(pm, 3)).body).toEqual(before);
    expect((await read(pm, 4)).status).toBe(204);
  });

  it('answers every field error at once and stores nothing', async () => {
    const pm = await signIn('pm');
    const res = await send(pm, 'post', ONE(4), {
      title: ' ',
      challenge: 'x'.repeat(4001),
      client_quote: 'Great work.',
      publish_permission: 'maybe',
      permission_given_on: '14/10/2026',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      title: ['This field may not be blank.'],
      challenge: ['Ensure this field has no more than 4000 characters.'],
      publish_permission: ['"maybe" is not a valid choice.'],
      permission_given_on: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      client_quote_by: [CASE_STUDY_MESSAGES.quoteByNeeded],
    });
    const answer = await send(pm, 'post', ONE(4), {
      title: 'x',
      publish_permission: 'yes',
      permission_given_on: '2999-01-01',
    });
    expect(answer.body).toEqual({
      permission_given_by: [CASE_STUDY_MESSAGES.answeredByNeeded],
      permission_given_on: [CASE_STUDY_MESSAGES.answeredOnFuture],
    });
    expect((await read(pm, 4)).status).toBe(204);
  });

  it('records one History line per field changed; clears the answer while pending', async () => {
    const pm = await signIn('pm');
    const before = (await history(pm, 3)).length;
    const res = await send(pm, 'patch', ONE(3), {
      title: 'Consolidating four data warehouses into one',
      results: 'One warehouse, half the cost.',
      publish_permission: 'pending',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      results: 'One warehouse, half the cost.',
      publish_permission: 'pending',
      permission_given_by: '',
      permission_given_on: null,
    });
    const lines = (await history(pm, 3)).slice(0, (await history(pm, 3)).length - before);
    expect(lines.map((line) => line.field).sort()).toEqual([
      'Permission answered by',
      'Permission answered on',
      'Permission to publish',
      'Results',
    ]);
    expect(lines.find((line) => line.field === 'Permission to publish')).toMatchObject({
      old_value: 'No',
      new_value: 'Pending',
      section: 'Case study',
    });
    expect(lines.find((line) => line.field === 'Permission answered on')?.old_value).toBe(
      '10/05/2026',
    );
  });

  it('keeps a published case study as it is until it is back in draft', async () => {
    const pm = await signIn('pm');
    const res = await send(pm, 'patch', ONE(1), { title: 'New title' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [CASE_STUDY_MESSAGES.publishedLocked] });
    expect(((await read(pm, 1)).body as CaseStudy).title).not.toBe('New title');
  });
});

describe('POST /api/projects/{id}/case-study/state/', () => {
  it('moves draft → review → published → draft, each move in History', async () => {
    const pm = await signIn('pm');
    await send(pm, 'post', ONE(4), { ...story, publish_permission: 'pending' });
    const review = await send(pm, 'post', MOVE(4), { state: 'in_review' });
    expect(review.status).toBe(200);
    expect(review.body.state).toBe('in_review');

    const refused = await send(pm, 'post', MOVE(4), { state: 'published' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [CASE_STUDY_MESSAGES.permissionNeeded] });
    expect(((await read(pm, 4)).body as CaseStudy).state).toBe('in_review');

    await send(pm, 'patch', ONE(4), {
      publish_permission: 'yes',
      permission_given_by: 'Dana Whitfield, CTO',
      permission_given_on: '2026-10-14',
    });
    const published = await send(pm, 'post', MOVE(4), { state: 'published' });
    expect(published.body).toMatchObject({ state: 'published' });
    expect(published.body.published_at).not.toBeNull();
    const back = await send(pm, 'post', MOVE(4), { state: 'draft' });
    expect(back.body.state).toBe('draft');

    const moves = (await history(pm, 4))
      .filter((entry) => entry.field === 'State')
      .map((entry) => `${entry.old_value}→${entry.new_value}`);
    expect(moves).toEqual(['Published→Draft', 'In review→Published', 'Draft→In review', '→Draft']);
  });

  it('refuses a move the machine does not allow, and review without its texts', async () => {
    const pm = await signIn('pm');
    const skip = await send(pm, 'post', MOVE(3), { state: 'published' });
    expect(skip.status).toBe(400);
    expect(skip.body).toEqual({ state: ['A case study in draft cannot move to published.'] });
    const same = await send(pm, 'post', MOVE(1), { state: 'published' });
    expect(same.body).toEqual({ state: ['A published case study cannot move to published.'] });
    const bad = await send(pm, 'post', MOVE(3), { state: 'archived' });
    expect(bad.body).toEqual({ state: ['"archived" is not a valid choice.'] });
    const empty = await send(pm, 'post', MOVE(5), { state: 'in_review' });
    expect(empty.body).toEqual({
      approach: [CASE_STUDY_MESSAGES.neededForReview],
      results: [CASE_STUDY_MESSAGES.neededForReview],
    });
    expect(((await read(pm, 5)).body as CaseStudy).state).toBe('draft');
    expect((await send(pm, 'post', MOVE(4), { state: 'in_review' })).status).toBe(404);
  });

  it('keeps the texts review needs while in review', async () => {
    const pm = await signIn('pm');
    const res = await send(pm, 'patch', ONE(2), { approach: ' ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ approach: [CASE_STUDY_MESSAGES.neededForReview] });
  });
});
