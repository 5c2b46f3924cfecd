import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import {
  CHECK_INDEX_MESSAGES,
  OUTCOME_ACTION_ERRORS,
  POLL_MODELS,
  POLL_STATUSES,
  POLL_TYPES,
  type DriverDetail,
  type Driver,
  type Poll,
  type PollListItem,
  type PollModelInfo,
  type PollResults,
  type ReportInfo,
} from '../../../src/api/contract/polls';
import { NEW_CHECK } from '../../../src/testing/pact/requests';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';

const poll = (id: number) => `/api/polls/${id}/`;
const as = (persona: string, app: MockApp) => signIn(persona, { app });

async function getPoll({ app, auth }: SignedIn, id: number): Promise<Poll> {
  const res = await request(app).get(poll(id)).set(auth);
  expect(res.status).toBe(200);
  return res.body as Poll;
}

/** Answers every unanswered question of the user in the poll. */
async function answerAll(user: SignedIn, id: number, answer = 'yes'): Promise<void> {
  const drivers = (
    await request(user.app)
      .get(`${poll(id)}drivers/`)
      .set(user.auth)
  ).body as Driver[];
  for (const driver of drivers) {
    const detail = (
      await request(user.app)
        .get(`${poll(id)}drivers/${driver.id}/`)
        .set(user.auth)
    ).body as DriverDetail;
    for (const question of detail.questions) {
      if (question.user_reply?.answer) continue;
      const res = await request(user.app)
        .put(`${poll(id)}questions/${question.id}/reply/`)
        .set(user.headers)
        .send({ answer, comment: '' });
      expect(res.status).toBe(200);
    }
  }
}

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

  it('lists drivers with the user’s counts and one driver with its questions and replies', async () => {
    const pm = await signIn('pm');
    const drivers = (
      await request(pm.app)
        .get(`${poll(1)}drivers/`)
        .set(pm.auth)
    ).body as Driver[];
    expect(drivers.length).toBe(6);
    expect(drivers[0]).toMatchObject({ slug: 'delivery', area: { name: 'Delivery' } });
    expect(drivers[0]!.kb_link).toMatch(/^https:/);
    const detail = (
      await request(pm.app)
        .get(`${poll(1)}drivers/${drivers[0]!.id}/`)
        .set(pm.auth)
    ).body as DriverDetail;
    expect(detail.questions).toHaveLength(drivers[0]!.questions_count);
    expect(detail.questions.filter((question) => question.user_reply?.answer).length).toBe(
      drivers[0]!.reply_count,
    );
    expect(detail.questions[0]!.options.map((option) => option.value)).toContain('yes');
    expect(
      (
        await request(pm.app)
          .get(`${poll(1)}drivers/99999/`)
          .set(pm.auth)
      ).status,
    ).toBe(404);
  });

  it('the long technical assessment asks 30 drivers of 20 questions', async () => {
    const admin = await signIn('admin');
    const drivers = (
      await request(admin.app)
        .get(`${poll(5)}drivers/`)
        .set(admin.auth)
    ).body as Driver[];
    expect(drivers).toHaveLength(30);
    expect(drivers.every((driver) => driver.questions_count === 20)).toBe(true);
  });
});

describe('replies', () => {
  it('saves an answer and a comment; an answer counts, a comment alone does not', async () => {
    const pm = await signIn('pm');
    const before = await getPoll(pm, 1);
    const drivers = (
      await request(pm.app)
        .get(`${poll(1)}drivers/`)
        .set(pm.auth)
    ).body as Driver[];
    const driver = drivers.find((candidate) => candidate.reply_count < candidate.questions_count)!;
    const detail = (
      await request(pm.app)
        .get(`${poll(1)}drivers/${driver.id}/`)
        .set(pm.auth)
    ).body as DriverDetail;
    const open = detail.questions.filter((question) => !question.user_reply)!;
    const url = (id: number) => `${poll(1)}questions/${id}/reply/`;
    const commented = await request(pm.app)
      .put(url(open[0]!.id))
      .set(pm.headers)
      .send({ answer: null, comment: 'Evidence in the wiki' });
    expect(commented.status).toBe(200);
    expect(commented.body).toMatchObject({ answer: null, comment: 'Evidence in the wiki' });
    expect((await getPoll(pm, 1)).reply_count).toBe(before.reply_count);
    const answered = await request(pm.app)
      .put(url(open[0]!.id))
      .set(pm.headers)
      .send({ answer: 'partially', comment: 'Evidence in the wiki' });
    expect(answered.body.replyId).toBe(commented.body.replyId);
    expect((await getPoll(pm, 1)).reply_count).toBe(before.reply_count + 1);
  });

  it('refuses a bad answer with field errors and changes nothing', async () => {
    const pm = await signIn('pm');
    const detail = (
      await request(pm.app)
        .get(`${poll(1)}drivers/1/`)
        .set(pm.auth)
    ).body as DriverDetail;
    const question = detail.questions[0]!;
    const url = `${poll(1)}questions/${question.id}/reply/`;
    const bad = await request(pm.app)
      .put(url)
      .set(pm.headers)
      .send({ answer: 'maybe', comment: [42] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['answer', 'comment']);
    const missing = await request(pm.app).put(url).set(pm.headers).send({ comment: '' });
    expect(missing.body).toEqual({ answer: ['This field is required.'] });
    const after = (
      await request(pm.app)
        .get(`${poll(1)}drivers/1/`)
        .set(pm.auth)
    ).body as DriverDetail;
    expect(after.questions[0]!.user_reply).toEqual(question.user_reply);
  });

  it('answers 404 for a question the user is not asked and 403 once the user has submitted', async () => {
    const { app } = await signIn('admin');
    const qcl = await as('qcl', app);
    const pmOnly = (
      await request(app)
        .get(`${poll(2)}drivers/6/`)
        .set((await as('pm', app)).auth)
    ).body as DriverDetail;
    const url = `${poll(2)}questions/${pmOnly.questions[0]!.id}/reply/`;
    // QC lead does not answer the client questions: not found.
    expect((await request(app).put(url).set(qcl.headers).send({ answer: 'yes' })).status).toBe(404);
    // The pm has submitted their part of check 2.
    const pm = await as('pm', app);
    expect((await request(app).put(url).set(pm.headers).send({ answer: 'yes' })).status).toBe(403);
  });
});

describe('summary and submit', () => {
  it('patches a summary section by key and refuses unknown keys', async () => {
    const main = await signIn('main_expert');
    const res = await request(main.app)
      .patch(`${poll(2)}summary/`)
      .set(main.headers)
      .send({ risk_status: 'Two open staffing risks.' });
    expect(res.status).toBe(200);
    expect((res.body as Poll).experts_summary.risk_status).toBe('Two open staffing risks.');
    const bad = await request(main.app)
      .patch(`${poll(2)}summary/`)
      .set(main.headers)
      .send({ verdict: 'ok' });
    expect(bad.status).toBe(400);
    expect(bad.body.verdict[0]).toMatch(/Unknown summary section/);
    const expert = await as('expert', main.app);
    expect(
      (
        await request(main.app)
          .patch(`${poll(2)}summary/`)
          .set(expert.headers)
          .send({ summary: 'x' })
      ).status,
    ).toBe(403);
  });

  it('a self check: submit refused until every question is answered, then finished', async () => {
    const pm = await signIn('pm');
    const early = await request(pm.app)
      .post(`${poll(1)}submit/`)
      .set(pm.headers)
      .send({});
    expect(early.status).toBe(400);
    expect(early.body.non_field_errors[0]).toMatch(
      /Answer every question before submitting: \d+ of 18/,
    );
    expect((await getPoll(pm, 1)).status).toBe('started');
    await answerAll(pm, 1);
    const done = await request(pm.app)
      .post(`${poll(1)}submit/`)
      .set(pm.headers)
      .send({});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'finished' });
    expect((done.body as Poll).user_permissions).toContain('CAN_VIEW_POLL_RESULTS_PAGE');
    const results = (
      await request(pm.app)
        .get(`${poll(1)}results/`)
        .set(pm.auth)
    ).body as PollResults;
    expect(results.drivers[0]!.questions[0]!.answers[0]).toMatchObject({ role: 'pm' });
    expect(
      (
        await request(pm.app)
          .post(`${poll(1)}submit/`)
          .set(pm.headers)
          .send({})
      ).status,
    ).toBe(403);
  });

  it('a health check: the main expert needs a filled summary; the submit finishes the check', async () => {
    const { app } = await signIn('admin');
    const main = await as('main_expert', app);
    await answerAll(main, 2);
    const noSummary = await request(app)
      .post(`${poll(2)}submit/`)
      .set(main.headers)
      .send({});
    expect(noSummary.status).toBe(400);
    expect(noSummary.body.experts_summary).toBeDefined();
    await request(app)
      .patch(`${poll(2)}summary/`)
      .set(main.headers)
      .send({ risk_status: 'Low.', summary: 'Fine.' });
    const progress = await getPoll(main, 2);
    expect(progress.experts_summary).toEqual({ risk_status: 'Low.', summary: 'Fine.' });
    const done = await request(app)
      .post(`${poll(2)}submit/`)
      .set(main.headers)
      .send({});
    expect(done.body).toMatchObject({ status: 'finished' });
  });
});

describe('the audit report flow', () => {
  it('review, a return refused without a comment, comment, return, review again, approve', async () => {
    const { app } = await signIn('admin');
    const auditor = await as('auditor', app);
    const supervisor = await as('supervisor', app);
    const report = () => `${poll(3)}report/`;

    expect(
      (await request(app).put(report()).set(supervisor.headers).send({ status: 'expert' })).status,
    ).toBe(400); // not in review yet
    const sent = await request(app)
      .post(`${poll(3)}review/`)
      .set(auditor.headers)
      .send({});
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('supervisor_review');
    expect(
      (
        await request(app)
          .post(`${poll(3)}review/`)
          .set(auditor.headers)
          .send({})
      ).status,
    ).toBe(400);

    const info = (await request(app).get(report()).set(supervisor.auth)).body as ReportInfo;
    expect(info.is_supervisor_comments_filled).toBe(false);
    const refused = await request(app)
      .put(report())
      .set(supervisor.headers)
      .send({ status: 'expert' });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors[0]).toMatch(/supervisor comment/);
    expect((await getPoll(supervisor, 3)).status).toBe('supervisor_review');

    expect(
      (await request(app).put(report()).set(auditor.headers).send({ status: 'review_completed' }))
        .status,
    ).toBe(403);
    const comment = await request(app)
      .post(`${report()}comments/`)
      .set(supervisor.headers)
      .send({ driver_id: null, text: 'Explain the open findings.' });
    expect(comment.status).toBe(201);
    expect(
      ((await request(app).get(report()).set(auditor.auth)).body as ReportInfo)
        .is_supervisor_comments_filled,
    ).toBe(true);
    const returned = await request(app)
      .put(report())
      .set(supervisor.headers)
      .send({ status: 'expert' });
    expect(returned.status).toBe(200);
    expect((await getPoll(auditor, 3)).user_permissions).toContain('CAN_PASS_SURVEY');

    await request(app)
      .post(`${poll(3)}review/`)
      .set(auditor.headers)
      .send({});
    const approved = await request(app)
      .put(report())
      .set(supervisor.headers)
      .send({ status: 'review_completed' });
    expect(approved.body.status).toBe('review_completed');
    expect((await getPoll(auditor, 3)).finished_at).not.toBeNull();
  });

  it('supervisor comments: text required, only the author edits, removal', async () => {
    const { app } = await signIn('admin');
    const supervisor = await as('supervisor', app);
    const url = `${poll(4)}report/comments/`;
    const blank = await request(app).post(url).set(supervisor.headers).send({ text: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.text).toBeDefined();
    const existing = (
      (
        await request(app)
          .get(`${poll(4)}report/`)
          .set(supervisor.auth)
      ).body as ReportInfo
    ).supervisor_comments[0]!;
    const edited = await request(app)
      .patch(`${url}${existing.id}/`)
      .set(supervisor.headers)
      .send({ text: 'Updated.' });
    expect(edited.body.text).toBe('Updated.');
    const auditor = await as('auditor', app);
    expect(
      (await request(app).patch(`${url}${existing.id}/`).set(auditor.headers).send({ text: 'No' }))
        .status,
    ).toBe(403);
    expect(
      (await request(app).delete(`${url}${existing.id}/`).set(supervisor.headers)).status,
    ).toBe(204);
  });

  it('outcomes: listed for audits, added by the auditor while answering', async () => {
    const { app } = await signIn('admin');
    const auditor = await as('auditor', app);
    const before = (
      await request(app)
        .get(`${poll(3)}outcomes/`)
        .set(auditor.auth)
    ).body as unknown[];
    const added = await request(app)
      .post(`${poll(3)}outcomes/`)
      .set(auditor.headers)
      .send({ title: 'No change log', severity: 'major', description: '' });
    expect(added.status).toBe(201);
    const after = (
      await request(app)
        .get(`${poll(3)}outcomes/`)
        .set(auditor.auth)
    ).body as unknown[];
    expect(after).toHaveLength(before.length + 1);
    const bad = await request(app)
      .post(`${poll(3)}outcomes/`)
      .set(auditor.headers)
      .send({ title: '', severity: 'huge' });
    expect(Object.keys(bad.body as object).sort()).toEqual(['severity', 'title']);
    expect(
      (
        await request(app)
          .get(`${poll(1)}outcomes/`)
          .set((await signIn('admin', { app })).auth)
      ).status,
    ).toBe(404);
  });
});

describe('corrective actions of audit findings', () => {
  const outcomesUrl = `${poll(3)}outcomes/`;
  const finding = { title: 'No change log', severity: 'major', description: '' };

  it('needs an owner and a due date together, a known owner and a real date; stores nothing refused', async () => {
    const { app } = await signIn('admin');
    const auditor = await as('auditor', app);
    const send = (body: object) => request(app).post(outcomesUrl).set(auditor.headers).send(body);
    const count = async () =>
      ((await request(app).get(outcomesUrl).set(auditor.auth)).body as unknown[]).length;
    const before = await count();
    expect((await send({ ...finding, owner_id: 2 })).body).toEqual({
      due_date: [OUTCOME_ACTION_ERRORS.due_date],
    });
    expect((await send({ ...finding, owner_id: null, due_date: '2026-12-15' })).body).toEqual({
      owner_id: [OUTCOME_ACTION_ERRORS.owner_id],
    });
    expect((await send({ ...finding, owner_id: 99999, due_date: '2026-02-30' })).body).toEqual({
      owner_id: ['Invalid pk "99999" - object does not exist.'],
      due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    expect(await count()).toBe(before);

    const added = await send({ ...finding, owner_id: 2, due_date: '2026-12-15' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      owner: { id: 2, login: 'pnair' },
      due_date: '2026-12-15',
      done_at: null,
    });
    const plain = await send({ ...finding, owner_id: null, due_date: null });
    expect(plain.body).toMatchObject({ owner: null, due_date: null, done_at: null });
    expect(await count()).toBe(before + 2);
  });

  it("becomes an action item of the project once the audit's report is approved", async () => {
    const { app } = await signIn('admin');
    const admin = await as('admin', app);
    const auditor = await as('auditor', app);
    const supervisor = await as('supervisor', app);
    const added = await request(app)
      .post(outcomesUrl)
      .set(auditor.headers)
      .send({ ...finding, owner_id: 2, due_date: '2026-12-15' });
    const checkItems = async () =>
      (
        (await request(app).get('/api/projects/3/action-items/').set(admin.auth)).body as {
          id: number;
          source: { type: string };
        }[]
      ).filter((item) => item.source.type === 'check');
    expect(await checkItems()).toEqual([]);
    await request(app)
      .post(`${poll(3)}review/`)
      .set(auditor.headers)
      .send({});
    const approved = await request(app)
      .put(`${poll(3)}report/`)
      .set(supervisor.headers)
      .send({ status: 'review_completed' });
    expect(approved.body.status).toBe('review_completed');
    expect((await checkItems()).map((item) => item.id)).toEqual([added.body.id]);
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

  it('indicator feedback: listed by type, validated, created', async () => {
    const pm = await signIn('pm');
    const url = '/api/feedback/polls/8/';
    expect((await request(pm.app).get(url).set(pm.auth)).status).toBe(400);
    const created = await request(pm.app)
      .post(url)
      .set(pm.headers)
      .send({ indicator: 'positive', comment: 'Useful.', type: 'survey' });
    expect(created.status).toBe(201);
    const list = (await request(pm.app).get(url).query({ type: 'survey' }).set(pm.auth)).body as {
      id: number;
    }[];
    expect(list[0]!.id).toBe(created.body.id);
    const bad = await request(pm.app).post(url).set(pm.headers).send({ indicator: 'great' });
    expect(Object.keys(bad.body as object).sort()).toEqual(['indicator', 'type']);
  });
});

describe('bad input on every poll route: 400, nothing stored', () => {
  const routes: [method: 'post' | 'put' | 'patch', path: string, persona: string][] = [
    ['post', '/api/polls/', 'admin'],
    ['post', `${poll(6)}start/`, 'admin'],
    ['post', `${poll(6)}cancel/`, 'admin'],
    ['post', `${poll(6)}experts/`, 'admin'],
    ['patch', `${poll(6)}main-expert/`, 'admin'],
    ['post', `${poll(6)}qc-ownership/`, 'admin'],
    ['post', `${poll(6)}mark-invalid/`, 'admin'],
    ['post', `${poll(6)}extensions/`, 'admin'],
    ['put', `${poll(1)}questions/1/reply/`, 'pm'],
    ['patch', `${poll(2)}summary/`, 'main_expert'],
    ['post', '/api/feedback/polls/8/', 'pm'],
    ['put', `${poll(4)}report/`, 'supervisor'],
    ['post', `${poll(4)}report/comments/`, 'supervisor'],
    ['patch', `${poll(4)}report/comments/1/`, 'supervisor'],
    ['post', `${poll(3)}outcomes/`, 'auditor'],
  ];

  it.each(routes)(
    '%s %s refuses malformed JSON and a body that is not an object',
    async (method, path, persona) => {
      const user = await signIn(persona);
      const before = JSON.stringify(user.app.mock.db.getState());
      const agent = request(user.app);
      const call = () => agent[method](path).set(user.headers);
      const malformed = await call().set('Content-Type', 'application/json').send('{"reason": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toMatch(/JSON parse error/);
      const list = await call().send([1, 2]);
      expect(list.status).toBe(400);
      expect(list.body.non_field_errors[0]).toMatch(/Expected a dictionary/);
      expect(JSON.stringify(user.app.mock.db.getState())).toBe(before);
    },
  );
});
