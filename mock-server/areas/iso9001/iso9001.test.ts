import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ISO_REQUIREMENTS,
  ISO_RULES,
  isoReadiness,
  type IsoAssessment,
  type IsoEvidenceOption,
} from '../../../src/api/contract/iso9001';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/iso-9001/';
const ONE = (requirement: number) => `${LIST}${requirement}/`;
const FILES = (requirement: number) => `${ONE(requirement)}files/`;
const PDF = Buffer.from(fixtureFile('iso-evidence.pdf'));

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as IsoAssessment[];
const rowOf = (rows: IsoAssessment[], requirement: number) =>
  rows.find((row) => row.requirement === requirement)!;
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const stored = ({ app }: SignedIn) => JSON.stringify(app.mock.db.getState().isoAssessments);
const patch = (session: SignedIn, path: string, body: unknown) =>
  request(session.app)
    .patch(path)
    .set(session.headers)
    .send(body as object);

describe('GET /api/projects/{id}/iso-9001/', () => {
  it('answers every requirement of the catalogue, the seed consistent with the project’s records', async () => {
    const admin = await signIn('admin');
    const rows = await list(admin);
    expect(rows.map((row) => row.requirement)).toEqual(ISO_REQUIREMENTS.map((entry) => entry.id));
    // Project 1: its signed master contract backs 4.1, its open risks 6.1, its finished health
    // check 71 backs 9.1; no audit, so 9.2 is not compliant and its review overdue.
    expect(rowOf(rows, 401)).toMatchObject({
      state: 'compliant',
      evidence: [
        {
          kind: 'agreement',
          label: 'Contract MSA-2025-001 (Signed)',
          path: '/projects/1/project-agreements',
        },
      ],
    });
    expect(rowOf(rows, 601).evidence.map((item) => item.id)).toEqual([1, 7, 119]);
    expect(rowOf(rows, 901).evidence[0]).toMatchObject({
      kind: 'check',
      id: 71,
      path: '/checks/71',
    });
    expect(rowOf(rows, 902)).toMatchObject({ state: 'not_compliant', review_overdue: true });
    expect(rowOf(rows, 804)).toMatchObject({ state: 'not_applicable' });
    expect(rowOf(rows, 804).justification).not.toBe('');
    expect(rowOf(rows, 701)).toMatchObject({
      state: 'not_assessed',
      evidence: [],
      responsible: null,
    });
    const readiness = isoReadiness(rows);
    expect(readiness.overdue).toBe(1);
    expect(readiness.counts.not_assessed).toBeGreaterThan(0);
  });

  it('is read by whoever sees the card; the evidence options need CAN_EDIT_PROJECT_CARD', async () => {
    const admin = await signIn('admin');
    const auditor = await signIn('auditor', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(auditor.auth)).status).toBe(200);
    const refused = await request(admin.app).get(`${LIST}evidence-options/`).set(auditor.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    const viewer = await signIn('viewer', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(viewer.auth)).body.detail).toContain(
      'CAN_VIEW_PROJECT_CARD',
    );
    expect(
      (await request(admin.app).get('/api/projects/99999/iso-9001/').set(admin.auth)).status,
    ).toBe(404);
    const options = (await request(admin.app).get(`${LIST}evidence-options/`).set(admin.auth))
      .body as IsoEvidenceOption[];
    expect(new Set(options.map((option) => option.kind))).toEqual(
      new Set(['check', 'risk', 'agreement', 'document']),
    );
    expect(options.find((option) => option.kind === 'risk' && option.id === 4)).toBeUndefined();
  });
});

describe('PATCH /api/projects/{id}/iso-9001/{requirement}/', () => {
  it('sets a state with evidence, a responsible person and a review date, each change in History', async () => {
    const admin = await signIn('admin');
    const res = await patch(admin, ONE(701), {
      state: 'compliant',
      evidence: [
        { kind: 'check', id: 71 },
        { kind: 'agreement', id: 2 },
        { kind: 'check', id: 71 },
      ],
      responsible_id: 5,
      review_date: '2027-02-01',
      note: 'Staffing plan agreed with the client.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      requirement: 701,
      state: 'compliant',
      responsible: { id: 5 },
      review_date: '2027-02-01',
      review_overdue: false,
      updated_by: { id: 1 },
    });
    expect((res.body as IsoAssessment).evidence.map((item) => item.id)).toEqual([71, 2]);
    const entries = (await history(admin)).filter(
      (entry) => entry.section === 'ISO 9001 Compliance',
    );
    expect(entries.map((entry) => entry.field)).toEqual(
      expect.arrayContaining([
        '7.1 Resources: state',
        '7.1 Resources: evidence',
        '7.1 Resources: responsible',
      ]),
    );
    expect(entries.find((entry) => entry.field === '7.1 Resources: state')).toMatchObject({
      old_value: 'Not assessed',
      new_value: 'Compliant',
    });
  });

  it('refuses not applicable without a justification, on the field, and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const res = await patch(admin, ONE(803), { state: 'not_applicable', justification: '  ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ justification: [ISO_RULES.justificationNeeded] });
    expect(stored(admin)).toBe(before);
    const ok = await patch(admin, ONE(803), {
      state: 'not_applicable',
      justification: 'The client designs the product; we build to its specification.',
    });
    expect(ok.body).toMatchObject({ state: 'not_applicable' });
    // Another state clears the justification.
    const back = await patch(admin, ONE(803), { state: 'partly' });
    expect(back.body).toMatchObject({ state: 'partly', justification: '' });
  });

  it('refuses evidence of another project, a bad state, date or person by field', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const res = await patch(admin, ONE(701), {
      state: 'not_assessed',
      evidence: [{ kind: 'risk', id: 4 }],
      review_date: '02/01/2027',
      responsible_id: 999999,
      note: 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(
      ['evidence', 'note', 'responsible_id', 'review_date', 'state'].sort(),
    );
    expect(res.body.evidence).toEqual([ISO_RULES.notOwnEvidence]);
    expect(stored(admin)).toBe(before);
  });

  it('needs CAN_EDIT_PROJECT_CARD (named); an unknown requirement is 404', async () => {
    const admin = await signIn('admin');
    const auditor = await signIn('auditor', { app: admin.app });
    const before = stored(admin);
    const refused = await patch(auditor, ONE(701), { state: 'compliant' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    expect(stored(admin)).toBe(before);
    expect((await patch(admin, ONE(411), { state: 'compliant' })).status).toBe(404);
    expect((await patch(admin, `${LIST}abc/`, { state: 'compliant' })).status).toBe(404);
  });
});

describe('evidence files', () => {
  it('uploads under the general attachment rules, downloads from the signed link, deletes', async () => {
    const admin = await signIn('admin');
    const res = await request(admin.app)
      .post(FILES(702))
      .set(admin.headers)
      .attach('files', PDF, 'training-records.pdf');
    expect(res.status).toBe(201);
    const file = (res.body as IsoAssessment).files[0]!;
    expect(file.file_name).toBe('training-records.pdf');
    const download = await request(admin.app).get(file.url);
    expect(download.status).toBe(200);
    expect((await history(admin))[0]).toMatchObject({
      section: 'ISO 9001 Compliance',
      field: '7.2 Competence: evidence file',
      new_value: 'training-records.pdf',
    });
    const before = stored(admin);
    const refused = await request(admin.app)
      .post(FILES(702))
      .set(admin.headers)
      .attach('files', Buffer.from('hello'), 'notes.txt');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ files: [FILE_ERROR] });
    expect(stored(admin)).toBe(before);
    const removed = await request(admin.app)
      .delete(`${FILES(702)}${file.id}/`)
      .set(admin.headers);
    expect(removed.status).toBe(204);
    expect(rowOf(await list(admin), 702).files).toEqual([]);
  });
});
