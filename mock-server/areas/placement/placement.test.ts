import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type {
  Programme,
  ProjectDependency,
  ProjectPlacement,
} from '../../../src/api/contract/placement';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { signIn, type SignedIn } from '../../testing/signIn';

const PLACEMENT = (project = 1) => `/api/projects/${project}/placement/`;
const RELATED = (project = 1, other?: number) =>
  `/api/projects/${project}/related-projects/${other ? `${other}/` : ''}`;
const DEPENDENCIES = (project = 1, id?: number) =>
  `/api/projects/${project}/dependencies/${id ? `${id}/` : ''}`;

const placement = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(PLACEMENT(project)).set(auth)).body as ProjectPlacement;
const history = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(`/api/projects/${project}/history/`).set(auth))
    .body as ProjectHistoryEntry[];
const send = (
  session: SignedIn,
  method: 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) => {
  const call = request(session.app)[method](path).set(session.headers);
  return body === undefined ? call : call.send(body as object);
};

const newDependency = {
  direction: 'depends_on',
  project_id: 201,
  type: 'deliverable',
  note: 'Needs the usage report.',
  due_date: '2027-01-15',
};

describe('GET the project portfolio tab', () => {
  it('gives project 1 its programme, sub-projects, related projects and both directions of dependencies', async () => {
    const admin = await signIn('admin');
    const tab = await placement(admin);
    expect(tab.programme).toMatchObject({
      name: 'Media platform renewal',
      account: { id: 18, name: 'Stanton - Wyman' },
    });
    expect(tab.programme_projects.map((project) => project.id).sort()).toEqual([19, 47]);
    expect(tab.parent).toBeNull();
    expect(tab.children.map((project) => project.id).sort()).toEqual([19, 47]);
    expect(tab.related.map((project) => project.id)).toEqual([109]);
    expect(tab.dependencies.map((dep) => [dep.direction, dep.project.id, dep.type])).toEqual([
      ['depended_on_by', 109, 'data_interface'],
      ['depended_on_by', 19, 'finish_to_start'],
      ['depends_on', 47, 'shared_resource'],
    ]);
    // The other end reads the same dependency the other way.
    const child = await placement(admin, 19);
    expect(child.parent).toMatchObject({ id: 1, code: 'HBP-0001' });
    expect(child.dependencies).toEqual([
      expect.objectContaining({
        direction: 'depends_on',
        project: expect.objectContaining({ id: 1 }),
      }),
    ]);
  });

  it('is read by anyone with the card flag; the catalogue lists programmes with their account', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    expect((await request(admin.app).get(PLACEMENT()).set(pm.auth)).status).toBe(200);
    const catalogue = (await request(admin.app).get('/api/programmes/').set(pm.auth))
      .body as Programme[];
    const names = catalogue.map((programme) => programme.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(catalogue.filter((programme) => programme.account.id === 18)).toHaveLength(2);
    const viewer = await signIn('viewer', { app: admin.app });
    const refused = await request(admin.app).get(PLACEMENT()).set(viewer.auth);
    expect(refused.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
    expect((await request(admin.app).get(PLACEMENT(99999)).set(admin.auth)).status).toBe(404);
  });
});

describe('PATCH …/placement/', () => {
  it('sets the parent and the programme, one History line each, and clears them', async () => {
    const admin = await signIn('admin');
    const res = await send(admin, 'patch', PLACEMENT(), { parent_id: 213, programme_id: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      parent: { id: 213, name: 'Intelligent Pants panel' },
      programme: { name: 'Data and analytics' },
    });
    expect((await placement(admin, 213)).children.map((project) => project.id)).toEqual([1]);
    const lines = (await history(admin))
      .slice(0, 2)
      .map((entry) => [entry.section, entry.field, entry.old_value, entry.new_value]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['Project portfolio', 'Parent project', '', 'Intelligent Pants panel (IPP-0213)'],
        ['Project portfolio', 'Programme', 'Media platform renewal', 'Data and analytics'],
      ]),
    );
    // The parents' cards say so too: the new one gains the sub-project, the old one loses it.
    const subProjectLine = async (project: number) => {
      const [line] = await history(admin, project);
      return [line!.section, line!.field, line!.old_value, line!.new_value];
    };
    const gained = await subProjectLine(213);
    expect(gained.slice(0, 3)).toEqual(['Project portfolio', 'Sub-project', '']);
    const own = gained[3];
    expect(own).toMatch(/^.+ \(.+\)$/);
    expect((await send(admin, 'patch', PLACEMENT(), { parent_id: 214 })).status).toBe(200);
    expect(await subProjectLine(213)).toEqual(['Project portfolio', 'Sub-project', own, '']);
    expect(await subProjectLine(214)).toEqual(['Project portfolio', 'Sub-project', '', own]);
    const cleared = await send(admin, 'patch', PLACEMENT(), {
      parent_id: null,
      programme_id: null,
    });
    expect(cleared.body).toMatchObject({ parent: null, programme: null, programme_projects: [] });
    expect(await subProjectLine(214)).toEqual(['Project portfolio', 'Sub-project', own, '']);
    const count = (await history(admin)).length;
    expect((await send(admin, 'patch', PLACEMENT(), { parent_id: null })).status).toBe(200);
    expect((await history(admin)).length).toBe(count);
  });

  it('refuses its own parent, a sub-project as parent, an unknown project and another account’s programme, storing nothing', async () => {
    const admin = await signIn('admin');
    const before = await placement(admin);
    const own = await send(admin, 'patch', PLACEMENT(), { parent_id: 1 });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ parent_id: ['A project cannot be its own parent.'] });
    // 19 sits under 1; two levels down counts too.
    expect((await send(admin, 'patch', PLACEMENT(213), { parent_id: 19 })).status).toBe(200);
    const cycle = await send(admin, 'patch', PLACEMENT(), { parent_id: 213 });
    expect(cycle.body).toEqual({
      parent_id: [
        'The chosen project sits under this one: a project cannot be placed under its own sub-project.',
      ],
    });
    const wrong = await send(admin, 'patch', PLACEMENT(), {
      parent_id: 999999,
      programme_id: 3,
      account_id: 2,
    });
    expect(wrong.body).toEqual({
      account_id: ['This field cannot be changed here.'],
      parent_id: ['Invalid pk "999999" - object does not exist.'],
      programme_id: ['This programme belongs to another account than the project.'],
    });
    expect(await placement(admin)).toEqual(before);
  });

  it('needs CAN_EDIT_PROJECT_CARD, named', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const refused = await send(pm, 'patch', PLACEMENT(), { parent_id: 213 });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    expect((await placement(admin)).parent).toBeNull();
  });
});

describe('related projects', () => {
  it('relates both ways, recorded on both cards, and removes the relation', async () => {
    const admin = await signIn('admin');
    const res = await send(admin, 'post', RELATED(), { project_id: 215 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 215, code: 'ITA-0215' });
    expect((await placement(admin, 215)).related.map((project) => project.id)).toEqual([1]);
    expect((await history(admin, 215))[0]).toMatchObject({
      section: 'Project portfolio',
      field: 'Related project',
      new_value: 'Handmade Ball panel (HBP-0001)',
    });
    const again = await send(admin, 'post', RELATED(215), { project_id: 1 });
    expect(again.body).toEqual({ project_id: ['The two projects are already related.'] });
    const self = await send(admin, 'post', RELATED(), { project_id: 1 });
    expect(self.body).toEqual({ project_id: ['A project cannot be related to itself.'] });
    const pm = await signIn('pm', { app: admin.app });
    expect((await send(pm, 'delete', RELATED(1, 215))).status).toBe(403);
    expect((await send(admin, 'delete', RELATED(215, 1))).status).toBe(204);
    expect((await placement(admin)).related.map((project) => project.id)).toEqual([109]);
    expect((await history(admin))[0]).toMatchObject({
      field: 'Related project',
      old_value: 'Intelligent Tuna alarm (ITA-0215)',
      new_value: '',
    });
    expect((await send(admin, 'delete', RELATED(1, 215))).status).toBe(404);
  });
});

describe('dependencies', () => {
  it('adds one seen both ways, recorded in both Histories; refuses itself and a duplicate', async () => {
    const admin = await signIn('admin');
    const res = await send(admin, 'post', DEPENDENCIES(), newDependency);
    expect(res.status).toBe(201);
    const created = res.body as ProjectDependency;
    expect(created).toMatchObject({
      direction: 'depends_on',
      project: { id: 201, name: 'Practical Shoes monitor' },
      type: 'deliverable',
      due_date: '2027-01-15',
    });
    const reverse = (await placement(admin, 201)).dependencies.find((dep) => dep.id === created.id);
    expect(reverse).toMatchObject({ direction: 'depended_on_by', project: { id: 1 } });
    expect((await history(admin))[0]!.new_value).toBe(
      'Depends on Practical Shoes monitor (PSM-0201): Deliverable, due 01/15/2027, Needs the usage report.',
    );
    expect((await history(admin, 201))[0]!.new_value).toBe(
      'Depended on by Handmade Ball panel (HBP-0001): Deliverable, due 01/15/2027, Needs the usage report.',
    );
    // The same dependency asked from the other end is a duplicate too.
    const duplicate = await send(admin, 'post', DEPENDENCIES(201), {
      ...newDependency,
      direction: 'depended_on_by',
      project_id: 1,
    });
    expect(duplicate.body).toEqual({
      project_id: ['This dependency between the two projects already exists with this type.'],
    });
    const self = await send(admin, 'post', DEPENDENCIES(), { ...newDependency, project_id: 1 });
    expect(self.body).toEqual({ project_id: ['A project cannot depend on itself.'] });
  });

  it('answers every field error at once and stores nothing without the flag', async () => {
    const admin = await signIn('admin');
    const before = await placement(admin);
    const res = await send(admin, 'post', DEPENDENCIES(), {
      direction: 'sideways',
      project_id: 'abc',
      type: null,
      note: 'x'.repeat(501),
      due_date: '15/01/2027',
    });
    expect(res.body).toEqual({
      direction: ['"sideways" is not a valid choice.'],
      project_id: ['Incorrect type. Expected pk value, received str.'],
      type: ['This field may not be null.'],
      note: ['Ensure this field has no more than 500 characters.'],
      due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    const pm = await signIn('pm', { app: admin.app });
    const refused = await send(pm, 'post', DEPENDENCIES(), newDependency);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    expect(await placement(admin)).toEqual(before);
  });

  it('changes and deletes from either end, recorded on both; 404 for a dependency of other projects', async () => {
    const admin = await signIn('admin');
    const seeded = (await placement(admin)).dependencies.find((dep) => dep.project.id === 19)!;
    const res = await send(admin, 'patch', DEPENDENCIES(19, seeded.id), {
      type: 'deliverable',
      due_date: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      direction: 'depends_on',
      type: 'deliverable',
      due_date: null,
    });
    const mine = (await history(admin)).slice(0, 2).map((entry) => [entry.field, entry.new_value]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['Dependency of Refined Towels program (RTP-0019): type', 'Deliverable'],
        ['Dependency of Refined Towels program (RTP-0019): due date', 'No due date'],
      ]),
    );
    expect((await history(admin, 19))[0]!.field).toMatch(/^Dependency on Handmade Ball panel/);
    expect(
      (await send(admin, 'patch', DEPENDENCIES(19, seeded.id), { project_id: 2 })).body,
    ).toEqual({
      project_id: ['This field cannot be changed here.'],
    });
    expect((await send(admin, 'delete', DEPENDENCIES(2, seeded.id))).status).toBe(404);
    expect((await send(admin, 'delete', DEPENDENCIES(1, seeded.id))).status).toBe(204);
    expect((await placement(admin, 19)).dependencies).toEqual([]);
    expect((await history(admin, 19))[0]).toMatchObject({ field: 'Dependency', new_value: '' });
  });
});
