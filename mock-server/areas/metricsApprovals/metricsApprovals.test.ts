import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  METRICS_MESSAGES,
  type MetricSubmission,
} from '../../../src/api/contract/metricsApprovals';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/metric-submissions/';
const ONE = (id: number) => `${LIST}${id}/`;
const EVIDENCE = (id: number) => `${ONE(id)}evidence/`;
const DECISION = (id: number) => `${ONE(id)}decision/`;
const PNG = Buffer.from(fixtureFile('evidence.png'));
/** A month already over, never seeded for utilisation on project 1. */
const PERIOD = '2026-06';

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as MetricSubmission[];
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const stored = ({ app }: SignedIn) => JSON.stringify(app.mock.db.getState().metricSubmissions);

const fresh = { metric: 'utilisation', period: PERIOD, value: 86.5, comment: 'From timesheets.' };

async function draftOf(pm: SignedIn): Promise<MetricSubmission> {
  const res = await request(pm.app).post(LIST).set(pm.headers).send(fresh);
  expect(res.status).toBe(201);
  return res.body as MetricSubmission;
}

describe('GET /api/projects/{id}/metric-submissions/', () => {
  it('lists the seed in every state, newest period first, with downloadable evidence', async () => {
    const auditor = await signIn('auditor');
    const rows = await list(auditor);
    expect(new Set(rows.map((row) => row.state))).toEqual(
      new Set(['submitted', 'approved', 'returned']),
    );
    const periods = rows.map((row) => row.period);
    expect(periods).toEqual([...periods].sort().reverse());
    const resubmitted = rows.find((row) => row.history.length === 4)!;
    expect(resubmitted.history.map((event) => event.kind)).toEqual([
      'submitted',
      'returned',
      'resubmitted',
      'approved',
    ]);
    expect(resubmitted.reviewed_by).toMatchObject({ login: 'ohaddad' });
    const download = await request(auditor.app).get(rows[0]!.evidence!.url);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('answers 403 naming the flag to a persona without it', async () => {
    const expert = await signIn('expert');
    const res = await request(expert.app).get(LIST).set(expert.auth);
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_VIEW_METRICS_APPROVAL');
  });
});

describe('submitting', () => {
  it('a draft waits for its one evidence file, seen by its submitter only; the upload submits it', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const draft = await draftOf(pm);
    expect(draft).toMatchObject({ state: 'draft', evidence: null, submitted_at: null });
    expect((await list(qcl)).some((row) => row.id === draft.id)).toBe(false);
    expect(
      (
        await request(pm.app)
          .post(DECISION(draft.id))
          .set(qcl.headers)
          .send({ decision: 'approve' })
      ).status,
    ).toBe(404);

    const upload = await request(pm.app)
      .post(EVIDENCE(draft.id))
      .set(pm.headers)
      .attach('files', PNG, 'timesheets.png');
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ state: 'submitted', value: 86.5 });
    expect(upload.body.evidence).toMatchObject({ file_name: 'timesheets.png' });
    expect(upload.body.history).toHaveLength(1);
    expect((await list(qcl)).find((row) => row.id === draft.id)?.state).toBe('submitted');
    expect((await history(pm))[0]).toMatchObject({
      section: 'Metrics approvals',
      field: 'Utilisation, June 2026',
      new_value: 'Submitted: 86.5%, evidence timesheets.png',
    });
    // Submitted, it changes no more.
    const again = await request(pm.app).patch(ONE(draft.id)).set(pm.headers).send({ value: 80 });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [METRICS_MESSAGES.notEditable] });
  });

  it('refuses a second file, a text file, a renamed one or none, storing nothing', async () => {
    const pm = await signIn('pm');
    const draft = await draftOf(pm);
    const before = stored(pm);
    const upload = () => request(pm.app).post(EVIDENCE(draft.id)).set(pm.headers);
    for (const call of [
      upload().attach('files', PNG, 'a.png').attach('files', PNG, 'b.png'),
      upload().attach('files', Buffer.from('hello'), 'notes.txt'),
      upload().attach('files', Buffer.from('%PDF-1.4'), 'report.pdf'),
      upload().attach('files', Buffer.from('not a png'), 'shot.png'),
    ]) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    const none = await upload().field('x', 'y');
    expect(none.status).toBe(400);
    expect(stored(pm)).toBe(before);
    // An e-mail as evidence passes its content check.
    const eml = await upload().attach(
      'files',
      Buffer.from('From: client@example.com\r\nSubject: CSAT\r\n\r\nScore 4.5'),
      'client-confirmation.eml',
    );
    expect(eml.status).toBe(201);
  });

  it('answers 400 by field, a duplicate on the period, and 403 naming the flag', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const before = stored(pm);
    const bad = await request(pm.app)
      .post(LIST)
      .set(pm.headers)
      .send({ metric: 'csat', period: '2099-01', value: 7, comment: 'x'.repeat(201) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      period: [METRICS_MESSAGES.futurePeriod],
      value: [METRICS_MESSAGES.valueRange('csat')],
      comment: ['Ensure this field has no more than 200 characters.'],
    });
    const taken = await request(pm.app)
      .post(LIST)
      .set(pm.headers)
      .send({ metric: 'csat', period: '2026-10', value: 4 });
    expect(taken.body).toEqual({ period: [METRICS_MESSAGES.duplicate] });
    const refused = await request(pm.app).post(LIST).set(qcl.headers).send(fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_CREATE_METRICS_APPROVAL');
    expect(stored(pm)).toBe(before);
  });
});

describe('reviewing', () => {
  it('qcl returns with a comment, pm resubmits with a new value and evidence, qcl approves', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const rows = await list(qcl);
    const waiting = rows.find((row) => row.state === 'submitted' && row.history.length === 1)!;

    const before = stored(pm);
    const noComment = await request(pm.app)
      .post(DECISION(waiting.id))
      .set(qcl.headers)
      .send({ decision: 'return', comment: '  ' });
    expect(noComment.body).toEqual({ comment: [METRICS_MESSAGES.returnComment] });
    const byPm = await request(pm.app)
      .post(DECISION(waiting.id))
      .set(pm.headers)
      .send({ decision: 'approve' });
    expect(byPm.status).toBe(403);
    expect(byPm.body.detail).toContain('CAN_EDIT_METRICS_APPROVAL');
    expect(stored(pm)).toBe(before);

    const returned = await request(pm.app)
      .post(DECISION(waiting.id))
      .set(qcl.headers)
      .send({ decision: 'return', comment: 'Count M4 as late.' });
    expect(returned.body).toMatchObject({
      state: 'returned',
      decision_comment: 'Count M4 as late.',
    });

    // Only its submitter changes it.
    const admin = await signIn('admin', { app: pm.app });
    const notMine = await request(pm.app)
      .patch(ONE(waiting.id))
      .set(admin.headers)
      .send({ value: 90 });
    expect(notMine.status).toBe(403);
    expect(notMine.body.detail).toBe(METRICS_MESSAGES.notSubmitter);

    const patched = await request(pm.app)
      .patch(ONE(waiting.id))
      .set(pm.headers)
      .send({ value: 88.9, comment: 'M4 counted as late.' });
    expect(patched.body).toMatchObject({ state: 'returned', value: 88.9 });
    const resubmitted = await request(pm.app)
      .post(EVIDENCE(waiting.id))
      .set(pm.headers)
      .attach('files', PNG, 'milestones-fixed.png');
    expect(resubmitted.body).toMatchObject({ state: 'submitted', value: 88.9 });
    expect(resubmitted.body.evidence.file_name).toBe('milestones-fixed.png');

    const approved = await request(pm.app)
      .post(DECISION(waiting.id))
      .set(qcl.headers)
      .send({ decision: 'approve' });
    expect(approved.status).toBe(200);
    expect((approved.body as MetricSubmission).history.map((event) => event.kind)).toEqual([
      'submitted',
      'returned',
      'resubmitted',
      'approved',
    ]);
    const again = await request(pm.app)
      .post(DECISION(waiting.id))
      .set(qcl.headers)
      .send({ decision: 'return', comment: 'x' });
    expect(again.body).toEqual({ non_field_errors: [METRICS_MESSAGES.notSubmitted] });
    expect((await history(pm)).slice(0, 3).map((entry) => entry.new_value)).toEqual([
      'Approved: 88.9%',
      'Submitted: 88.9%, evidence milestones-fixed.png',
      'Returned: 92.5% (Count M4 as late.)',
    ]);
  });

  it('refuses a reviewer their own submission', async () => {
    const admin = await signIn('admin');
    const res = await request(admin.app)
      .post(LIST)
      .set(admin.headers)
      .send({ ...fresh, metric: 'csat', value: 4.5 });
    await request(admin.app)
      .post(EVIDENCE(res.body.id as number))
      .set(admin.headers)
      .attach('files', PNG, 'survey.png');
    const own = await request(admin.app)
      .post(DECISION(res.body.id as number))
      .set(admin.headers)
      .send({ decision: 'approve' });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe(METRICS_MESSAGES.ownSubmission);
  });
});
