import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_MESSAGES,
  lastReminderMessage,
  type ApprovalRequest,
} from '../../../src/api/contract/approvals';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { mutate } from '../../store/db';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/approvals/';
const DECIDE = (id: number) => `${LIST}${id}/decision/`;
const WITHDRAW = (id: number) => `${LIST}${id}/withdraw/`;

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as ApprovalRequest[];
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const post = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .post(path)
    .set(session.headers)
    .send(body as object);

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const fresh = {
  kind: 'scope_change',
  subject: 'Add a second release train',
  approver_id: 5,
  due_by: inDays(10),
  comment: 'Asked by the client.',
};

/** The seeded pending request waiting on `userId` on project 1. */
const pendingFor = async (session: SignedIn, userId: number) =>
  (await list(session)).find((row) => row.state === 'pending' && row.approver.id === userId)!;

describe('GET /api/projects/{id}/approvals/', () => {
  it('lists the requests, newest first, with requests waiting on qcl, pm and account_owner', async () => {
    const pm = await signIn('pm');
    const rows = await list(pm);
    const raised = rows.map((row) => row.raised_at);
    expect(raised).toEqual([...raised].sort().reverse());
    const waiting = (id: number) =>
      rows.filter((row) => row.state === 'pending' && row.approver.id === id).length;
    expect(waiting(5)).toBeGreaterThan(0);
    expect(waiting(2)).toBeGreaterThan(0);
    expect(waiting(9)).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.state))).toEqual(
      new Set(['pending', 'approved', 'rejected', 'withdrawn']),
    );
    const approved = rows.find((row) => row.state === 'approved')!;
    expect(approved.decision).toMatchObject({ outcome: 'approved', decided_by: { id: 5 } });
    expect(approved.history.map((step) => step.event)).toEqual(['raised', 'decided']);
    expect(rows.find((row) => row.state === 'pending')!.decision).toBeNull();
  });

  it('needs the card flag; 404 for an unknown project', async () => {
    const admin = await signIn('admin');
    const viewer = await signIn('viewer', { app: admin.app });
    const refused = await request(admin.app).get(LIST).set(viewer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
    expect(
      (await request(admin.app).get('/api/projects/99999/approvals/').set(admin.auth)).status,
    ).toBe(404);
  });
});

describe('what the caller may do', () => {
  const STEPS = [
    ['can_remind', 'remind', {}],
    ['can_decide', 'decision', { decision: 'approve' }],
    ['can_withdraw', 'withdraw', {}],
  ] as const;
  const mayOf = ({ can_decide, can_withdraw, can_remind }: ApprovalRequest) => ({
    can_decide,
    can_withdraw,
    can_remind,
  });

  it('says in each request whether the caller may decide, withdraw or remind it', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const admin = await signIn('admin', { app: pm.app });
    // pm raised it, qcl decides it, admin keeps the card.
    const { id } = await pendingFor(pm, 5);
    const seenBy = async (session: SignedIn) =>
      mayOf((await list(session)).find((row) => row.id === id)!);
    expect(await seenBy(pm)).toEqual({ can_decide: false, can_withdraw: true, can_remind: true });
    expect(await seenBy(qcl)).toEqual({ can_decide: true, can_withdraw: false, can_remind: false });
    expect(await seenBy(admin)).toEqual({
      can_decide: false,
      can_withdraw: false,
      can_remind: true,
    });
    const decided = await post(qcl, DECIDE(id), { decision: 'approve' });
    expect(mayOf(decided.body as ApprovalRequest)).toEqual({
      can_decide: false,
      can_withdraw: false,
      can_remind: false,
    });
    for (const session of [pm, admin])
      expect(await seenBy(session)).toEqual({
        can_decide: false,
        can_withdraw: false,
        can_remind: false,
      });
  });

  it('offers a step exactly where the step is then taken', async () => {
    for (const persona of ['pm', 'qcl', 'admin', 'account_owner']) {
      const session = await signIn(persona);
      for (const row of await list(session))
        for (const [may, step, body] of STEPS) {
          const res = await post(session, `${LIST}${row.id}/${step}/`, body);
          // A reminder the caller may send still waits a day after the last one.
          const taken =
            res.status === 200 ||
            res.body.non_field_errors?.[0] === APPROVAL_MESSAGES.remindedRecently;
          expect(taken, `${persona} ${step} “${row.subject}”`).toBe(row[may]);
        }
    }
  });
});

describe('POST /api/projects/{id}/approvals/', () => {
  it('raises a pending request with CAN_EDIT_PROJECT_CARD and records it in History', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, LIST, fresh);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'scope_change',
      subject: 'Add a second release train',
      origin: 'project',
      requester: { id: 1 },
      approver: { id: 5 },
      state: 'pending',
      decision: null,
      history: [{ event: 'raised', by: { id: 1 }, comment: 'Asked by the client.' }],
    });
    expect((await list(admin))[0]!.id).toBe(res.body.id);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({ section: 'Approvals', field: 'Request', old_value: '' });
    expect(entry!.new_value).toContain('Scope change “Add a second release train”');
    expect(entry!.new_value).toContain('Omar Haddad (ohaddad)');
  });

  it('refuses without CAN_EDIT_PROJECT_CARD, naming it, and stores nothing', async () => {
    const admin = await signIn('admin');
    const qcl = await signIn('qcl', { app: admin.app });
    const before = (await list(admin)).length;
    const res = await post(qcl, LIST, { ...fresh, approver_id: 1 });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    expect((await list(admin)).length).toBe(before);
  });

  it('answers 400 by field: kind, subject, approver (not oneself), due date (not past)', async () => {
    const admin = await signIn('admin');
    const before = (await history(admin)).length;
    const res = await post(admin, LIST, {
      kind: 'holiday',
      subject: 'x'.repeat(201),
      approver_id: 1,
      due_by: inDays(-1),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      kind: ['"holiday" is not a valid choice.'],
      subject: ['Ensure this field has no more than 200 characters.'],
      approver_id: [APPROVAL_MESSAGES.selfApproval],
      due_by: [APPROVAL_MESSAGES.duePast],
    });
    const empty = await post(admin, LIST, {});
    expect(Object.keys(empty.body).sort()).toEqual(['approver_id', 'due_by', 'kind', 'subject']);
    expect((await post(admin, LIST, { ...fresh, approver_id: 424242 })).body.approver_id).toEqual([
      'Invalid pk "424242" - object does not exist.',
    ]);
    expect((await history(admin)).length).toBe(before);
  });
});

describe('POST …/approvals/{rid}/decision/', () => {
  it('is for the approver only, whatever the flags of anyone else', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const waiting = await pendingFor(admin, 5);
    for (const other of [admin, pm]) {
      const res = await post(other, DECIDE(waiting.id), { decision: 'approve' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: APPROVAL_MESSAGES.onlyApprover });
    }
    expect((await pendingFor(admin, 5)).state).toBe('pending');
  });

  it('rejects only with a comment, then records the decision once', async () => {
    const qcl = await signIn('qcl');
    const waiting = await pendingFor(qcl, 5);
    const bare = await post(qcl, DECIDE(waiting.id), { decision: 'reject', comment: '  ' });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ comment: [APPROVAL_MESSAGES.rejectComment] });
    expect((await post(qcl, DECIDE(waiting.id), { decision: 'maybe' })).body).toEqual({
      decision: ['"maybe" is not a valid choice.'],
    });

    const res = await post(qcl, DECIDE(waiting.id), {
      decision: 'reject',
      comment: 'The freeze was agreed in the SOW.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'rejected',
      decision: {
        outcome: 'rejected',
        comment: 'The freeze was agreed in the SOW.',
        decided_by: { id: 5 },
      },
    });
    expect(res.body.history.at(-1)).toMatchObject({ event: 'decided', by: { id: 5 } });
    const [entry] = await history(qcl);
    expect(entry).toMatchObject({
      section: 'Approvals',
      old_value: 'Pending',
      new_value: 'Rejected: The freeze was agreed in the SOW.',
    });

    const again = await post(qcl, DECIDE(waiting.id), { decision: 'approve' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [APPROVAL_MESSAGES.decided] });
  });

  it('approves without a comment', async () => {
    const pm = await signIn('pm');
    const waiting = await pendingFor(pm, 2);
    const res = await post(pm, DECIDE(waiting.id), { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'approved', decision: { comment: '' } });
  });
});

describe('POST …/approvals/{rid}/withdraw/', () => {
  it('is for the requester of a pending request; a withdrawn one is not decided', async () => {
    const pm = await signIn('pm');
    const qcl = await signIn('qcl', { app: pm.app });
    const waiting = await pendingFor(pm, 5);
    const refused = await post(qcl, WITHDRAW(waiting.id), {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: APPROVAL_MESSAGES.onlyRequester });

    const res = await post(pm, WITHDRAW(waiting.id), {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'withdrawn', decision: null });
    expect(res.body.history.at(-1)).toMatchObject({ event: 'withdrawn', by: { id: 2 } });
    expect((await history(pm))[0]).toMatchObject({ section: 'Approvals', new_value: 'Withdrawn' });

    expect((await post(pm, WITHDRAW(waiting.id), {})).body).toEqual({
      non_field_errors: [APPROVAL_MESSAGES.notPending],
    });
    expect((await post(qcl, DECIDE(waiting.id), { decision: 'approve' })).body).toEqual({
      non_field_errors: [APPROVAL_MESSAGES.withdrawn],
    });
  });

  it('answers 404 for a request of another project', async () => {
    const pm = await signIn('pm');
    const waiting = await pendingFor(pm, 5);
    const res = await post(pm, `/api/projects/2/approvals/${waiting.id}/withdraw/`, {});
    expect(res.status).toBe(404);
  });
});

describe('POST …/approvals/{rid}/remind/', () => {
  const REMIND = (id: number) => `${LIST}${id}/remind/`;

  it('records "Reminder sent" by the requester, then refuses another within a day', async () => {
    const pm = await signIn('pm');
    const waiting = await pendingFor(pm, 5);
    expect(waiting.last_reminded_at).toBe(waiting.history.at(-1)!.at);
    const res = await post(pm, REMIND(waiting.id), {});
    expect(res.status).toBe(200);
    const body = res.body as ApprovalRequest;
    expect(body.history.at(-1)).toMatchObject({ event: 'reminded', by: { id: 2 }, comment: '' });
    expect(body.last_reminded_at).toBe(body.history.at(-1)!.at);
    expect(Date.now() - Date.parse(body.last_reminded_at!)).toBeLessThan(60_000);
    expect((await history(pm))[0]).toMatchObject({
      section: 'Approvals',
      field: `Exclusion from KPI “${waiting.subject}”`,
      new_value: expect.stringMatching(/^Reminder sent to /),
    });

    const again = await post(pm, REMIND(waiting.id), {});
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      non_field_errors: [
        APPROVAL_MESSAGES.remindedRecently,
        lastReminderMessage(body.last_reminded_at!),
      ],
    });
    const after = (await list(pm)).find((row) => row.id === waiting.id)!;
    expect(after.history).toHaveLength(body.history.length);
  });

  it('is for the requester or CAN_EDIT_PROJECT_CARD: 403 naming the rule for the approver', async () => {
    const admin = await signIn('admin');
    const qcl = await signIn('qcl', { app: admin.app });
    const waiting = await pendingFor(admin, 5);
    const refused = await post(qcl, REMIND(waiting.id), {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: APPROVAL_MESSAGES.onlyReminder });
    expect(APPROVAL_MESSAGES.onlyReminder).toContain('CAN_EDIT_PROJECT_CARD');
    expect((await list(admin)).find((row) => row.id === waiting.id)!.history).toEqual(
      waiting.history,
    );
    const res = await post(admin, REMIND(waiting.id), {});
    expect(res.status).toBe(200);
    expect(res.body.history.at(-1)).toMatchObject({ event: 'reminded', by: { id: 1 } });
  });

  it('refuses the approver reminding themselves (400), even with CAN_EDIT_PROJECT_CARD', async () => {
    const admin = await signIn('admin');
    const waiting = await pendingFor(admin, 5);
    mutate(admin.app.mock.db, (draft) => {
      draft.approvalRequests.find((row) => row.id === waiting.id)!.approver_id = 1;
    });
    const res = await post(admin, REMIND(waiting.id), {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [APPROVAL_MESSAGES.remindSelf] });
    expect((await list(admin)).find((row) => row.id === waiting.id)!.history).toEqual(
      waiting.history,
    );
  });

  it('refuses a decided or withdrawn request (400), an unknown one (404)', async () => {
    const admin = await signIn('admin');
    const rows = await list(admin);
    const decided = rows.find((row) => row.state === 'approved')!;
    const withdrawn = rows.find((row) => row.state === 'withdrawn')!;
    expect((await post(admin, REMIND(decided.id), {})).body).toEqual({
      non_field_errors: [APPROVAL_MESSAGES.decided],
    });
    const gone = await post(admin, REMIND(withdrawn.id), {});
    expect(gone.status).toBe(400);
    expect(gone.body).toEqual({ non_field_errors: [APPROVAL_MESSAGES.withdrawn] });
    expect((await post(admin, REMIND(99999), {})).status).toBe(404);
  });
});
