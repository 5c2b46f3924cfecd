import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  OUTCOME_ACTION_ERRORS,
  REPORT_SUMMARY_RULES,
  type Poll,
  type ReportInfo,
} from '../../../src/api/contract/polls';
import type { MockApp } from '../../app';
import { signIn } from '../../testing/signIn';
import { as, getPoll, poll, refusesBadBodies } from '../checks/testing';

describe('the audit report flow', () => {
  it('review, a return refused without a comment, comment, return, review again, approve', async () => {
    const { app } = await signIn('admin');
    const auditor = await as('auditor', app);
    const supervisor = await as('supervisor', app);
    const report = () => `${poll(3)}report/`;

    expect(
      (await request(app).put(report()).set(supervisor.headers).send({ status: 'expert' })).status,
    ).toBe(400); // not in review yet
    await writeSummary(app, auditor.headers);
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

  it('the auditor writes the report summary: sent for review only once both sections are written', async () => {
    const { app } = await signIn('admin');
    const auditor = await as('auditor', app);
    expect((await getPoll(auditor, 3)).user_permissions).toContain('CAN_EDIT_SUMMARY');
    const review = () =>
      request(app)
        .post(`${poll(3)}review/`)
        .set(auditor.headers)
        .send({});

    const bare = await review();
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({
      risk_status: [REPORT_SUMMARY_RULES.send.risk_status],
      summary: [REPORT_SUMMARY_RULES.send.summary],
    });
    const halfWritten = await request(app)
      .patch(`${poll(3)}summary/`)
      .set(auditor.headers)
      .send({ risk_status: 'Two open findings, none blocking.' });
    expect(halfWritten.status).toBe(200);
    expect((halfWritten.body as Poll).experts_summary.risk_status).toBe(
      'Two open findings, none blocking.',
    );
    const half = await review();
    expect(half.status).toBe(400);
    expect(half.body).toEqual({ summary: [REPORT_SUMMARY_RULES.send.summary] });
    expect((await getPoll(auditor, 3)).status).toBe('expert');

    await writeSummary(app, auditor.headers);
    expect((await review()).status).toBe(200);
    // Sent: the summary is the supervisor's to read now, no longer the auditor's to change.
    expect((await getPoll(auditor, 3)).user_permissions).not.toContain('CAN_EDIT_SUMMARY');
  });

  it('a report without its summary is not approved: the supervisor returns it instead', async () => {
    const { app } = await signIn('admin');
    const supervisor = await as('supervisor', app);
    const approve = () =>
      request(app)
        .put(`${poll(4)}report/`)
        .set(supervisor.headers)
        .send({ status: 'review_completed' });
    const refused = await approve();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      risk_status: [REPORT_SUMMARY_RULES.approve.risk_status],
      summary: [REPORT_SUMMARY_RULES.approve.summary],
    });
    expect((await getPoll(supervisor, 4)).status).toBe('supervisor_review');
    const returned = await request(app)
      .put(`${poll(4)}report/`)
      .set(supervisor.headers)
      .send({ status: 'expert' });
    expect(returned.status).toBe(200);
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
    await writeSummary(app, auditor.headers);
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

describe('bad input on every route of the audit report: 400, nothing stored', () => {
  refusesBadBodies([
    ['put', `${poll(4)}report/`, 'supervisor'],
    ['post', `${poll(4)}report/comments/`, 'supervisor'],
    ['patch', `${poll(4)}report/comments/1/`, 'supervisor'],
    ['post', `${poll(3)}outcomes/`, 'auditor'],
  ]);
});

/** The auditor writes both sections of the report's summary, as the Summary step does. */
async function writeSummary(app: MockApp, headers: Record<string, string>) {
  const written = await request(app)
    .patch(`${poll(3)}summary/`)
    .set(headers)
    .send({ risk_status: 'Two open findings, none blocking.', summary: 'Practices are followed.' });
  expect(written.status).toBe(200);
}
