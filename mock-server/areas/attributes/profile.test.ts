import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ProfileValidation } from '../../../src/api/contract/projectAttributes';
import type { ProjectDetail } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { snapshot } from '../risks/testing';
import { fixtureFile } from '../../lib/attachments';
import { binary } from '../../testing/binary';
import { signIn } from '../../testing/signIn';
import {
  PDF,
  OLE2,
  ZIP,
  EML,
  get,
  patch,
  del,
  history,
  validation,
  uploadFiles,
  uploadRevenue,
} from './testing';

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
      .attach('files', Buffer.from(fixtureFile('x.png')), 'chart.png');
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
