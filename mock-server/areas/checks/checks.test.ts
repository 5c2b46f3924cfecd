import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import {
  CHECK_INDEX_MESSAGES,
  POLL_MODELS,
  POLL_STATUSES,
  POLL_TYPES,
  type Driver,
  type Poll,
  type PollListItem,
  type PollModelInfo,
} from '../../../src/api/contract/polls';
import { NEW_CHECK } from '../../../src/testing/pact/requests';
import { signIn } from '../../testing/signIn';
import { as, getPoll, poll, refusesBadBodies } from './testing';

describe('GET /api/polls/', () => {
  it('holds checks of every type, status and model, with the same ids after every reset', async () => {
    const { app, auth } = await signIn('admin');
    const all = (await request(app).get('/api/polls/').query({ page_size: 1000 }).set(auth))
      .body as Paginated<PollListItem>;
    expect(all.count).toBeGreaterThan(200);
    for (const type of POLL_TYPES) expect(all.results.some((row) => row.type === type)).toBe(true);
    for (const model of POLL_MODELS)
      expect(all.results.some((row) => row.model === model)).toBe(true);
    for (const status of POLL_STATUSES)
      expect(all.results.some((row) => row.status === status)).toBe(true);
    const again = await signIn('admin');
    const ids = (
      (await request(again.app).get('/api/polls/').query({ page_size: 1000 }).set(again.auth))
        .body as Paginated<PollListItem>
    ).results.map((row) => row.id);
    expect(ids).toEqual(all.results.map((row) => row.id));
  });

  it('filters by status, type, model, project, account and search, and orders by any column', async () => {
    const { app, auth } = await signIn('admin');
    const list = async (query: Record<string, string | number>) =>
      (
        await request(app)
          .get('/api/polls/')
          .query({ page_size: 1000, ...query })
          .set(auth)
      ).body as Paginated<PollListItem>;
    const audits = await list({ type: 'audit_check', status: 'expert' });
    expect(audits.count).toBeGreaterThan(0);
    expect(
      audits.results.every((row) => row.type === 'audit_check' && row.status === 'expert'),
    ).toBe(true);
    expect((await list({ model: 'qmo_ta' })).results.every((row) => row.model === 'qmo_ta')).toBe(
      true,
    );
    const first = await getPoll(await signIn('admin', { app }), 3);
    const byProject = await list({ project: first.project.id });
    expect(byProject.results.map((row) => row.id)).toContain(3);
    expect(byProject.results.every((row) => row.project.id === first.project.id)).toBe(true);
    const account = first.account.name.slice(0, 6).toUpperCase();
    const byAccount = await list({ account });
    expect(byAccount.results.length).toBeGreaterThan(0);
    expect(byAccount.results.every((row) => row.account.name.toUpperCase().includes(account))).toBe(
      true,
    );
    const byIndex = await list({ search: 'aud_3' });
    expect(byIndex.results.map((row) => row.index)).toContain('AUD_3');
    expect(byIndex.results.every((row) => row.index.startsWith('AUD_3'))).toBe(true);
    const ordered = (await list({ ordering: '-progress' })).results.map((row) => row.progress);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    const byProjectName = (await list({ ordering: 'project' })).results.map((row) =>
      row.project.name.toLowerCase(),
    );
    expect(byProjectName).toEqual([...byProjectName].sort());
  });

  it('pages as DRF does and refuses unknown choices with field errors', async () => {
    const { app, auth } = await signIn('admin');
    const page = (await request(app).get('/api/polls/').query({ page: 2, page_size: 10 }).set(auth))
      .body as Paginated<PollListItem>;
    expect(page.results).toHaveLength(10);
    // DRF links page 1 without `page`.
    expect(page.previous).toMatch(/\/api\/polls\/\?page_size=10$/);
    expect(page.next).toContain('page=3');
    const bad = await request(app)
      .get('/api/polls/')
      .query({ status: 'open', type: 'x', project: 'abc' })
      .set(auth);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['project', 'status', 'type']);
    expect((await request(app).get('/api/polls/').query({ page: 999 }).set(auth)).status).toBe(404);
  });

  it('shows each user the checks they may see; a user without CAN_VIEW_CHECKS gets 403', async () => {
    const { app } = await signIn('admin');
    const pm = await as('pm', app);
    const rows = (
      (await request(app).get('/api/polls/').query({ page_size: 1000 }).set(pm.auth))
        .body as Paginated<PollListItem>
    ).results;
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([1, 2, 5, 6, 7, 8, 9]));
    expect(rows.map((row) => row.id)).not.toContain(3);
    expect((await request(app).get(poll(3)).set(pm.auth)).status).toBe(404);
    const viewer = await as('viewer', app);
    expect((await request(app).get('/api/polls/').set(viewer.auth)).status).toBe(403);
    expect((await request(app).get(poll(1)).set(viewer.auth)).status).toBe(404);
  });
});

describe('a poll as each participant sees it', () => {
  it('gives the spec fields, the user position, counters and per-poll permissions', async () => {
    const { app } = await signIn('admin');
    const expert = await getPoll(await as('expert', app), 2);
    expect(expert.user_pos).toEqual({ pos: 'expert', uid: 3 });
    expect(expert.reply_count).toBe(0);
    expect(expert.question_count).toBeGreaterThan(0);
    expect(expert.user_permissions).toEqual(
      expect.arrayContaining(['CAN_PASS_SURVEY', 'CAN_VIEW_PROJECT_DETAILS']),
    );
    expect(expert.user_permissions).not.toContain('CAN_SUBMIT_SURVEY');
    expect(expert.main_expert?.id).toBe(4);
    const pmRow = expert.poll_stats.participants.find((participant) => participant.role === 'pm');
    expect(pmRow).toMatchObject({ id: 2, submitted: true });
    expect(pmRow!.answered).toBe(pmRow!.questions);
    expect(expert.poll_stats.users_answer_counters['2']).toBe(pmRow!.answered);

    const main = await getPoll(await as('main_expert', app), 2);
    expect(main.user_permissions).toEqual(
      expect.arrayContaining(['CAN_PASS_SURVEY', 'CAN_SUBMIT_SURVEY', 'CAN_EDIT_SUMMARY']),
    );
    const pm = await getPoll(await as('pm', app), 2);
    expect(pm.user_permissions).not.toContain('CAN_PASS_SURVEY');
    expect(pm.user_permissions).toContain('CAN_VIEW_POLL_RESULTS_PAGE');

    const auditor = await getPoll(await as('auditor', app), 3);
    expect(auditor.user_permissions).toEqual(
      expect.arrayContaining(['CAN_SEND_FOR_REVIEW', 'CAN_SEE_SEND_FOR_REVIEW_BUTTON']),
    );
    const supervisor = await getPoll(await as('supervisor', app), 4);
    expect(supervisor.user_permissions).toEqual(
      expect.arrayContaining(['CAN_SEE_APPROVE_AND_RETURN_BUTTONS', 'CAN_EDIT_SUPERVISOR_COMMENT']),
    );
    expect(supervisor.supervisor?.id).toBe(7);
  });
});

describe('the check status machine and the details actions', () => {
  it('start from new only; an illegal start is refused and changes nothing', async () => {
    const main = await signIn('main_expert');
    const started = await request(main.app)
      .post(`${poll(6)}start/`)
      .set(main.headers)
      .send({});
    expect(started.body.status).toBe('started');
    const again = await request(main.app)
      .post(`${poll(6)}start/`)
      .set(main.headers)
      .send({});
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors[0]).toMatch(/status "started" cannot be started/);
    const pm = await as('pm', main.app);
    expect(
      (
        await request(main.app)
          .post(`${poll(7)}start/`)
          .set(pm.headers)
          .send({})
      ).status,
    ).toBe(403);
    expect((await getPoll(pm, 7)).status).toBe('pre_start');
  });

  it('cancel needs a reason; a canceled check cannot be canceled again', async () => {
    const admin = await signIn('admin');
    const noReason = await request(admin.app)
      .post(`${poll(7)}cancel/`)
      .set(admin.headers)
      .send({});
    expect(noReason.body).toEqual({ reason: ['This field is required.'] });
    expect((await getPoll(admin, 7)).status).toBe('pre_start');
    const canceled = await request(admin.app)
      .post(`${poll(7)}cancel/`)
      .set(admin.headers)
      .send({ reason: 'Duplicate check.' });
    expect(canceled.body.status).toBe('canceled');
    expect(
      (
        await request(admin.app)
          .post(`${poll(7)}cancel/`)
          .set(admin.headers)
          .send({ reason: 'x' })
      ).status,
    ).toBe(400);
  });

  it('changes the main expert, assigns experts, sets QC ownership, extends and marks invalid', async () => {
    const admin = await signIn('admin');
    const url = (path: string) => `${poll(6)}${path}/`;
    const changed = await request(admin.app)
      .patch(url('main-expert'))
      .set(admin.headers)
      .send({ user_id: 3 });
    expect((changed.body as Poll).main_expert?.id).toBe(3);
    const roles = (changed.body as Poll).poll_stats.participants.map((p) => [p.id, p.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [4, 'exp'],
        [3, 'main_expert'],
      ]),
    );
    const unknown = await request(admin.app)
      .post(url('experts'))
      .set(admin.headers)
      .send({ user_id: 9999, kind: 'boss' });
    expect(Object.keys(unknown.body as object).sort()).toEqual(['kind', 'user_id']);
    const added = await request(admin.app)
      .post(url('experts'))
      .set(admin.headers)
      .send({ user_id: 101, kind: 'expert' });
    expect((added.body as Poll).poll_stats.participants.some((p) => p.id === 101)).toBe(true);
    const qc = await request(admin.app)
      .post(url('qc-ownership'))
      .set(admin.headers)
      .send({ user_id: 5 });
    expect((qc.body as Poll).qc_owner?.id).toBe(5);
    const due = (await getPoll(admin, 6)).due_date;
    const early = await request(admin.app)
      .post(url('extensions'))
      .set(admin.headers)
      .send({ until: due, reason: 'More time' });
    expect(early.body.until[0]).toMatch(/after the current one/);
    const later = await request(admin.app)
      .post(url('extensions'))
      .set(admin.headers)
      .send({ until: '2027-12-31', reason: 'Client holidays' });
    expect((later.body as Poll).due_date).toBe('2027-12-31');
    expect((later.body as Poll).extensions).toHaveLength(1);
    const invalid = await request(admin.app)
      .post(url('mark-invalid'))
      .set(admin.headers)
      .send({ reason: 'Wrong project' });
    expect((invalid.body as Poll).is_invalid).toBe(true);
  });

  it('creates a check with the spec §5 index rules and DRF field errors', async () => {
    const admin = await signIn('admin');
    const valid = NEW_CHECK;
    const bad = await request(admin.app)
      .post('/api/polls/')
      .set(admin.headers)
      .send({ ...valid, index: 'way-too-long-index', model: 'audit_pm', project_id: 99999 });
    expect(bad.status).toBe(400);
    expect(bad.body.index).toEqual([CHECK_INDEX_MESSAGES.tooLong]);
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'custom_check_config',
      'index',
      'model',
      'project_id',
    ]);
    const empty = await request(admin.app)
      .post('/api/polls/')
      .set(admin.headers)
      .send({ ...valid, index: '' });
    expect(empty.body.index).toEqual([CHECK_INDEX_MESSAGES.required]);
    const symbols = await request(admin.app)
      .post('/api/polls/')
      .set(admin.headers)
      .send({ ...valid, index: 'a b' });
    expect(symbols.body.index).toEqual([CHECK_INDEX_MESSAGES.pattern]);
    const created = await request(admin.app).post('/api/polls/').set(admin.headers).send(valid);
    expect(created.status).toBe(201);
    const body = created.body as Poll;
    expect(body).toMatchObject({ status: 'new', index: 'HC_NEW_1', main_expert: { id: 4 } });
    const drivers = (
      await request(admin.app)
        .get(`${poll(body.id)}drivers/`)
        .set(admin.auth)
    ).body as Driver[];
    expect(drivers.map((driver) => driver.slug)).toEqual(['delivery', 'quality']);
    const pm = await as('pm', admin.app);
    const refused = await request(admin.app)
      .post('/api/polls/')
      .set(pm.headers)
      .send({ ...valid, index: 'X1' });
    expect(refused.body.type[0]).toMatch(/may not create/);
  });

  it('lists the models with drivers and questions, and finds people', async () => {
    const { app, auth } = await signIn('pm');
    const models = (await request(app).get('/api/poll-models/').set(auth)).body as PollModelInfo[];
    expect(models.map((model) => model.code).sort()).toEqual([...POLL_MODELS].sort());
    expect(
      models.every((model) => model.drivers.every((driver) => driver.questions.length > 0)),
    ).toBe(true);
    const people = (await request(app).get('/api/users/').query({ search: 'chen' }).set(auth))
      .body as Paginated<{ name: string }>;
    expect(people.results.map((person) => person.name)).toContain('Mei Chen');
  });
});

describe('bad input on every check route: 400, nothing stored', () => {
  refusesBadBodies([
    ['post', '/api/polls/', 'admin'],
    ['post', `${poll(6)}start/`, 'admin'],
    ['post', `${poll(6)}cancel/`, 'admin'],
    ['post', `${poll(6)}experts/`, 'admin'],
    ['patch', `${poll(6)}main-expert/`, 'admin'],
    ['post', `${poll(6)}qc-ownership/`, 'admin'],
    ['post', `${poll(6)}mark-invalid/`, 'admin'],
    ['post', `${poll(6)}extensions/`, 'admin'],
  ]);
});
