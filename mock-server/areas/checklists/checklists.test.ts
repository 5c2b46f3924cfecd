import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_RULES,
  type Checklist,
  type ChecklistDetail,
} from '../../../src/api/contract/checklists';
import type { CurrentUser } from '../../../src/api/contract/auth';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/checklists/';
const ONE = (id: number) => `${LIST}${id}/`;
const ITEM = (id: number, itemId: number) => `${ONE(id)}items/${itemId}/`;
const FILES = (id: number, itemId: number) => `${ITEM(id, itemId)}attachments/`;

/** The seed: pm has 1–7 (1 available, 2 in progress, 5 submitted, 6 declined, 7 canceled), qcl 8–12, admin 13–17 and its volume. */
const PM_AVAILABLE = 1;
const PM_IN_PROGRESS = 2;
const PM_SUBMITTED = 5;
const PM_CANCELED = 7;
const QCL_AVAILABLE = 8;
const ADMIN_AVAILABLE = 13;
const ADMIN_IN_PROGRESS = 14;

const PDF = Buffer.from(fixtureFile('evidence.pdf'));

const get = ({ app, auth }: SignedIn, url: string) => request(app).get(url).set(auth);
const detail = async (session: SignedIn, id: number) =>
  (await get(session, ONE(id))).body as ChecklistDetail;
const counter = async (session: SignedIn) =>
  ((await get(session, '/api/auth/self/')).body as CurrentUser).available_checklists_counter;
const patch = (session: SignedIn, id: number, itemId: number, body: unknown) =>
  request(session.app)
    .patch(ITEM(id, itemId))
    .set(session.headers)
    .send(body as object);
const post = (session: SignedIn, url: string, body: unknown = {}) =>
  request(session.app)
    .post(url)
    .set(session.headers)
    .send(body as object);
/** The stored checklists as JSON: a refused call must leave them byte for byte. */
const stored = (session: SignedIn) => JSON.stringify(session.app.mock.db.getState().checklists);
const forbidden = (flag: string) => ({
  detail: `You do not have permission to perform this action (${flag}).`,
});

/** Answers every item of a checklist yes. */
async function answerAll(session: SignedIn, id: number) {
  for (const item of (await detail(session, id)).items)
    expect((await patch(session, id, item.id, { answer: 'yes' })).status).toBe(200);
}

describe('GET /api/checklists/', () => {
  it("lists the caller's checklists by due date, in every state", async () => {
    const pm = await signIn('pm');
    const res = await get(pm, LIST);
    expect(res.status).toBe(200);
    const rows = res.body as Checklist[];
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(rows.map((row) => row.state))).toEqual(
      new Set(['available', 'in_progress', 'submitted', 'declined', 'canceled']),
    );
    const dues = rows.map((row) => row.due_date);
    expect(dues).toEqual([...dues].sort());
    const first = rows.find((row) => row.id === PM_AVAILABLE)!;
    expect(first).toMatchObject({
      project: { id: 1 },
      template_name: 'Release readiness',
      state: 'available',
      assignee: { id: 2, name: 'Priya Nair' },
      items_count: 5,
      answered_count: 0,
      decline_reason: '',
    });
    expect(first.project.code).toMatch(/\S/);
    expect(rows.find((row) => row.state === 'declined')!.decline_reason).toMatch(/\S/);
  });

  it('filters by state, project and a search on the template, project name or code', async () => {
    const pm = await signIn('pm');
    const ids = async (query: string) =>
      ((await get(pm, `${LIST}?${query}`)).body as Checklist[]).map((row) => row.id);
    expect(await ids('state=in_progress')).toEqual([2, 4]);
    expect((await ids('project=1')).sort()).toEqual([1, 5]);
    expect((await ids('search=SECURITY')).sort()).toEqual([3]);
    const res = await get(pm, `${LIST}?state=done`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      state: ['Select a valid choice. done is not one of the available choices.'],
    });
  });

  it('needs CAN_VIEW_CHECKLISTS, and names it', async () => {
    const expert = await signIn('expert');
    const res = await get(expert, LIST);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden('CAN_VIEW_CHECKLISTS'));
  });
});

describe('GET /api/checklists/{id}/', () => {
  it('answers the checklist with its items; another person’s or an unknown one is a 404', async () => {
    const pm = await signIn('pm');
    const checklist = await detail(pm, PM_IN_PROGRESS);
    expect(checklist.items).toHaveLength(4);
    expect(checklist.answered_count).toBe(2);
    expect(checklist.items[0]!.attachments[0]).toMatchObject({
      name: 'evidence.pdf',
      content_type: 'application/pdf',
    });
    const download = await request(pm.app).get(checklist.items[0]!.attachments[0]!.url);
    expect(download.status).toBe(200);
    expect(download.body).toEqual(Buffer.from(fixtureFile('evidence.pdf')));
    expect((await get(pm, ONE(QCL_AVAILABLE))).status).toBe(404);
    expect((await get(pm, ONE(99_999))).body).toEqual({ detail: 'Not found.' });
  });
});

describe('PATCH /api/checklists/{id}/items/{itemId}/', () => {
  it('saves an answer and a comment; the first save takes an available checklist into progress', async () => {
    const pm = await signIn('pm');
    const item = (await detail(pm, PM_AVAILABLE)).items[0]!;
    const res = await patch(pm, PM_AVAILABLE, item.id, { answer: 'no', comment: 'Not yet.' });
    expect(res.status).toBe(200);
    const saved = res.body as ChecklistDetail;
    expect(saved.state).toBe('in_progress');
    expect(saved.answered_count).toBe(1);
    expect(saved.items[0]).toMatchObject({ answer: 'no', comment: 'Not yet.' });
    expect(saved.updated_by.id).toBe(2);
    // Still waiting on pm: the counter counts in-progress checklists too.
    expect(await counter(pm)).toBe(4);
    const cleared = await patch(pm, PM_AVAILABLE, item.id, { answer: null });
    expect((cleared.body as ChecklistDetail).items[0]).toMatchObject({
      answer: null,
      comment: 'Not yet.',
    });
  });

  it('refuses a wrong answer, a long comment, another checklist’s item and the edit flag’s absence, storing nothing', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const before = stored(pm);
    const item = (await detail(pm, PM_AVAILABLE)).items[0]!;
    const wrong = await patch(pm, PM_AVAILABLE, item.id, {
      answer: 'maybe',
      comment: 'x'.repeat(2001),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      answer: ['"maybe" is not a valid choice.'],
      comment: ['Ensure this field has no more than 2000 characters.'],
    });
    const otherItem = (await detail(pm, PM_IN_PROGRESS)).items[0]!;
    expect((await patch(pm, PM_AVAILABLE, otherItem.id, { answer: 'yes' })).status).toBe(404);
    const refused = await patch(qcl, QCL_AVAILABLE, 1, { answer: 'yes' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(forbidden('CAN_EDIT_CHECKLIST'));
    expect(stored(pm)).toBe(before);
  });

  it('refuses any change to a submitted or canceled checklist', async () => {
    const pm = await signIn('pm');
    const before = stored(pm);
    for (const [id, state] of [
      [PM_SUBMITTED, 'submitted'],
      [PM_CANCELED, 'canceled'],
    ] as const) {
      const item = (await detail(pm, id)).items[0]!;
      const res = await patch(pm, id, item.id, { answer: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: [CHECKLIST_RULES.final(state)] });
    }
    expect(stored(pm)).toBe(before);
  });
});

describe('attachments of an item', () => {
  it('takes a PDF, serves it back by its signed link and deletes it', async () => {
    const pm = await signIn('pm');
    const item = (await detail(pm, PM_AVAILABLE)).items[1]!;
    const res = await request(pm.app)
      .post(FILES(PM_AVAILABLE, item.id))
      .set(pm.headers)
      .attach('files', PDF, 'minutes.pdf');
    expect(res.status).toBe(201);
    const saved = res.body as ChecklistDetail;
    expect(saved.state).toBe('in_progress');
    const file = saved.items[1]!.attachments[0]!;
    expect(file).toMatchObject({ name: 'minutes.pdf', size: PDF.length });
    const download = await request(pm.app).get(file.url);
    expect(download.status).toBe(200);
    expect(download.body).toEqual(PDF);
    // Another person's link to it is refused: qcl does not see the checklist.
    const qcl = await signIn('qcl', { app: pm.app });
    expect(
      (await request(pm.app).get(`/api/checklist-files/${file.id}/`).set(qcl.auth)).status,
    ).toBe(404);
    const removed = await request(pm.app)
      .delete(`${FILES(PM_AVAILABLE, item.id)}${file.id}/`)
      .set(pm.headers);
    expect(removed.status).toBe(204);
    expect((await detail(pm, PM_AVAILABLE)).items[1]!.attachments).toEqual([]);
  });

  it('refuses text, GIF, a renamed file and a sixth file with the spec’s message, storing nothing', async () => {
    const pm = await signIn('pm');
    const item = (await detail(pm, PM_AVAILABLE)).items[0]!;
    const before = stored(pm);
    const upload = () => request(pm.app).post(FILES(PM_AVAILABLE, item.id)).set(pm.headers);
    for (const call of [
      upload().attach('files', Buffer.from('hello'), 'notes.txt'),
      upload().attach('files', Buffer.from('GIF89a....'), 'a.gif'),
      upload().attach('files', Buffer.from('MZ\x90\x00 not a pdf'), 'invoice.pdf'),
      upload().attach('files', PDF, 'ok.pdf').attach('files', Buffer.from('x'), 'b.txt'),
    ]) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    let six = upload();
    for (let n = 0; n < 6; n += 1) six = six.attach('files', PDF, `page-${n}.pdf`);
    expect((await six).status).toBe(400);
    expect(stored(pm)).toBe(before);
    // Five in all per item: three, then three more is refused.
    let three = upload();
    for (let n = 0; n < 3; n += 1) three = three.attach('files', PDF, `a-${n}.pdf`);
    expect((await three).status).toBe(201);
    let more = upload();
    for (let n = 0; n < 3; n += 1) more = more.attach('files', PDF, `b-${n}.pdf`);
    const refused = await more;
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ files: [CHECKLIST_RULES.tooManyFiles] });
  });
});

describe('POST /api/checklists/{id}/submit/', () => {
  it('refuses an incomplete checklist, then submits it once complete; the counter falls', async () => {
    const pm = await signIn('pm');
    expect(await counter(pm)).toBe(4);
    const before = stored(pm);
    const incomplete = await post(pm, `${ONE(PM_AVAILABLE)}submit/`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toEqual({ non_field_errors: [CHECKLIST_RULES.unanswered(5)] });
    expect(stored(pm)).toBe(before);

    await answerAll(pm, PM_AVAILABLE);
    const first = (await detail(pm, PM_AVAILABLE)).items[0]!;
    await patch(pm, PM_AVAILABLE, first.id, { answer: 'no', comment: '' });
    const unexplained = await post(pm, `${ONE(PM_AVAILABLE)}submit/`);
    expect(unexplained.body).toEqual({ non_field_errors: [CHECKLIST_RULES.unexplained(1)] });
    await patch(pm, PM_AVAILABLE, first.id, { comment: 'Client review moved to January.' });

    const res = await post(pm, `${ONE(PM_AVAILABLE)}submit/`);
    expect(res.status).toBe(200);
    expect((res.body as ChecklistDetail).state).toBe('submitted');
    expect(await counter(pm)).toBe(3);
    const again = await post(pm, `${ONE(PM_AVAILABLE)}submit/`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [CHECKLIST_RULES.final('submitted')] });
  });

  it('needs CAN_SUBMIT_CHECKLIST', async () => {
    const qcl = await signIn('qcl');
    const res = await post(qcl, `${ONE(QCL_AVAILABLE)}submit/`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden('CAN_SUBMIT_CHECKLIST'));
  });
});

describe('POST /api/checklists/{id}/decline/ and …/cancel/', () => {
  it('declines with a reason only; the counter falls', async () => {
    const admin = await signIn('admin');
    expect(await counter(admin)).toBe(114);
    const before = stored(admin);
    const blank = await post(admin, `${ONE(ADMIN_AVAILABLE)}decline/`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ reason: ['This field may not be blank.'] });
    expect(stored(admin)).toBe(before);
    const res = await post(admin, `${ONE(ADMIN_AVAILABLE)}decline/`, {
      reason: 'Project 11 has no release this quarter.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'declined',
      decline_reason: 'Project 11 has no release this quarter.',
    });
    expect(await counter(admin)).toBe(113);
    const cancelDeclined = await post(admin, `${ONE(ADMIN_AVAILABLE)}cancel/`);
    expect(cancelDeclined.body).toEqual({ non_field_errors: [CHECKLIST_RULES.final('declined')] });
  });

  it('cancels an open checklist; pm may neither decline nor cancel', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, `${ONE(ADMIN_IN_PROGRESS)}cancel/`);
    expect(res.status).toBe(200);
    expect((res.body as Checklist).state).toBe('canceled');
    expect(await counter(admin)).toBe(113);

    const pm = await signIn('pm', { app: admin.app });
    const before = stored(pm);
    const decline = await post(pm, `${ONE(PM_AVAILABLE)}decline/`, { reason: 'No.' });
    expect(decline.status).toBe(403);
    expect(decline.body).toEqual(forbidden('CAN_DECLINE_CHECKLIST'));
    const cancel = await post(pm, `${ONE(PM_AVAILABLE)}cancel/`);
    expect(cancel.body).toEqual(forbidden('CAN_CANCEL_CHECKLIST'));
    expect(stored(pm)).toBe(before);
  });

  it('answers 404 for another person’s checklist, whatever the flags', async () => {
    const admin = await signIn('admin');
    expect((await post(admin, `${ONE(PM_AVAILABLE)}cancel/`)).status).toBe(404);
    expect((await post(admin, `${ONE(PM_AVAILABLE)}decline/`, { reason: 'x' })).status).toBe(404);
  });
});
