import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { ProjectDetail, ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { TEAM_MESSAGES, type TeamMember } from '../../../src/api/contract/projectTeam';
import { buildSeed } from '../../seed/seed';
import { signIn, type SignedIn } from '../../testing/signIn';
import { today as todayOnServer } from '../../lib/clock';

const TEAM = (project: number | string) => `/api/projects/${project}/team/`;
const MEMBER = (project: number, member: number | string) => `${TEAM(project)}${member}/`;
const CONTACTS = (project: number | string) => `/api/projects/${project}/contacts/`;
const CONTACT = (project: number, contact: number | string) => `${CONTACTS(project)}${contact}/`;

/** Persona pm (user 2) manages projects 1–12; qcl (user 5) is their QC lead. */
const PM = 2;
const QCL = 5;
/** A staff member who is on no canonical team in the seed. */
const newcomer = (state: ReturnType<typeof buildSeed>, project: number) =>
  state.people.find(
    (person) =>
      person.id > 100 &&
      !state.projectMembers.some((m) => m.project_id === project && m.person_id === person.id),
  )!;

const NEW_MEMBER = {
  role: 'developer',
  allocation: 50,
  start_date: '2026-01-05',
  end_date: null,
};

const team = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(TEAM(project)).set(auth)).body as TeamMember[];
const history = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(`/api/projects/${project}/history/`).set(auth))
    .body as ProjectHistoryEntry[];
const contacts = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(CONTACTS(project)).set(auth)).body as ProjectContact[];

describe('the team and contacts seed', () => {
  it('gives every project its manager and QC lead plus 2–6 staff, the same every time', () => {
    const state = buildSeed();
    expect(buildSeed().projectMembers).toEqual(state.projectMembers);
    for (const project of state.projects) {
      const members = state.projectMembers.filter((m) => m.project_id === project.id);
      const crm = state.projectTeams.find((t) => t.project_id === project.id)!;
      const manager = members.filter((m) => m.role === 'project_manager');
      expect(manager.map((m) => m.person_id)).toEqual([crm.pm_id]);
      if (crm.qcl_id !== crm.pm_id)
        expect(members.find((m) => m.person_id === crm.qcl_id)?.role).toBe('qc_lead');
      const staff = members.filter((m) => m.person_id !== crm.pm_id && m.person_id !== crm.qcl_id);
      expect(staff.length).toBeGreaterThanOrEqual(2);
      expect(staff.length).toBeLessThanOrEqual(6);
      expect(staff.every((m) => m.person_id > 100)).toBe(true);
      expect(new Set(members.map((m) => m.person_id)).size).toBe(members.length);
      for (const m of members) {
        expect(m.allocation).toBeGreaterThanOrEqual(1);
        expect(m.allocation).toBeLessThanOrEqual(100);
        if (m.end_date) expect(m.end_date >= m.start_date).toBe(true);
      }
    }
  });

  it('gives canonical projects 3–6 contacts, one of each side, and others 0–3', () => {
    const state = buildSeed();
    expect(buildSeed().projectContacts).toEqual(state.projectContacts);
    for (const project of state.projects) {
      const list = state.projectContacts.filter((c) => c.project_id === project.id);
      if (project.id <= 12) {
        expect(list.length).toBeGreaterThanOrEqual(3);
        expect(list.length).toBeLessThanOrEqual(6);
        expect(new Set(list.map((c) => c.side))).toEqual(
          new Set(['client', 'third_party', 'company']),
        );
      } else expect(list.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('GET /api/projects/{id}/team/', () => {
  it('lists the members by role then name, with the person, and counts the current ones in team_size', async () => {
    const admin = await signIn('admin');
    const members = await team(admin);
    expect(members[0]).toMatchObject({
      role: 'project_manager',
      person: { id: PM, name: 'Priya Nair', login: 'pnair' },
    });
    expect(members[1]).toMatchObject({ role: 'qc_lead', person: { id: QCL } });
    const detail = (await request(admin.app).get('/api/projects/1/').set(admin.auth))
      .body as ProjectDetail;
    const today = todayOnServer();
    const current = members.filter(
      (member) => member.end_date === null || member.end_date >= today,
    );
    expect(current.length).toBeLessThan(members.length);
    expect(detail.team_size).toBe(current.length);
  });

  it('needs CAN_VIEW_TEAM, and answers 404 for an unknown project', async () => {
    const owner = await signIn('risk_owner');
    const refused = await request(owner.app).get(TEAM(1)).set(owner.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_TEAM');
    const admin = await signIn('admin');
    expect((await request(admin.app).get(TEAM(99999)).set(admin.auth)).status).toBe(404);
  });
});

describe('POST /api/projects/{id}/team/', () => {
  it('adds a member, records it in the History and raises team_size', async () => {
    const admin = await signIn('admin');
    const person = newcomer(buildSeed(), 1);
    const before = await team(admin);
    const sizeBefore = (
      (await request(admin.app).get('/api/projects/1/').set(admin.auth)).body as ProjectDetail
    ).team_size;
    const res = await request(admin.app)
      .post(TEAM(1))
      .set(admin.headers)
      .send({ ...NEW_MEMBER, person_id: person.id, end_date: '2030-06-30' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      person: { id: person.id, name: person.name },
      role: 'developer',
      allocation: 50,
      start_date: '2026-01-05',
      end_date: '2030-06-30',
    });
    expect(await team(admin)).toHaveLength(before.length + 1);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({
      section: 'Team',
      field: 'Member',
      old_value: '',
      by: { id: 1 },
    });
    expect(entry!.new_value).toContain(person.name);
    expect(entry!.new_value).toContain('Developer, 50%, 01/05/2026 – 06/30/2030');
    const detail = (await request(admin.app).get('/api/projects/1/').set(admin.auth))
      .body as ProjectDetail;
    expect(detail.team_size).toBe(sizeBefore + 1);
  });

  it('refuses a person already on the team, an allocation outside 1–100, an end before the start', async () => {
    const admin = await signIn('admin');
    const person = newcomer(buildSeed(), 1);
    const send = (body: object) => request(admin.app).post(TEAM(1)).set(admin.headers).send(body);
    const twice = await send({ ...NEW_MEMBER, person_id: QCL });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ person_id: [TEAM_MESSAGES.alreadyMember] });
    const high = await send({ ...NEW_MEMBER, person_id: person.id, allocation: 150 });
    expect(high.body).toEqual({ allocation: ['Ensure this value is less than or equal to 100.'] });
    const low = await send({ ...NEW_MEMBER, person_id: person.id, allocation: 0 });
    expect(low.body).toEqual({
      allocation: ['Ensure this value is greater than or equal to 1.'],
    });
    const fraction = await send({ ...NEW_MEMBER, person_id: person.id, allocation: 12.5 });
    expect(fraction.body).toEqual({ allocation: ['A valid integer is required.'] });
    const dates = await send({
      ...NEW_MEMBER,
      person_id: person.id,
      start_date: '2026-03-01',
      end_date: '2026-02-28',
    });
    expect(dates.body).toEqual({ end_date: [TEAM_MESSAGES.endBeforeStart] });
    const manager = await send({ ...NEW_MEMBER, person_id: person.id, role: 'project_manager' });
    expect(manager.body).toEqual({ role: [TEAM_MESSAGES.managerRole] });
    const empty = await send({});
    expect(Object.keys(empty.body).sort()).toEqual([
      'allocation',
      'person_id',
      'role',
      'start_date',
    ]);
    const wrong = await send({
      person_id: 'x',
      role: 7,
      allocation: '50',
      start_date: '05/01/2026',
      end_date: [],
    });
    expect(Object.keys(wrong.body).sort()).toEqual([
      'allocation',
      'end_date',
      'person_id',
      'role',
      'start_date',
    ]);
    const unknown = await send({ ...NEW_MEMBER, person_id: 999_999 });
    expect(unknown.body.person_id[0]).toMatch(/does not exist/);
    expect((await history(admin)).filter((e) => e.section === 'Team')).toEqual([]);
  });

  it('answers 403 naming CAN_EDIT_PROJECT_CARD, stores nothing; 404 for an unknown project', async () => {
    const portfolio = await signIn('portfolio');
    const person = newcomer(buildSeed(), 1);
    const before = await team(portfolio);
    const res = await request(portfolio.app)
      .post(TEAM(1))
      .set(portfolio.headers)
      .send({ ...NEW_MEMBER, person_id: person.id });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    expect(await team(portfolio)).toEqual(before);
    const admin = await signIn('admin');
    const missing = await request(admin.app)
      .post(TEAM(99999))
      .set(admin.headers)
      .send({ ...NEW_MEMBER, person_id: person.id });
    expect(missing.status).toBe(404);
  });
});

describe('PATCH and DELETE /api/projects/{id}/team/{memberId}/', () => {
  it('changes role and allocation, one History line each', async () => {
    const admin = await signIn('admin');
    const member = (await team(admin)).find(
      (m) => m.role !== 'project_manager' && m.role !== 'qc_lead',
    )!;
    const res = await request(admin.app)
      .patch(MEMBER(1, member.id))
      .set(admin.headers)
      .send({ role: 'architect', allocation: member.allocation === 80 ? 90 : 80 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, role: 'architect' });
    const entries = (await history(admin)).filter((e) => e.section === 'Team');
    expect(entries.map((e) => e.field).sort()).toEqual(
      [
        `Allocation of ${member.person.name} (${member.person.login})`,
        `Role of ${member.person.name} (${member.person.login})`,
      ].sort(),
    );
    // Nothing changed: nothing recorded.
    await request(admin.app)
      .patch(MEMBER(1, member.id))
      .set(admin.headers)
      .send({ role: 'architect' });
    expect((await history(admin)).filter((e) => e.section === 'Team')).toHaveLength(2);
  });

  it("keeps the manager's role, checks the dates against the stored ones, refuses a new person", async () => {
    const admin = await signIn('admin');
    const members = await team(admin);
    const manager = members.find((m) => m.role === 'project_manager')!;
    const other = members.find((m) => m.role === 'developer' || m.role === 'tester')!;
    const patch = (id: number, body: object) =>
      request(admin.app).patch(MEMBER(1, id)).set(admin.headers).send(body);
    expect((await patch(manager.id, { role: 'developer' })).body).toEqual({
      role: [TEAM_MESSAGES.managerRoleKept],
    });
    expect((await patch(other.id, { role: 'project_manager' })).body).toEqual({
      role: [TEAM_MESSAGES.managerRole],
    });
    expect((await patch(other.id, { end_date: '2000-01-01' })).body).toEqual({
      end_date: [TEAM_MESSAGES.endBeforeStart],
    });
    expect((await patch(other.id, { person_id: QCL })).status).toBe(400);
    expect((await patch(other.id, { allocation: 101 })).status).toBe(400);
    expect((await patch(manager.id, { allocation: 40 })).body).toMatchObject({ allocation: 40 });
    expect((await patch(9_999_999, { allocation: 40 })).status).toBe(404);
  });

  it('removes a member (204, History), never the project manager (400 non_field_errors)', async () => {
    const admin = await signIn('admin');
    const members = await team(admin);
    const manager = members.find((m) => m.role === 'project_manager')!;
    const qcl = members.find((m) => m.role === 'qc_lead')!;
    const refused = await request(admin.app).delete(MEMBER(1, manager.id)).set(admin.headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [TEAM_MESSAGES.managerRemoved] });
    expect(refused.body.non_field_errors[0]).toContain('CRM');
    const removed = await request(admin.app).delete(MEMBER(1, qcl.id)).set(admin.headers);
    expect(removed.status).toBe(204);
    expect((await team(admin)).map((m) => m.id)).not.toContain(qcl.id);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({ section: 'Team', field: 'Member', new_value: '' });
    expect(entry!.old_value).toContain('QC lead');
    expect((await request(admin.app).delete(MEMBER(1, qcl.id)).set(admin.headers)).status).toBe(
      404,
    );
  });

  it('answers 403 naming the flag to a persona without CAN_EDIT_PROJECT_CARD', async () => {
    const pm = await signIn('pm');
    const [, member] = await team(pm);
    const patch = await request(pm.app)
      .patch(MEMBER(1, member!.id))
      .set(pm.headers)
      .send({ allocation: 10 });
    expect(patch.status).toBe(403);
    expect(patch.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    const remove = await request(pm.app).delete(MEMBER(1, member!.id)).set(pm.headers);
    expect(remove.status).toBe(403);
    expect(await team(pm)).toContainEqual(member);
  });
});

const NEW_CONTACT = {
  side: 'client',
  name: 'Jane Doe',
  position: 'CTO',
  organisation: 'Acme',
  email: 'jane.doe@acme.example.com',
};

describe('the project contacts', () => {
  it('lists them by side then name, to everyone who sees the card', async () => {
    const portfolio = await signIn('portfolio');
    const list = await contacts(portfolio);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const order = ['client', 'third_party', 'company'];
    const keys = list.map((c) => `${order.indexOf(c.side)}${c.name}`);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
    const viewer = await signIn('viewer');
    expect((await request(viewer.app).get(CONTACTS(1)).set(viewer.auth)).status).toBe(403);
  });

  it('adds, changes and deletes a contact, each in the History', async () => {
    const admin = await signIn('admin');
    const created = await request(admin.app)
      .post(CONTACTS(1))
      .set(admin.headers)
      .send({ ...NEW_CONTACT, phone: '+44 20 7946 0958' });
    expect(created.status).toBe(201);
    const contact = created.body as ProjectContact;
    expect(contact).toMatchObject({ ...NEW_CONTACT, phone: '+44 20 7946 0958', notes: '' });
    const changed = await request(admin.app)
      .patch(CONTACT(1, contact.id))
      .set(admin.headers)
      .send({ side: 'third_party', notes: 'Signs off the releases.' });
    expect(changed.body).toMatchObject({ side: 'third_party', notes: 'Signs off the releases.' });
    const deleted = await request(admin.app).delete(CONTACT(1, contact.id)).set(admin.headers);
    expect(deleted.status).toBe(204);
    expect((await contacts(admin)).map((c) => c.id)).not.toContain(contact.id);
    const entries = (await history(admin)).filter((e) => e.section === 'Contacts');
    expect(entries.map((e) => [e.field, e.old_value, e.new_value])).toEqual(
      expect.arrayContaining([
        ['Contact', '', 'Jane Doe, CTO at Acme (Client side), jane.doe@acme.example.com'],
        ['Side of Jane Doe', 'Client side', 'Third party'],
        ['Notes of Jane Doe', '', 'Signs off the releases.'],
        ['Contact', 'Jane Doe, CTO at Acme (Third party), jane.doe@acme.example.com', ''],
      ]),
    );
  });

  it('validates every field, the email and phone included, and stores nothing refused', async () => {
    const admin = await signIn('admin');
    const send = (body: object) =>
      request(admin.app).post(CONTACTS(1)).set(admin.headers).send(body);
    const bad = await send({
      side: 'vendor',
      name: ' ',
      position: false,
      organisation: 'x'.repeat(101),
      email: 'not-an-email',
      phone: 'call me',
      notes: 'n'.repeat(201),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      side: ['"vendor" is not a valid choice.'],
      name: ['This field may not be blank.'],
      position: ['Not a valid string.'],
      organisation: ['Ensure this field has no more than 100 characters.'],
      email: ['Enter a valid email address.'],
      phone: ['Enter a valid phone number: digits, spaces, brackets, dots or dashes.'],
      notes: ['Ensure this field has no more than 200 characters.'],
    });
    const empty = await send({});
    expect(Object.keys(empty.body).sort()).toEqual([
      'email',
      'name',
      'organisation',
      'position',
      'side',
    ]);
    const [first] = await contacts(admin);
    const patch = await request(admin.app)
      .patch(CONTACT(1, first!.id))
      .set(admin.headers)
      .send({ email: 'nope' });
    expect(patch.body).toEqual({ email: ['Enter a valid email address.'] });
    expect(await history(admin)).toEqual([]);
  });

  it('answers 403 naming CAN_EDIT_CONTACT, and 404 for an unknown contact', async () => {
    const portfolio = await signIn('portfolio');
    const [first] = await contacts(portfolio);
    const add = await request(portfolio.app)
      .post(CONTACTS(1))
      .set(portfolio.headers)
      .send(NEW_CONTACT);
    expect(add.status).toBe(403);
    expect(add.body.detail).toContain('CAN_EDIT_CONTACT');
    const remove = await request(portfolio.app)
      .delete(CONTACT(1, first!.id))
      .set(portfolio.headers);
    expect(remove.status).toBe(403);
    // pm holds CAN_EDIT_CONTACT.
    const pm = await signIn('pm');
    expect(
      (await request(pm.app).patch(CONTACT(1, 999_999)).set(pm.headers).send({ name: 'X' })).status,
    ).toBe(404);
    const other = (await contacts(pm, 2))[0]!;
    // A contact of project 2 is not one of project 1.
    expect(
      (await request(pm.app).patch(CONTACT(1, other.id)).set(pm.headers).send({ name: 'X' }))
        .status,
    ).toBe(404);
  });
});
