import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type {
  ProfileValidation,
  ProjectActionItem,
  ProjectAttribute,
} from '../../../src/api/contract/projectAttributes';
import type { AuditOutcome } from '../../../src/api/contract/polls';
import type { ProjectDetail, ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { getHistory as getRiskHistory, snapshot } from '../risks/testing';
import { binary } from '../../testing/binary';
import { signIn, type SignedIn } from '../../testing/signIn';

const PDF = fixtureFile('evidence.pdf');
const OLE2 = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(40),
]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
const EML = Buffer.from(
  'From: Priya Nair <pnair@example.com>\r\nSubject: Profile\r\n\r\nSigned.\r\n',
);

const get = (user: SignedIn, path: string) => request(user.app).get(path).set(user.auth);
const patch = (user: SignedIn, path: string, body: unknown) =>
  request(user.app)
    .patch(path)
    .set(user.headers)
    .send(body as object);
const post = (user: SignedIn, path: string) => request(user.app).post(path).set(user.headers);
const del = (user: SignedIn, path: string) => request(user.app).delete(path).set(user.headers);

const attributes = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/attributes/`)).body as ProjectAttribute[];
const attribute = async (user: SignedIn, key: string, projectId = 1) =>
  (await attributes(user, projectId)).find((candidate) => candidate.key === key)!;
const history = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/history/`)).body as ProjectHistoryEntry[];
const validation = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/profile-validation/`)).body as ProfileValidation;
const uploadFiles = (user: SignedIn, projectId = 1) =>
  post(user, `/api/projects/${projectId}/profile-validation/files/`);
const uploadRevenue = (user: SignedIn, projectId = 1) =>
  post(user, `/api/projects/${projectId}/profile-revenue/`);
const actionItems = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/action-items/`)).body as ProjectActionItem[];

describe('GET /api/projects/{id}/attributes/', () => {
  it('lists the ten attributes of project 1 with their types, values and validations', async () => {
    const admin = await signIn('admin');
    const list = await attributes(admin);
    expect(list.map((a) => [a.key, a.type])).toEqual([
      ['delivery_model', 'choice'],
      ['contract_value', 'number'],
      ['go_live_date', 'date'],
      ['offshore_share', 'number'],
      ['agile', 'boolean'],
      ['client_industry', 'text'],
      ['regulated_domain', 'boolean'],
      ['main_technology', 'text'],
      ['team_location', 'choice'],
      ['support_hours', 'text'],
    ]);
    expect(list[0]).toMatchObject({
      value: 'fixed_price',
      validation: { by: { id: 5, login: 'ohaddad' } },
    });
    expect(list[1]).toMatchObject({ value: 1_250_000, unit: 'EUR', min: 0, decimals: 2 });
    expect(list[9]).toMatchObject({ value: null, validation: null, updated_by: null });
  });

  it('answers 404 for an unknown project and 403 without the card flag', async () => {
    const admin = await signIn('admin');
    expect((await get(admin, '/api/projects/99999/attributes/')).status).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    const res = await get(viewer, '/api/projects/1/attributes/');
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
  });
});

describe('PATCH /api/projects/{id}/attributes/', () => {
  it('fills unvalidated attributes (pm, with the fill flag) and records each in the History', async () => {
    const pm = await signIn('pm');
    const res = await patch(pm, '/api/projects/1/attributes/', {
      support_hours: '  8x5 CET ',
      go_live_date: '2027-04-01',
      agile: false,
    });
    expect(res.status).toBe(200);
    const list = res.body as ProjectAttribute[];
    expect(list.find((a) => a.key === 'support_hours')).toMatchObject({
      value: '8x5 CET',
      updated_by: { id: 2 },
    });
    const entries = await history(pm);
    expect(entries.slice(0, 3).map((e) => [e.section, e.field, e.old_value, e.new_value])).toEqual(
      expect.arrayContaining([
        ['Attributes', 'Support hours', '', '8x5 CET'],
        ['Attributes', 'Go-live date', '03/15/2027', '04/01/2027'],
        ['Attributes', 'Agile', 'Yes', 'No'],
      ]),
    );
  });

  it('refuses a validated attribute to the fill flag alone (403 naming CAN_EDIT_ATTRIBUTES)', async () => {
    const pm = await signIn('pm');
    const before = snapshot(pm);
    const res = await patch(pm, '/api/projects/1/attributes/', {
      support_hours: '24x7',
      delivery_model: 'managed_service',
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_ATTRIBUTES');
    expect(snapshot(pm)).toBe(before);
    // The same value as validated changes nothing and is allowed.
    expect(
      (await patch(pm, '/api/projects/1/attributes/', { delivery_model: 'fixed_price' })).status,
    ).toBe(200);
  });

  it('lets the edit flag change a validated value, which clears its validation', async () => {
    const admin = await signIn('admin');
    const res = await patch(admin, '/api/projects/1/attributes/', { contract_value: 1_300_000.5 });
    expect(res.status).toBe(200);
    expect(await attribute(admin, 'contract_value')).toMatchObject({
      value: 1_300_000.5,
      validation: null,
    });
    const [cleared, changed] = await history(admin);
    expect(changed).toMatchObject({
      field: 'Contract value',
      old_value: '1,250,000 EUR',
      new_value: '1,300,000.5 EUR',
    });
    expect(cleared).toMatchObject({
      field: 'Contract value (validation)',
      old_value: 'Validated by Omar Haddad',
    });
  });

  it('answers 400 by attribute key for values that do not fit their type; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = snapshot(admin);
    const res = await patch(admin, '/api/projects/1/attributes/', {
      delivery_model: 'cost_plus',
      contract_value: '1000',
      go_live_date: '2027-02-30',
      offshore_share: 101,
      agile: 'yes',
      client_industry: '   ',
      regulated_domain: 1,
      main_technology: 'x'.repeat(201),
      team_location: null,
      support_hours: ['8x5'],
      nickname: 'Apollo',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object).sort()).toEqual(
      [
        'agile',
        'client_industry',
        'contract_value',
        'delivery_model',
        'go_live_date',
        'main_technology',
        'nickname',
        'offshore_share',
        'regulated_domain',
        'support_hours',
      ].sort(),
    );
    expect(res.body.offshore_share).toEqual(['Enter a number from 0 to 100.']);
    expect(res.body.contract_value).toEqual(['Enter a number.']);
    expect(snapshot(admin)).toBe(before);
    expect(
      (await patch(admin, '/api/projects/1/attributes/', { offshore_share: 12.5 })).body,
    ).toEqual({ offshore_share: ['Enter a whole number.'] });
    expect((await patch(admin, '/api/projects/1/attributes/', {})).status).toBe(400);
    expect((await patch(admin, '/api/projects/1/attributes/', [1])).status).toBe(400);
    expect(snapshot(admin)).toBe(before);
  });

  it('answers 403 naming the fill flag to a persona without either flag', async () => {
    const expert = await signIn('expert');
    const res = await patch(expert, '/api/projects/1/attributes/', { support_hours: '24x7' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_FILL_PROJECT_ATTRIBUTES');
  });
});

describe('attribute validation', () => {
  it('validates a filled value (who and when kept), refuses an empty or validated one', async () => {
    const admin = await signIn('admin');
    const path = (key: string) => `/api/projects/1/attributes/${key}/validation/`;
    expect((await post(admin, path('support_hours'))).body).toEqual({
      non_field_errors: ['Fill in a value before validating it.'],
    });
    const res = await post(admin, path('main_technology'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'main_technology',
      validation: { by: { id: 1 }, at: expect.any(String) },
    });
    expect((await post(admin, path('main_technology'))).status).toBe(400);
    expect((await history(admin))[0]).toMatchObject({
      section: 'Attributes',
      field: 'Main technology (validation)',
      old_value: 'Not validated',
      new_value: 'Validated: Java / Spring Boot',
    });
    expect((await post(admin, path('nickname'))).status).toBe(404);
  });

  it('validating needs CAN_VALIDATE_ATTRIBUTES; clearing needs CAN_EDIT_ATTRIBUTES', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const before = snapshot(admin);
    const validate = await post(pm, '/api/projects/1/attributes/agile/validation/');
    expect(validate.status).toBe(403);
    expect(validate.body.detail).toContain('CAN_VALIDATE_ATTRIBUTES');
    const clear = await del(pm, '/api/projects/1/attributes/delivery_model/validation/');
    expect(clear.status).toBe(403);
    expect(clear.body.detail).toContain('CAN_EDIT_ATTRIBUTES');
    expect(snapshot(admin)).toBe(before);

    const cleared = await del(admin, '/api/projects/1/attributes/delivery_model/validation/');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ value: 'fixed_price', validation: null });
    expect((await del(admin, '/api/projects/1/attributes/agile/validation/')).status).toBe(400);
    // Unvalidated now, the pm may change it.
    expect(
      (await patch(pm, '/api/projects/1/attributes/', { delivery_model: 'managed_service' }))
        .status,
    ).toBe(200);
  });
});

describe('profile validation status', () => {
  it('shows project 1 in progress with two files, and a project without one as not started', async () => {
    const admin = await signIn('admin');
    const current = await validation(admin);
    expect(current).toMatchObject({ status: 'in_progress', updated_by: { id: 2 } });
    expect(current.files.map((f) => f.file_name)).toEqual([
      'Profile review minutes.pdf',
      'Delivery organisation.png',
    ]);
    const download = await request(admin.app).get(current.files[0]!.url).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((download.body as Buffer).length).toBe(current.files[0]!.size);
    const state = admin.app.mock.db.getState();
    const bare = state.projects.find(
      (project) => !state.profileValidations.some((row) => row.project_id === project.id),
    )!.id;
    expect(await validation(admin, bare)).toEqual({
      status: 'not_started',
      comment: '',
      updated_by: null,
      updated_at: null,
      files: [],
    });
    const forged = current.files[0]!.url.replace(/signature=\w+/, `signature=${'0'.repeat(64)}`);
    expect((await request(admin.app).get(forged)).status).toBe(403);
  });

  it('changes status and comment with the flag, a rejection needs a comment, History records it', async () => {
    const admin = await signIn('admin');
    const path = '/api/projects/1/profile-validation/';
    expect((await patch(admin, path, { status: 'rejected', comment: ' ' })).body).toEqual({
      comment: ['Say why the profile was rejected.'],
    });
    expect((await patch(admin, path, { status: 'done', comment: false })).body).toEqual({
      status: ['Select a valid choice. done is not one of the available choices.'],
      comment: ['Not a valid string.'],
    });
    expect((await patch(admin, path, { comment: 'x'.repeat(1001) })).status).toBe(400);
    const res = await patch(admin, path, { status: 'validated', comment: 'Signed off.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'validated', comment: 'Signed off.' });
    const [comment, status] = await history(admin);
    expect(status).toMatchObject({
      section: 'Profile validation',
      field: 'Status',
      old_value: 'In progress',
      new_value: 'Validated',
    });
    expect(comment).toMatchObject({ field: 'Comment', new_value: 'Signed off.' });

    const pm = await signIn('pm', { app: admin.app });
    const refused = await patch(pm, path, { status: 'in_progress' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROFILE_VALIDATION_STATUS');
  });

  it('takes up to three files of the listed types, checked by content; stores nothing refused', async () => {
    const admin = await signIn('admin');
    const before = snapshot(admin);
    const refused = [
      uploadFiles(admin).attach('files', Buffer.from('hello'), 'notes.txt'),
      uploadFiles(admin).attach('files', ZIP, 'budget.xlsx'),
      uploadFiles(admin).attach('files', Buffer.from('MZ not a pdf'), 'scan.pdf'),
      uploadFiles(admin).attach('files', Buffer.from('plain words'), 'mail.eml'),
      uploadFiles(admin).attach('files', Buffer.alloc(0), 'empty.pdf'),
      // Two more would make four with the two held.
      uploadFiles(admin).attach('files', PDF, 'a.pdf').attach('files', PDF, 'b.pdf'),
    ];
    for (const call of refused) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    let four = uploadFiles(admin, 2);
    for (let n = 0; n < 4; n += 1) four = four.attach('files', PDF, `p${n}.pdf`);
    expect((await four).body).toEqual({ files: [FILE_ERROR] });
    expect((await uploadFiles(admin).send({ files: [] })).status).toBe(415);
    expect(snapshot(admin)).toBe(before);

    const res = await uploadFiles(admin).attach('files', EML, 'Sign-off.eml');
    expect(res.status).toBe(201);
    const added = (res.body as ProfileValidation).files[2]!;
    expect(added).toMatchObject({
      file_name: 'Sign-off.eml',
      size: EML.length,
      uploaded_by: { id: 1 },
    });
    expect((await history(admin))[0]).toMatchObject({
      section: 'Profile validation',
      field: 'File',
      new_value: 'Sign-off.eml',
    });
    const bytes = await request(admin.app).get(added.url).buffer(true).parse(binary);
    expect(Buffer.compare(bytes.body as Buffer, EML)).toBe(0);
    expect((await uploadFiles(admin).attach('files', PDF, 'd.pdf')).status).toBe(400);

    // Other types on a project without files: msg, doc and a PNG.
    const state = admin.app.mock.db.getState();
    const bare = state.projects.find(
      (project) => !state.profileValidations.some((row) => row.project_id === project.id),
    )!.id;
    const three = await uploadFiles(admin, bare)
      .attach('files', OLE2, 'mail.msg')
      .attach('files', OLE2, 'old.doc')
      .attach('files', fixtureFile('x.png'), 'chart.png');
    expect(three.status).toBe(201);
    expect((await validation(admin, bare)).files).toHaveLength(3);
  });

  it('refuses uploads and deletes without the flag (403 naming it), before reading the body', async () => {
    const pm = await signIn('pm');
    const before = snapshot(pm);
    const res = await uploadFiles(pm).attach('files', PDF, 'a.pdf');
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_EDIT_PROFILE_VALIDATION_STATUS');
    const file = (await validation(pm)).files[0]!;
    expect((await del(pm, `/api/projects/1/profile-validation/files/${file.id}/`)).status).toBe(
      403,
    );
    expect(snapshot(pm)).toBe(before);
  });

  it('removes a file with the flag; an unknown file is a 404', async () => {
    const admin = await signIn('admin');
    const file = (await validation(admin)).files[0]!;
    const path = `/api/projects/1/profile-validation/files/${file.id}/`;
    expect((await del(admin, path)).status).toBe(204);
    expect((await validation(admin)).files).toHaveLength(1);
    expect((await del(admin, path)).status).toBe(404);
    expect((await history(admin))[0]).toMatchObject({
      field: 'File',
      old_value: 'Profile review minutes.pdf',
      new_value: '',
    });
  });
});

describe('POST /api/projects/{id}/profile-revenue/', () => {
  it('stores one spreadsheet, shown on the project with a download link, and replaces it', async () => {
    const admin = await signIn('admin');
    const res = await uploadRevenue(admin).attach('files', ZIP, 'Revenue 2026.xlsx');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ file_name: 'Revenue 2026.xlsx', uploaded_by: { id: 1 } });
    const project = (await get(admin, '/api/projects/1/')).body as ProjectDetail;
    expect(project.profile_revenue?.file_name).toBe('Revenue 2026.xlsx');
    // The sheet downloads from its signed address as a plain link, byte for byte.
    for (const url of [
      (res.body as ProjectDetail['profile_revenue'])!.url,
      project.profile_revenue!.url,
    ]) {
      expect(url).toMatch(/^\/api\/project-files\/\d+\/\?user=1&expires=\d+&signature=/);
      const download = await request(admin.app).get(url).buffer(true).parse(binary);
      expect(download.status).toBe(200);
      expect(Buffer.compare(download.body as Buffer, ZIP)).toBe(0);
    }
    await uploadRevenue(admin).attach('files', OLE2, 'Revenue 2027.xls');
    expect((await history(admin))[0]).toMatchObject({
      section: 'Profile revenue',
      old_value: 'Revenue 2026.xlsx',
      new_value: 'Revenue 2027.xls',
    });
  });

  it('refuses other types, renamed files, two files and the persona without the flag', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const before = snapshot(admin);
    for (const call of [
      uploadRevenue(admin).attach('files', PDF, 'revenue.pdf'),
      uploadRevenue(admin).attach('files', PDF, 'revenue.xlsx'),
      uploadRevenue(admin).attach('files', ZIP, 'a.ods').attach('files', ZIP, 'b.ods'),
    ]) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    expect((await uploadRevenue(admin)).status).toBe(415);
    const refused = await uploadRevenue(pm).attach('files', ZIP, 'Revenue.xlsx');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_UPLOAD_PROFILE_REVENUE');
    expect(snapshot(admin)).toBe(before);
  });
});

describe('project action items', () => {
  it('lists the open items of the open risks and issues of project 1, earliest due first', async () => {
    const admin = await signIn('admin');
    const items = await actionItems(admin);
    expect(items.map((item) => [item.id, item.source.type, item.source.id])).toEqual([
      [117, 'risk', 119],
      [3, 'issue', 2],
      [1, 'risk', 1],
    ]);
    expect(items[2]).toMatchObject({ owner: { login: 'lromero' }, due_date: '2026-12-01' });
  });

  it('resolves an item with CAN_RESOLVE_ACTION_PLAN: done in its risk, in both histories', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/projects/1/action-items/1/resolve/');
    expect(res.status).toBe(204);
    expect((await actionItems(owner)).map((item) => item.id)).not.toContain(1);
    expect((await history(owner))[0]).toMatchObject({
      section: 'Action items',
      field: 'Pair a second engineer on the payment integration',
      old_value: 'Open',
    });
    expect((await getRiskHistory(owner, 1))[0]).toMatchObject({
      field: 'action_item',
      new_value: expect.stringContaining('(done)'),
    });
    expect((await post(owner, '/api/projects/1/action-items/1/resolve/')).body).toEqual({
      non_field_errors: ['This action item is done already.'],
    });
  });

  it('refuses without the flag, an item of another project, an unknown one', async () => {
    const pm = await signIn('pm');
    const admin = await signIn('admin', { app: pm.app });
    const before = snapshot(pm);
    const refused = await post(pm, '/api/projects/1/action-items/1/resolve/');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_RESOLVE_ACTION_PLAN');
    expect((await post(admin, '/api/projects/2/action-items/1/resolve/')).status).toBe(404);
    expect((await post(admin, '/api/projects/1/action-items/99999/resolve/')).status).toBe(404);
    expect((await post(admin, '/api/projects/99999/action-items/1/resolve/')).status).toBe(404);
    expect(snapshot(pm)).toBe(before);
  });
});

describe('corrective actions of audit findings as action items', () => {
  const outcomes = async (user: SignedIn, pollId: number) =>
    (await get(user, `/api/polls/${pollId}/outcomes/`)).body as AuditOutcome[];

  it("lists the open corrective actions of project 10's approved audit, earliest due first", async () => {
    const admin = await signIn('admin');
    const items = await actionItems(admin, 10);
    expect(items.map((item) => [item.id, item.source])).toEqual([
      [31, { type: 'check', id: 10, title: 'Audit check AUD_10', can_open: true }],
      [3, { type: 'check', id: 10, title: 'Audit check AUD_10', can_open: true }],
    ]);
    expect(items[0]).toMatchObject({ owner: { login: 'pnair' }, due_date: '2026-10-28' });
    // The observation has no corrective action: it is no action item.
    const observation = (await outcomes(admin, 10)).find((o) => o.severity === 'observation');
    expect(observation).toMatchObject({ owner: null, due_date: null, done_at: null });
    expect(items.map((item) => item.id)).not.toContain(observation!.id);
  });

  it('shows the owner their own action, and nobody those of an audit not approved yet', async () => {
    const pm = await signIn('pm');
    const own = await actionItems(pm, 10);
    expect(own.map((item) => item.id)).toEqual([31, 3]);
    // pm may not open check 10 itself: the tab names it without a link.
    expect(own.map((item) => item.source.can_open)).toEqual([false, false]);
    expect((await get(pm, '/api/polls/10/outcomes/')).status).toBe(404);
    const admin = await signIn('admin', { app: pm.app });
    // Check 3 (project 3) is in its expert phase: its finding is no action item yet.
    expect((await actionItems(admin, 3)).filter((item) => item.source.type === 'check')).toEqual(
      [],
    );
  });

  it('marks a corrective action done with CAN_RESOLVE_ACTION_PLAN: gone from the list, done on the finding, in the history', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(res.status).toBe(204);
    expect((await actionItems(admin, 10)).map((item) => item.id)).toEqual([3]);
    const finding = (await outcomes(admin, 10)).find((o) => o.id === 31)!;
    expect(finding.done_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await history(admin, 10))[0]).toMatchObject({
      section: 'Action items',
      field: 'No signed change requests for two scope changes',
      old_value: 'Open',
      new_value: 'Done (Audit check AUD_10)',
    });
    const again = await post(admin, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['This action item is done already.'] });
  });

  it('refuses without the flag, for another project, without an action, before approval', async () => {
    const pm = await signIn('pm');
    const admin = await signIn('admin', { app: pm.app });
    const before = snapshot(pm);
    const refused = await post(pm, '/api/projects/10/action-items/outcomes/31/resolve/');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_RESOLVE_ACTION_PLAN');
    for (const path of [
      '/api/projects/1/action-items/outcomes/31/resolve/', // another project
      '/api/projects/10/action-items/outcomes/32/resolve/', // the observation
      '/api/projects/3/action-items/outcomes/1/resolve/', // check 3 is not approved
      '/api/projects/10/action-items/outcomes/99999/resolve/',
    ]) {
      expect((await post(admin, path)).status, path).toBe(404);
    }
    expect(snapshot(pm)).toBe(before);
  });
});
