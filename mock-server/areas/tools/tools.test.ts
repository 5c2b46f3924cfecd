import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import type { Tool } from '../../../src/api/contract/tools';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/tools/';
const ONE = (id: number, project = 1) => `/api/projects/${project}/tools/${id}/`;

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as Tool[];
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const send = (session: SignedIn, method: 'post' | 'patch', path: string, body: unknown) => {
  const call =
    method === 'post' ? request(session.app).post(path) : request(session.app).patch(path);
  return call.set(session.headers).send(body as object);
};

const fresh = {
  name: 'Postman',
  category: 'testing',
  version: '11.2',
  licence_type: 'subscription',
  licence_expiry: '2027-05-31',
  owner_id: 3,
  approved: true,
};

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/projects/{id}/tools/', () => {
  it('lists by name with each licence state computed on the day', async () => {
    const admin = await signIn('admin');
    const tools = await list(admin);
    const names = tools.map((tool) => tool.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const stateOf = (name: string) => tools.find((tool) => tool.name === name)!.licence_state;
    expect(stateOf('SonarQube')).toBe('expired');
    expect(stateOf('GitLab')).toBe('expiring');
    expect(stateOf('Jira Software')).toBe('valid');
    expect(stateOf('Playwright')).toBe('no_expiry');
    expect(tools.filter((tool) => !tool.approved).length).toBeGreaterThan(0);
  });

  it('needs CAN_VIEW_TOOLS_REGISTER, named; the card flag first; 404 for an unknown project', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const refused = await request(admin.app).get(LIST).set(pm.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_TOOLS_REGISTER');
    const auditor = await signIn('auditor', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(auditor.auth)).status).toBe(200);
    const viewer = await signIn('viewer', { app: admin.app });
    const noCard = await request(admin.app).get(LIST).set(viewer.auth);
    expect(noCard.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
    expect(
      (await request(admin.app).get('/api/projects/99999/tools/').set(admin.auth)).status,
    ).toBe(404);
  });
});

describe('POST /api/projects/{id}/tools/', () => {
  it('adds a tool with CAN_EDIT_TECH_REGISTER and records it in History', async () => {
    const admin = await signIn('admin');
    const res = await send(admin, 'post', LIST, { ...fresh, licence_expiry: inDays(10) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Postman',
      owner: { id: 3 },
      approved: true,
      licence_state: 'expiring',
      notes: '',
    });
    expect((await list(admin)).some((tool) => tool.id === res.body.id)).toBe(true);
    expect((await history(admin))[0]).toMatchObject({
      section: 'Tools register',
      field: 'Tool',
      old_value: '',
    });
    expect((await history(admin))[0]!.new_value).toContain('Postman 11.2 (Testing, Subscription');
  });

  it('refuses without CAN_EDIT_TECH_REGISTER, naming it, and stores nothing', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const before = await list(admin);
    const res = await send(pm, 'post', LIST, fresh);
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_TECH_REGISTER');
    expect(await list(admin)).toEqual(before);
  });

  it('answers every field error at once and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = await list(admin);
    const res = await send(admin, 'post', LIST, {
      name: ' ',
      category: 'games',
      version: 'x'.repeat(41),
      licence_type: null,
      licence_expiry: '31/05/2027',
      owner_id: 999999,
      approved: 'maybe',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ['This field may not be blank.'],
      category: ['"games" is not a valid choice.'],
      version: ['Ensure this field has no more than 40 characters.'],
      licence_type: ['This field may not be null.'],
      licence_expiry: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      owner_id: ['Invalid pk "999999" - object does not exist.'],
      approved: ['Must be a valid boolean.'],
    });
    const missing = await send(admin, 'post', LIST, {});
    expect(Object.keys(missing.body).sort()).toEqual([
      'category',
      'licence_type',
      'name',
      'owner_id',
    ]);
    expect(await list(admin)).toEqual(before);
  });

  it('refuses a name and version already in the register, case-blind', async () => {
    const admin = await signIn('admin');
    const res = await send(admin, 'post', LIST, { ...fresh, name: 'gitlab', version: '17.5' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ['This tool is already in the register in this version.'] });
    const other = await send(admin, 'post', LIST, { ...fresh, name: 'GitLab', version: '18.0' });
    expect(other.status).toBe(201);
  });
});

describe('PATCH and DELETE /api/projects/{id}/tools/{tid}/', () => {
  it('changes fields, one History line each, and a no-op records nothing', async () => {
    const admin = await signIn('admin');
    const copilot = (await list(admin)).find((tool) => tool.name === 'GitHub Copilot')!;
    const res = await send(admin, 'patch', ONE(copilot.id), {
      approved: true,
      licence_expiry: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved: true,
      licence_expiry: null,
      licence_state: 'no_expiry',
    });
    const lines = (await history(admin))
      .slice(0, 2)
      .map((entry) => [entry.field, entry.old_value, entry.new_value]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['GitHub Copilot: approved', 'No', 'Yes'],
        ['GitHub Copilot: licence expiry', '03/31/2027', 'No expiry'],
      ]),
    );
    const count = (await history(admin)).length;
    expect((await send(admin, 'patch', ONE(copilot.id), { approved: true })).status).toBe(200);
    expect((await history(admin)).length).toBe(count);
  });

  it('refuses unknown fields, a duplicate, and a user without the flag; 404 for another project’s tool', async () => {
    const admin = await signIn('admin');
    const tools = await list(admin);
    const grafana = tools.find((tool) => tool.name === 'Grafana')!;
    const unknown = await send(admin, 'patch', ONE(grafana.id), { project_id: 2 });
    expect(unknown.body).toEqual({ project_id: ['This field cannot be changed here.'] });
    const duplicate = await send(admin, 'patch', ONE(grafana.id), {
      name: 'Playwright',
      version: '1.49',
    });
    expect(duplicate.body.name).toEqual(['This tool is already in the register in this version.']);
    const pm = await signIn('pm', { app: admin.app });
    const refused = await send(pm, 'patch', ONE(grafana.id), { approved: false });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_TECH_REGISTER');
    expect((await send(admin, 'patch', ONE(grafana.id, 2), { approved: false })).status).toBe(404);
    expect(await list(admin)).toEqual(tools);
  });

  it('deletes with the flag and History keeps the tool', async () => {
    const admin = await signIn('admin');
    const slack = (await list(admin)).find((tool) => tool.name === 'Slack')!;
    const pm = await signIn('pm', { app: admin.app });
    expect((await request(admin.app).delete(ONE(slack.id)).set(pm.headers)).status).toBe(403);
    const res = await request(admin.app).delete(ONE(slack.id)).set(admin.headers);
    expect(res.status).toBe(204);
    expect((await list(admin)).some((tool) => tool.id === slack.id)).toBe(false);
    expect((await history(admin))[0]).toMatchObject({
      section: 'Tools register',
      field: 'Tool',
      new_value: '',
    });
    expect((await history(admin))[0]!.old_value).toContain('Slack (Collaboration');
  });
});
