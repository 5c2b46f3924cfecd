import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { DriverDetail, Driver, Poll, PollResults } from '../../../src/api/contract/polls';
import { signIn, type SignedIn } from '../../testing/signIn';
import { as, getPoll, poll, refusesBadBodies } from '../checks/testing';

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

describe('a poll as each participant sees it', () => {
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

  it('saves the fields sent and keeps the one left out, as another tab saved it', async () => {
    const pm = await signIn('pm');
    const detail = (
      await request(pm.app)
        .get(`${poll(1)}drivers/4/`)
        .set(pm.auth)
    ).body as DriverDetail;
    const open = detail.questions.filter((question) => !question.user_reply);
    const url = (id: number) => `${poll(1)}questions/${id}/reply/`;
    const before = await getPoll(pm, 1);
    // A new reply with a comment alone has no answer and counts nothing.
    const commented = await request(pm.app)
      .put(url(open[0]!.id))
      .set(pm.headers)
      .send({ comment: 'Nightly' });
    expect(commented.body).toMatchObject({ answer: null, comment: 'Nightly' });
    expect((await getPoll(pm, 1)).reply_count).toBe(before.reply_count);
    // The answer alone keeps the comment; the comment alone keeps the answer.
    const answered = await request(pm.app)
      .put(url(open[0]!.id))
      .set(pm.headers)
      .send({ answer: 'yes' });
    expect(answered.body).toEqual({
      replyId: commented.body.replyId,
      answer: 'yes',
      comment: 'Nightly',
    });
    const recommented = await request(pm.app)
      .put(url(open[0]!.id))
      .set(pm.headers)
      .send({ comment: 'Nightly, and on each merge' });
    expect(recommented.body).toMatchObject({
      answer: 'yes',
      comment: 'Nightly, and on each merge',
    });
    expect((await getPoll(pm, 1)).reply_count).toBe(before.reply_count + 1);
    const after = (
      await request(pm.app)
        .get(`${poll(1)}drivers/4/`)
        .set(pm.auth)
    ).body as DriverDetail;
    expect(
      after.questions.find((question) => question.id === open[0]!.id)!.user_reply,
    ).toMatchObject({
      answer: 'yes',
      comment: 'Nightly, and on each merge',
    });
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
    const empty = await request(pm.app).put(url).set(pm.headers).send({});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ non_field_errors: ['Nothing to change.'] });
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

describe('indicator feedback', () => {
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

describe('bad input on every survey route: 400, nothing stored', () => {
  refusesBadBodies([
    ['put', `${poll(1)}questions/1/reply/`, 'pm'],
    ['patch', `${poll(2)}summary/`, 'main_expert'],
    ['post', '/api/feedback/polls/8/', 'pm'],
  ]);
});
