import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { GEN_AI_MESSAGES, type GenAiApproval, type GenAiUsage } from '../src/api/contract/genAi';
import type { ProjectHistoryEntry } from '../src/api/contract/projects';
import { signIn, type SignedIn } from './testing/signIn';

const LIST = '/api/projects/1/gen-ai-approvals/';
const DECIDE = (id: number) => `${LIST}${id}/decision/`;
const USAGE = '/api/projects/1/gen-ai-usage/';

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
