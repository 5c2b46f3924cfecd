import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  GEN_AI_MESSAGES,
  type GenAiApproval,
  type GenAiUsage,
} from '../../../src/api/contract/genAi';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/gen-ai-approvals/';
const DECIDE = (id: number) => `${LIST}${id}/decision/`;
const USAGE = '/api/projects/1/gen-ai-usage/';
const FILES = (id: number) => `${LIST}${id}/consent-files/`;
const PDF = Buffer.from(fixtureFile('signed-sow.pdf'));

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as GenAiApproval[];
const usage = async ({ app, auth }: SignedIn) =>
  (await request(app).get(USAGE).set(auth)).body as GenAiUsage;
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const post = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .post(path)
    .set(session.headers)
    .send(body as object);

const fresh = {
  tool: 'ChatGPT Enterprise',
  purpose: 'Drafting test cases from the user stories.',
  data_classification: 'internal',
  client_consent: 'yes',
  consent_evidence: 'Steering committee minutes of 11/05/2026, item 4.',
};
const approve = {
  decision: 'approve',
  conditions: 'No client data in prompts.',
  expires_on: '2099-12-31',
};

describe('GET /api/projects/{id}/gen-ai-approvals/ and gen-ai-usage/', () => {
  it('lists the seed newest first with the expired approval computed', async () => {
    const admin = await signIn('admin');
    const rows = await list(admin);
    expect(rows.map((row) => [row.tool, row.state])).toEqual([
      ['Microsoft 365 Copilot', 'pending'],
      ['Midjourney', 'rejected'],
      ['GitHub Copilot', 'approved'],
      ['Otter.ai', 'expired'],
    ]);
    expect(rows[0]).toMatchObject({ requested_by: { id: 2 }, decided_by: null, expires_on: null });
  });

  it('flags the tools in use that no valid approval covers', async () => {
    const admin = await signIn('admin');
    const { tools, unapproved_tools } = await usage(admin);
    expect(tools.map((use) => [use.tool, use.approval?.expires_on ?? null])).toEqual([
      ['ChatGPT Enterprise', null],
      ['GitHub Copilot', '2027-06-30'],
    ]);
    expect(unapproved_tools).toEqual(['ChatGPT Enterprise']);
    const other = (await request(admin.app).get('/api/projects/2/gen-ai-usage/').set(admin.auth))
      .body as GenAiUsage;
    expect(other.unapproved_tools).toEqual([]);
  });

  it('answers 404 for an unknown project, 403 without the card', async () => {
    const admin = await signIn('admin');
    expect(
      (await request(admin.app).get('/api/projects/99999/gen-ai-usage/').set(admin.auth)).status,
    ).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(viewer.auth)).status).toBe(403);
  });
});

describe('a request and its decision', () => {
  it('requested then approved clears the flag and lands in History', async () => {
    const admin = await signIn('admin');
    const created = await post(admin, LIST, fresh);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tool: fresh.tool,
      state: 'pending',
      requested_by: { id: 1 },
    });
    expect((await usage(admin)).unapproved_tools).toEqual(['ChatGPT Enterprise']);
    const decided = await post(admin, DECIDE((created.body as GenAiApproval).id), approve);
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      state: 'approved',
      conditions: approve.conditions,
      expires_on: approve.expires_on,
      decided_by: { id: 1 },
    });
    // A tool named with another case is the same tool.
    expect((await usage(admin)).unapproved_tools).toEqual([]);
    const [last, first] = await history(admin);
    expect(last).toMatchObject({
      section: 'Gen AI approvals',
      field: 'ChatGPT Enterprise: decision',
      old_value: 'Pending',
      new_value: `Approved until 12/31/2099: ${approve.conditions}`,
    });
    expect(first).toMatchObject({
      field: 'Gen AI request',
      new_value: 'ChatGPT Enterprise (Internal, client consent Yes): pending',
    });
    const again = await post(admin, DECIDE((created.body as GenAiApproval).id), approve);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [GEN_AI_MESSAGES.decided] });
  });

  it('refuses a request by field, and consent "yes" without its evidence, storing nothing', async () => {
    const admin = await signIn('admin');
    const before = (await list(admin)).length;
    const res = await post(admin, LIST, {
      tool: ' ',
      purpose: 'x'.repeat(1001),
      data_classification: 'secret',
      client_consent: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      tool: ['This field may not be blank.'],
      purpose: ['Ensure this field has no more than 1000 characters.'],
      data_classification: ['"secret" is not a valid choice.'],
      consent_evidence: [GEN_AI_MESSAGES.evidenceNeeded],
    });
    expect((await list(admin)).length).toBe(before);
  });

  it('requests need CAN_EDIT_PROJECT_CARD and decisions CAN_EDIT_TECH_REGISTER (403 naming it)', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const refused = await post(pm, LIST, fresh);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).',
    });
    const pending = (await list(admin)).find((row) => row.state === 'pending')!;
    const decided = await post(pm, DECIDE(pending.id), approve);
    expect(decided.status).toBe(403);
    expect(decided.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_EDIT_TECH_REGISTER).',
    });
    expect((await list(admin)).find((row) => row.id === pending.id)?.state).toBe('pending');
  });

  it('approves only with conditions and a future expiry, rejects only with a reason', async () => {
    const admin = await signIn('admin');
    const pending = (await list(admin)).find((row) => row.state === 'pending')!;
    const bad = await post(admin, DECIDE(pending.id), {
      decision: 'approve',
      conditions: '',
      expires_on: '2020-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      conditions: ['This field may not be blank.'],
      expires_on: [GEN_AI_MESSAGES.expiryPast],
    });
    const noReason = await post(admin, DECIDE(pending.id), { decision: 'reject' });
    expect(noReason.body).toEqual({ reason: ['This field is required.'] });
    const rejected = await post(admin, DECIDE(pending.id), {
      decision: 'reject',
      reason: 'Mail threads hold the client’s data.',
    });
    expect(rejected.body).toMatchObject({
      state: 'rejected',
      rejection_reason: 'Mail threads hold the client’s data.',
    });
  });

  it('approves a client-confidential request only with the client’s consent', async () => {
    const admin = await signIn('admin');
    const created = await post(admin, LIST, {
      ...fresh,
      data_classification: 'personal_data',
      client_consent: 'pending',
      consent_evidence: '',
    });
    const res = await post(admin, DECIDE((created.body as GenAiApproval).id), approve);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [GEN_AI_MESSAGES.consentNeeded] });
  });
});

describe('the tools in use', () => {
  it('records a tool once, and stops using it', async () => {
    const admin = await signIn('admin');
    const created = await post(admin, USAGE, { tool: 'Claude', since: '2026-11-20' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tool: 'Claude', since: '2026-11-20', approval: null });
    expect((await usage(admin)).unapproved_tools).toEqual(['ChatGPT Enterprise', 'Claude']);
    const twice = await post(admin, USAGE, { tool: ' claude ', since: '2026-11-21' });
    expect(twice.body).toEqual({ tool: [GEN_AI_MESSAGES.alreadyInUse] });
    const pm = await signIn('pm', { app: admin.app });
    const id = (created.body as { id: number }).id;
    expect((await request(admin.app).delete(`${USAGE}${id}/`).set(pm.headers)).status).toBe(403);
    expect((await request(admin.app).delete(`${USAGE}${id}/`).set(admin.headers)).status).toBe(204);
    expect((await usage(admin)).unapproved_tools).toEqual(['ChatGPT Enterprise']);
    expect((await history(admin))[0]).toMatchObject({
      field: 'Gen AI tool in use',
      old_value: 'Claude (since 11/20/2026)',
      new_value: '',
    });
  });
});

describe('the consent’s evidence files', () => {
  const confidential = {
    ...fresh,
    tool: 'Claude for Work',
    data_classification: 'client_confidential',
    consent_evidence: 'Email of the client’s CISO of 11/20/2026.',
  };
  const stored = ({ app }: SignedIn) => JSON.stringify(app.mock.db.getState().genAiApprovals);

  it('seeds a file for each consent given, downloaded by its signed link', async () => {
    const admin = await signIn('admin');
    const rows = await list(admin);
    for (const row of rows) expect(row.consent_files.length > 0).toBe(row.client_consent === 'yes');
    const copilot = rows.find((row) => row.tool === 'GitHub Copilot')!;
    expect(copilot.consent_files[0]).toMatchObject({
      file_name: 'CTO consent to Copilot Business 2026-09-14.pdf',
      uploaded_by: { id: 2 },
    });
    const download = await request(admin.app).get(copilot.consent_files[0]!.url);
    expect(download.status).toBe(200);
    expect(download.body.subarray(0, 5).toString()).toBe('%PDF-');
    // A user without the card learns nothing of the file (DRF's 404), with the JWT as by a link.
    const viewer = await signIn('viewer', { app: admin.app });
    const plain = copilot.consent_files[0]!.url.split('?')[0]!;
    expect((await request(admin.app).get(plain).set(admin.auth)).status).toBe(200);
    expect((await request(admin.app).get(plain).set(viewer.auth)).status).toBe(404);
  });

  it('approves a class that needs consent only once a file holds it; uploads and removals in History', async () => {
    const admin = await signIn('admin');
    const created = (await post(admin, LIST, confidential)).body as GenAiApproval;
    expect(created.consent_files).toEqual([]);
    const waiting = await post(admin, DECIDE(created.id), approve);
    expect(waiting.status).toBe(400);
    expect(waiting.body).toEqual({ consent_files: [GEN_AI_MESSAGES.consentFileNeeded] });
    expect((await list(admin)).find((row) => row.id === created.id)!.state).toBe('pending');

    const upload = await request(admin.app)
      .post(FILES(created.id))
      .set(admin.headers)
      .attach('files', PDF, 'ciso-consent.pdf')
      .attach('files', PDF, 'signed-form.pdf');
    expect(upload.status).toBe(201);
    const files = (upload.body as GenAiApproval).consent_files;
    expect(files.map((file) => file.file_name)).toEqual(['ciso-consent.pdf', 'signed-form.pdf']);
    expect((await request(admin.app).get(files[0]!.url)).body).toEqual(PDF);
    const removed = await request(admin.app)
      .delete(`${FILES(created.id)}${files[1]!.id}/`)
      .set(admin.headers);
    expect(removed.status).toBe(204);
    const lines = (await history(admin)).slice(0, 3);
    expect(lines.map((line) => [line.field, line.old_value, line.new_value])).toEqual([
      ['Claude for Work: consent evidence', 'signed-form.pdf', ''],
      ['Claude for Work: consent evidence', '', 'signed-form.pdf'],
      ['Claude for Work: consent evidence', '', 'ciso-consent.pdf'],
    ]);

    const approved = await post(admin, DECIDE(created.id), approve);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      state: 'approved',
      consent_files: [{ id: files[0]!.id }],
    });
    // Decided: its evidence stays as it was when decided.
    const late = await request(admin.app)
      .post(FILES(created.id))
      .set(admin.headers)
      .attach('files', PDF, 'late.pdf');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ non_field_errors: [GEN_AI_MESSAGES.evidenceFrozen] });
    const gone = await request(admin.app)
      .delete(`${FILES(created.id)}${files[0]!.id}/`)
      .set(admin.headers);
    expect(gone.body).toEqual({ non_field_errors: [GEN_AI_MESSAGES.evidenceFrozen] });
  });

  it('refuses text, a renamed file, a sixth file and a user without CAN_EDIT_PROJECT_CARD, storing nothing', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const id = ((await post(admin, LIST, confidential)).body as GenAiApproval).id;
    const before = stored(admin);
    const upload = () => request(admin.app).post(FILES(id)).set(admin.headers);
    for (const call of [
      upload().attach('files', Buffer.from('hello'), 'consent.txt'),
      upload().attach('files', Buffer.from('MZ\x90\x00 not a pdf'), 'consent.pdf'),
    ]) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    const refused = await request(admin.app)
      .post(FILES(id))
      .set(pm.headers)
      .attach('files', PDF, 'a.pdf');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).',
    });
    expect(stored(admin)).toBe(before);
    let five = upload();
    for (let n = 0; n < 5; n += 1) five = five.attach('files', PDF, `a-${n}.pdf`);
    expect((await five).status).toBe(201);
    const sixth = await upload().attach('files', PDF, 'f.pdf');
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({ files: [GEN_AI_MESSAGES.tooManyFiles] });
    const file = (await list(admin)).find((row) => row.id === id)!.consent_files[0]!;
    expect(
      (
        await request(admin.app)
          .delete(`${FILES(id)}${file.id}/`)
          .set(pm.headers)
      ).status,
    ).toBe(403);
    expect(
      (
        await request(admin.app)
          .delete(`${FILES(id)}99999999/`)
          .set(admin.headers)
      ).status,
    ).toBe(404);
  });
});
