import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_RULES, type Agreement } from '../../../src/api/contract/agreements';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { FILE_ERROR } from '../../../src/api/contract/risks';
import { fixtureFile } from '../../lib/attachments';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/projects/1/agreements/';
const ONE = (id: number) => `${LIST}${id}/`;
const DOCUMENTS = (id: number) => `${ONE(id)}documents/`;
const PDF = Buffer.from(fixtureFile('signed-sow.pdf'));

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as Agreement[];
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const stored = ({ app }: SignedIn) => JSON.stringify(app.mock.db.getState().agreements);

/** A date `days` from today, as the API writes it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const fresh = {
  type: 'sla',
  reference: 'SLA-2027-001',
  parties: 'Acme Corp. and Delivery Co.',
  start_date: '2027-01-01',
  end_date: '2027-12-31',
  value: 125000.5,
  currency: 'EUR',
  state: 'signed',
};

describe('GET /api/projects/{id}/agreements/', () => {
  it('lists by end date with states, documents and the expiring-soon mark', async () => {
    const admin = await signIn('admin');
    const agreements = await list(admin);
    const ends = agreements.map((agreement) => agreement.end_date);
    expect(ends).toEqual([...ends].sort());
    expect(new Set(agreements.map((agreement) => agreement.state))).toEqual(
      new Set(['draft', 'signed', 'expired']),
    );
    const contract = agreements.find((agreement) => agreement.type === 'contract')!;
    expect(contract.documents[0]).toMatchObject({ file_name: 'MSA-2025-001.pdf' });
    // A seeded document downloads by its signed link.
    const download = await request(admin.app).get(contract.documents[0]!.url);
    expect(download.status).toBe(200);
    expect(download.body.subarray(0, 5).toString()).toBe('%PDF-');
    const expired = agreements.find((agreement) => agreement.state === 'expired')!;
    expect(expired.expiring_soon).toBe(false);
  });

  it('marks a signed agreement ending within 30 days, not one ending later', async () => {
    const admin = await signIn('admin');
    const soon = await request(admin.app)
      .post(LIST)
      .set(admin.headers)
      .send({ ...fresh, start_date: inDays(-100), end_date: inDays(12) });
    expect(soon.body).toMatchObject({ expiring_soon: true, days_left: 12 });
    const later = await request(admin.app)
      .post(LIST)
      .set(admin.headers)
      .send({ ...fresh, start_date: inDays(-100), end_date: inDays(31) });
    expect(later.body).toMatchObject({ expiring_soon: false, days_left: 31 });
  });

  it('answers 404 for an unknown project, 403 without the card', async () => {
    const admin = await signIn('admin');
    expect(
      (await request(admin.app).get('/api/projects/99999/agreements/').set(admin.auth)).status,
    ).toBe(404);
    const viewer = await signIn('viewer', { app: admin.app });
    expect((await request(admin.app).get(LIST).set(viewer.auth)).status).toBe(403);
  });
});

describe('writes', () => {
  it('adds, changes and deletes with CAN_EDIT_PROJECT_CARD, each in the History', async () => {
    const admin = await signIn('admin');
    const added = await request(admin.app).post(LIST).set(admin.headers).send(fresh);
    expect(added.status).toBe(201);
    const agreement = added.body as Agreement;
    expect(agreement).toMatchObject({ ...fresh, documents: [] });
    expect((await history(admin))[0]).toMatchObject({
      section: 'Project agreements',
      field: 'Agreement',
      new_value: 'SLA SLA-2027-001 (Signed, 01/01/2027–12/31/2027)',
    });
    const changed = await request(admin.app)
      .patch(ONE(agreement.id))
      .set(admin.headers)
      .send({ state: 'expired', end_date: '2027-06-30' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ state: 'expired', end_date: '2027-06-30' });
    expect((await history(admin)).slice(0, 2).map((entry) => entry.field)).toEqual(
      expect.arrayContaining(['SLA-2027-001: state', 'SLA-2027-001: end date']),
    );
    const removed = await request(admin.app).delete(ONE(agreement.id)).set(admin.headers);
    expect(removed.status).toBe(204);
    expect((await list(admin)).some((row) => row.id === agreement.id)).toBe(false);
    expect((await history(admin))[0]).toMatchObject({ field: 'Agreement', new_value: '' });
  });

  it('refuses a persona without the flag with a 403 naming it, storing nothing', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const before = stored(admin);
    const id = (await list(admin))[0]!.id;
    for (const call of [
      request(admin.app).post(LIST).set(pm.headers).send(fresh),
      request(admin.app).patch(ONE(id)).set(pm.headers).send({ reference: 'X' }),
      request(admin.app).delete(ONE(id)).set(pm.headers),
      request(admin.app).post(DOCUMENTS(id)).set(pm.headers).attach('files', PDF, 'a.pdf'),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    }
    expect(stored(admin)).toBe(before);
  });

  it('answers 400 by field: end before start, both on create and on change', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const bad = await request(admin.app)
      .post(LIST)
      .set(admin.headers)
      .send({ ...fresh, end_date: '2026-12-31', type: 'loan', value: -1, reference: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      type: ['"loan" is not a valid choice.'],
      reference: ['This field may not be blank.'],
      value: [AGREEMENT_RULES.valueRange],
      end_date: [AGREEMENT_RULES.endAfterStart],
    });
    const missing = await request(admin.app).post(LIST).set(admin.headers).send({});
    expect(Object.keys(missing.body as object).sort()).toEqual(
      ['currency', 'end_date', 'parties', 'reference', 'start_date', 'type', 'value'].sort(),
    );
    const contract = (await list(admin)).find((agreement) => agreement.type === 'contract')!;
    const change = await request(admin.app)
      .patch(ONE(contract.id))
      .set(admin.headers)
      .send({ start_date: '2028-01-01' });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({ end_date: [AGREEMENT_RULES.endAfterStart] });
    expect(stored(admin)).toBe(before);
  });
});

describe('documents', () => {
  it('takes a PDF, serves it back by its signed link and removes it, in the History', async () => {
    const admin = await signIn('admin');
    const id = (await list(admin)).find((agreement) => agreement.state === 'draft')!.id;
    const res = await request(admin.app)
      .post(DOCUMENTS(id))
      .set(admin.headers)
      .attach('files', PDF, 'change-request.pdf');
    expect(res.status).toBe(201);
    const file = (res.body as Agreement).documents[0]!;
    expect(file).toMatchObject({ file_name: 'change-request.pdf', size: PDF.length });
    const download = await request(admin.app).get(file.url);
    expect(download.status).toBe(200);
    expect(download.body).toEqual(PDF);
    expect((await history(admin))[0]).toMatchObject({ new_value: 'change-request.pdf' });
    const removed = await request(admin.app)
      .delete(`${DOCUMENTS(id)}${file.id}/`)
      .set(admin.headers);
    expect(removed.status).toBe(204);
    expect((await list(admin)).find((agreement) => agreement.id === id)!.documents).toEqual([]);
  });

  it('refuses text, GIF, a renamed file and a sixth document with the spec’s message, storing nothing', async () => {
    const admin = await signIn('admin');
    const id = (await list(admin)).find((agreement) => agreement.state === 'draft')!.id;
    const before = stored(admin);
    const upload = () => request(admin.app).post(DOCUMENTS(id)).set(admin.headers);
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
    expect(stored(admin)).toBe(before);
    let three = upload();
    for (let n = 0; n < 3; n += 1) three = three.attach('files', PDF, `a-${n}.pdf`);
    expect((await three).status).toBe(201);
    let more = upload();
    for (let n = 0; n < 3; n += 1) more = more.attach('files', PDF, `b-${n}.pdf`);
    const refused = await more;
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ files: [AGREEMENT_RULES.tooManyFiles] });
  });
});
