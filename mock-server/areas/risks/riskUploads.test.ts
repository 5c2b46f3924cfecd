import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_ERROR, type RiskComment } from '../../../src/api/contract/risks';
import { createMockApp } from '../../app';
import { fixtureFile } from '../../lib/attachments';
import { getHistory, getRisk, snapshot } from './testing';
import { binary } from '../../testing/binary';
import { signIn, type SignedIn } from '../../testing/signIn';

const PDF = Buffer.from(fixtureFile('plan.pdf'));
const TOO_LONG = 'Ensure this field has no more than 5000 characters.';
const PNG = Buffer.from(fixtureFile('chart.png'));
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
const OLE2 = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(40),
]);

const comment = (user: SignedIn, riskId = 1) =>
  request(user.app).post(`/api/risks/${riskId}/comments/`).set(user.headers);
const comments = async (user: SignedIn, riskId = 1) =>
  (await request(user.app).get(`/api/risks/${riskId}/comments/`).set(user.auth))
    .body as RiskComment[];
const download = (user: SignedIn, url: string, withJwt = true) => {
  const call = request(user.app).get(url).buffer(true).parse(binary);
  return withJwt ? call.set(user.auth) : call;
};

describe('POST /api/risks/{id}/comments/ (multipart)', () => {
  it('stores the text as written with files of every kind whose bytes download again', async () => {
    const owner = await signIn('risk_owner');
    const res = await comment(owner)
      .field('text', 'Plan attached <script>alert(1)</script> https://example.com')
      .attach('files', PDF, 'plan.pdf')
      .attach('files', PNG, 'chart.png')
      .attach('files', ZIP, 'budget.xlsx')
      .attach('files', OLE2, 'old-minutes.doc');
    expect(res.status).toBe(201);
    const created = res.body as RiskComment;
    expect(created).toMatchObject({
      text: 'Plan attached <script>alert(1)</script> https://example.com',
      author: { id: 8 },
    });
    expect(created.attachments.map((a) => [a.name, a.size, a.content_type])).toEqual([
      ['plan.pdf', PDF.length, 'application/pdf'],
      ['chart.png', PNG.length, 'image/png'],
      [
        'budget.xlsx',
        ZIP.length,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['old-minutes.doc', OLE2.length, 'application/msword'],
    ]);
    const file = await download(owner, created.attachments[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?plan\.pdf"?$/);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect(await comments(owner)).toHaveLength(3);
    expect((await getRisk(owner, 1)).comments_count).toBe(3);
    expect((await getHistory(owner, 1))[0]).toMatchObject({
      field: 'comment',
      new_value: expect.stringContaining('plan.pdf'),
    });
  });

  it('takes a comment without files, and a file without text', async () => {
    const owner = await signIn('risk_owner');
    expect((await comment(owner).field('text', 'Only words.')).status).toBe(201);
    expect((await comment(owner).attach('files', PDF, 'only-a-file.pdf')).status).toBe(201);
    const blank = await comment(owner).field('text', '   ');
    expect(blank.body).toEqual({ text: ['This field may not be blank.'] });
  });

  it('refuses a type not listed, a renamed file, an empty file and a sixth file; stores nothing', async () => {
    const owner = await signIn('risk_owner');
    const before = snapshot(owner);
    const refused = [
      comment(owner).field('text', 'x').attach('files', Buffer.from('GIF89a....'), 'a.gif'),
      comment(owner).field('text', 'x').attach('files', Buffer.from('hello'), 'notes.txt'),
      comment(owner).field('text', 'x').attach('files', PDF, 'no-extension'),
      comment(owner)
        .field('text', 'x')
        .attach('files', Buffer.from('MZ\x90\x00 not a pdf'), 'invoice.pdf'),
      comment(owner).field('text', 'x').attach('files', PNG, 'photo.jpg'),
      comment(owner)
        .field('text', 'x')
        .attach('files', PDF, 'ok.pdf')
        .attach('files', Buffer.alloc(0), 'empty.pdf'),
      comment(owner)
        .field('text', 'x')
        .attach('files', PDF, 'ok.pdf')
        .attach('other', PDF, 'x.pdf'),
    ];
    for (const call of refused) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ files: [FILE_ERROR] });
    }
    let six = comment(owner).field('text', 'x');
    for (let n = 0; n < 6; n += 1) six = six.attach('files', PDF, `p${n}.pdf`);
    expect((await six).body).toEqual({ files: [FILE_ERROR] });
    expect(snapshot(owner)).toBe(before);
    expect(owner.app.mock.attachments.get(10_000)).toBeUndefined();
  });

  it("names the files' and the text's problems in one 400, storing nothing", async () => {
    const owner = await signIn('risk_owner');
    const before = snapshot(owner);
    const both = await comment(owner)
      .field('text', 'x'.repeat(5001))
      .attach('files', Buffer.from('MZ\x90\x00 not a pdf'), 'invoice.pdf');
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ files: [FILE_ERROR], text: [TOO_LONG] });
    expect(snapshot(owner)).toBe(before);
  });

  it('checks who may comment before what the body is: 403 and 404 before 415', async () => {
    const viewer = await signIn('viewer');
    expect((await comment(viewer, 7).send({ text: 'json' })).status).toBe(403);
    expect((await comment(viewer, 1).send({ text: 'json' })).status).toBe(404);
  });

  it('cuts a file over 50 MB off at the limit and refuses it', async () => {
    const owner = await signIn('risk_owner');
    const before = snapshot(owner);
    const big = Buffer.alloc(52_428_801, 0x20);
    PDF.copy(big);
    const res = await comment(owner).field('text', 'x').attach('files', big, 'huge.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ files: [FILE_ERROR] });
    expect(snapshot(owner)).toBe(before);
  });

  it('answers 413 to a body declared larger than the whole allowance, before reading it', async () => {
    const owner = await signIn('risk_owner');
    const res = await comment(owner)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(300 * 1024 * 1024))
      .send('--x--');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ files: [FILE_ERROR] });
  });

  it('refuses JSON (415), a broken body, the receiver of a transfer, a closed risk and the unseen', async () => {
    const owner = await signIn('risk_owner');
    const viewer = await signIn('viewer', { app: owner.app });
    const before = snapshot(owner);
    expect((await comment(owner).send({ text: 'json' })).status).toBe(415);
    const broken = await comment(owner)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\nbroken');
    expect(broken.status).toBe(400);
    expect((await comment(viewer, 7).field('text', 'Mine?')).status).toBe(403);
    expect((await comment(viewer, 1).field('text', 'Unseen')).status).toBe(404);
    expect((await comment(owner, 3).field('text', 'Closed')).status).toBe(400);
    expect((await comment(owner).field('text', 'x'.repeat(5001))).status).toBe(400);
    expect(snapshot(owner)).toBe(before);
  });
});

describe('GET /api/attachments/{id}/', () => {
  it('downloads a fixture attachment: a real PDF of the size the comment says', async () => {
    const owner = await signIn('risk_owner');
    const [first] = await comments(owner);
    const attachment = first!.attachments[0]!;
    const file = await download(owner, attachment.url);
    expect(file.status).toBe(200);
    const bytes = file.body as Buffer;
    expect(bytes.length).toBe(attachment.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('%%EOF');
  });

  it('opens with the signed address alone (a plain link), never forged, never for the unseen', async () => {
    const owner = await signIn('risk_owner');
    const [first] = await comments(owner);
    const url = first!.attachments[0]!.url;
    expect(url).toMatch(/^\/api\/attachments\/1\/\?user=8&expires=\d+&signature=[0-9a-f]{64}$/);
    expect((await download(owner, url, false)).status).toBe(200);
    expect((await download(owner, url.replace('user=8', 'user=1'), false)).status).toBe(403);
    expect((await download(owner, '/api/attachments/1/', false)).status).toBe(401);
    const viewer = await signIn('viewer', { app: owner.app });
    expect((await download(viewer, '/api/attachments/1/')).status).toBe(404);
    expect((await download(viewer, '/api/attachments/99999/')).status).toBe(404);
  });
});

describe('attachment bytes outside the JSON state', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pep-attachments-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps uploads in a folder beside the data file; a reset clears them', async () => {
    const dataFile = join(folder, 'db.json');
    const owner = await signIn('risk_owner', { dataFile });
    const res = await comment(owner).field('text', 'Kept').attach('files', PDF, 'kept.pdf');
    expect(res.status).toBe(201);
    const attachments = join(folder, 'db-attachments');
    expect(readdirSync(attachments)).toEqual(['10000']);
    const restarted = await signIn('risk_owner', { app: createMockApp({ dataFile }) });
    const url = (res.body as RiskComment).attachments[0]!.url;
    expect(Buffer.compare((await download(restarted, url)).body as Buffer, PDF)).toBe(0);
    expect((await request(restarted.app).post('/__mock/reset')).status).toBe(204);
    expect(existsSync(attachments)).toBe(false);
  });
});
