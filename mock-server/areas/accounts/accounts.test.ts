import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  CRM_FIELD_MESSAGES,
  CRM_FIELDS,
  type AccountDetail,
  type AccountHistoryEntry,
  type AccountRow,
  type BusinessLineDetail,
  type BusinessLineRef,
  type BusinessSegmentDetail,
} from '../../../src/api/contract/accounts';
import type { Paginated } from '../../../src/api/contract/drf';
import { buildSeed } from '../../seed/seed';
import { signIn, type SignedIn } from '../../testing/signIn';

const SEED = buildSeed();
/** The account of canonical project 1: owned by account_owner, with pm as its extra assistant. */
const ACCOUNT = SEED.projects[0]!.account_id;
const PM = 2;
const LUCIA = 8;
const details = (id = ACCOUNT) => `/api/accounts/${id}/details/`;
const assistants = (id = ACCOUNT) => `/api/accounts/${id}/extra-assistants/`;

const getDetail = async ({ app, auth }: SignedIn, id = ACCOUNT) =>
  (await request(app).get(details(id)).set(auth)).body as AccountDetail;
const getHistory = async ({ app, auth }: SignedIn, id = ACCOUNT) =>
  (await request(app).get(`/api/accounts/${id}/history/`).set(auth)).body as AccountHistoryEntry[];
const overview = async ({ app, auth }: SignedIn, query: Record<string, string | number> = {}) =>
  request(app).get('/api/accounts/overview/').query(query).set(auth);

describe('the account seed', () => {
  it('gives every account a delivery owner, an owner assistant and 0–3 extra assistants', () => {
    expect(SEED.accountTeams).toHaveLength(SEED.accounts.length);
    const ids = new Set(SEED.people.map((person) => person.id));
    for (const team of SEED.accountTeams) {
      expect(ids.has(team.delivery_owner_id!)).toBe(true);
      expect(ids.has(team.owner_assistant_id!)).toBe(true);
      expect(team.owner_assistant_id).not.toBe(team.delivery_owner_id);
      expect(team.extra_assistant_ids.length).toBeLessThanOrEqual(3);
      expect(team.extra_assistant_ids).not.toContain(team.delivery_owner_id);
      expect(team.extra_assistant_ids).not.toContain(team.owner_assistant_id);
    }
    expect(SEED.accountTeams.some((team) => team.extra_assistant_ids.length === 0)).toBe(true);
  });

  it('is the same after every build, and the directory names the same delivery owner', () => {
    expect(buildSeed().accountTeams).toEqual(SEED.accountTeams);
    for (const account of SEED.accounts) {
      const team = SEED.accountTeams.find((candidate) => candidate.account_id === account.id)!;
      const owner = SEED.people.find((person) => person.id === team.delivery_owner_id)!;
      expect(account.delivery_owner).toBe(owner.name);
    }
  });

  it('makes account_owner the delivery owner of the account of project 1, with pm as extra', () => {
    const team = SEED.accountTeams.find((candidate) => candidate.account_id === ACCOUNT)!;
    expect(team.delivery_owner_id).toBe(9);
    expect(team.extra_assistant_ids).toEqual([PM]);
  });
});

describe('GET /api/accounts/overview/', () => {
  it('lists every account with its line, segment, owner and counts, by name', async () => {
    const admin = await signIn('admin');
    const res = await overview(admin, { page_size: 100 });
    expect(res.status).toBe(200);
    const body = res.body as Paginated<AccountRow>;
    expect(body.count).toBe(SEED.accounts.length);
    const names = body.results.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    const row = body.results.find((candidate) => candidate.id === ACCOUNT)!;
    expect(row.delivery_owner).toEqual({ id: 9, name: 'David Kowalski', login: 'dkowalski' });
    expect(row.projects_count).toBe(
      SEED.projects.filter((project) => project.account_id === ACCOUNT).length,
    );
    expect(row.business_line.id).toBeGreaterThan(0);
    expect(row.business_segment.id).toBeGreaterThan(0);
    // Open risks under the account: its own level and its projects'.
    const projectIds = new Set(
      SEED.projects.filter((project) => project.account_id === ACCOUNT).map((p) => p.id),
    );
    const open = SEED.risks.filter(
      (risk) =>
        risk.status === 'open' &&
        risk.kind === 'risk' &&
        ((risk.level === 'account' && risk.scope.id === ACCOUNT) ||
          (risk.level === 'project' && projectIds.has(risk.scope.id))),
    );
    expect(row.open_risks).toBe(open.length);
  });

  it('searches by name, filters by line and segment, orders by -name and pages', async () => {
    const admin = await signIn('admin');
    const target = SEED.accounts.find((account) => account.id === ACCOUNT)!;
    const word = target.name.split(/\W+/)[0]!;
    const found = (await overview(admin, { search: word.toUpperCase() }))
      .body as Paginated<AccountRow>;
    expect(found.results.map((row) => row.id)).toContain(ACCOUNT);
    expect(found.results.every((row) => row.name.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );

    const line = SEED.businessLines[0]!;
    const byLine = (await overview(admin, { line: line.id })).body as Paginated<AccountRow>;
    expect(byLine.results.map((row) => row.id).sort((a, b) => a - b)).toEqual(line.account_ids);

    const segment = SEED.businessSegments[1]!;
    const bySegment = (await overview(admin, { segment: segment.id, page_size: 100 }))
      .body as Paginated<AccountRow>;
    expect(bySegment.count).toBeGreaterThan(0);
    expect(bySegment.results.every((row) => row.business_segment.id === segment.id)).toBe(true);

    const desc = (await overview(admin, { ordering: '-name', page_size: 5 }))
      .body as Paginated<AccountRow>;
    const names = desc.results.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en-US')));
    expect(desc.next).toContain('page=2');

    const beyond = await overview(admin, { page: 99 });
    expect(beyond.status).toBe(404);
  });

  it('answers 400 to a line that is not a number and 403 without CAN_VIEW_ACCOUNT_TAB', async () => {
    const admin = await signIn('admin');
    const bad = await overview(admin, { line: 'x', segment: '1.5' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['line', 'segment']);
    const pm = await signIn('pm');
    const refused = await overview(pm);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_ACCOUNT_TAB');
  });

  it('leaves the directory list as it was', async () => {
    const owner = await signIn('account_owner');
    const res = await request(owner.app).get('/api/accounts/7/').set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SEED.accounts[6]);
  });
});

describe('GET /api/accounts/{id}/details/', () => {
  it('answers the account with its CRM people, extra assistants, projects and risk counts', async () => {
    const owner = await signIn('account_owner');
    const res = await request(owner.app).get(details()).set(owner.auth);
    expect(res.status).toBe(200);
    const detail = res.body as AccountDetail;
    expect(detail.delivery_owner?.id).toBe(9);
    expect(detail.owner_assistant).not.toBeNull();
    expect(detail.extra_assistants).toEqual([{ id: PM, name: 'Priya Nair', login: 'pnair' }]);
    expect(detail.projects.map((project) => project.id)).toContain(1);
    expect(Object.keys(detail.account_risks.risks_by_rating)).toEqual(['low', 'moderate', 'high']);
    expect(Object.keys(detail.project_risks.issues_by_severity)).toEqual([
      'critical',
      'high',
      'moderate',
      'low',
    ]);
    const projectRisks = detail.projects.reduce((sum, project) => sum + project.open_risks, 0);
    expect(detail.project_risks.risks).toBe(projectRisks);
    const accountRisk = SEED.risks.filter(
      (risk) => risk.level === 'account' && risk.scope.id === ACCOUNT && risk.status === 'open',
    );
    expect(detail.account_risks.risks + detail.account_risks.issues).toBe(accountRisk.length);
  });

  it('answers 404 to an unknown account and 403 naming the flag without it', async () => {
    const admin = await signIn('admin');
    for (const path of [details(99999), '/api/accounts/99999/history/']) {
      const missing = await request(admin.app).get(path).set(admin.auth);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toEqual({ detail: 'Not found.' });
    }
    const portfolio = await signIn('portfolio');
    const refused = await request(portfolio.app).get(details()).set(portfolio.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_ACCOUNT_TAB');
  });
});

describe('POST and DELETE /api/accounts/{id}/extra-assistants/', () => {
  it('adds a person, lists them, records who did it, and removes them again', async () => {
    const admin = await signIn('admin');
    const added = await request(admin.app)
      .post(assistants())
      .set(admin.headers)
      .send({ user_id: LUCIA });
    expect(added.status).toBe(201);
    expect((added.body as AccountDetail).extra_assistants.map((person) => person.id)).toEqual([
      PM,
      LUCIA,
    ]);
    expect((await getDetail(admin)).extra_assistants).toHaveLength(2);

    const removed = await request(admin.app).delete(`${assistants()}${PM}/`).set(admin.headers);
    expect(removed.status).toBe(204);
    expect((await getDetail(admin)).extra_assistants.map((person) => person.id)).toEqual([LUCIA]);

    const history = await getHistory(admin);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      by: { id: 1 },
      field: 'Extra account assistant',
      old_value: 'Priya Nair (pnair)',
      new_value: '',
    });
    expect(history[1]).toMatchObject({ old_value: '', new_value: 'Lucia Romero (lromero)' });
  });

  it('refuses the delivery owner, the owner assistant, a second time, unknown people and bad types', async () => {
    const admin = await signIn('admin');
    const before = structuredClone(admin.app.mock.db.readState());
    const team = before.accountTeams.find((candidate) => candidate.account_id === ACCOUNT)!;
    const cases: [unknown, RegExp][] = [
      [{ user_id: team.delivery_owner_id }, /delivery owner/],
      [{ user_id: team.owner_assistant_id }, /owner assistant/],
      [{ user_id: PM }, /already an extra account assistant/],
      [{ user_id: 99999 }, /does not exist/],
      // A well-formed '8' is key 8 to Django; a word is not a key at all.
      [{ user_id: 'eight' }, /^Incorrect type\. Expected pk value, received str\.$/],
      [{ user_id: true }, /^Incorrect type\. Expected pk value, received bool\.$/],
      [{ user_id: null }, /^This field may not be null\.$/],
      [{}, /required/],
    ];
    for (const [body, message] of cases) {
      const res = await request(admin.app)
        .post(assistants())
        .set(admin.headers)
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.user_id[0], JSON.stringify(body)).toMatch(message);
    }
    const notObject = await request(admin.app).post(assistants()).set(admin.headers).send([1]);
    expect(notObject.status).toBe(400);
    expect(admin.app.mock.db.getState()).toEqual(before);
  });

  it('answers 404 to an unknown account or a person who is not an extra assistant', async () => {
    const admin = await signIn('admin');
    const before = structuredClone(admin.app.mock.db.readState());
    const unknownAccount = await request(admin.app)
      .post(assistants(99999))
      .set(admin.headers)
      .send({ user_id: LUCIA });
    expect(unknownAccount.status).toBe(404);
    const notThere = await request(admin.app).delete(`${assistants()}${LUCIA}/`).set(admin.headers);
    expect(notThere.status).toBe(404);
    const badId = await request(admin.app).delete(`${assistants()}abc/`).set(admin.headers);
    expect(badId.status).toBe(404);
    expect(admin.app.mock.db.getState()).toEqual(before);
  });

  it('answers 403 naming CAN_EDIT_PROJECT_CARD to account_owner and changes nothing', async () => {
    const owner = await signIn('account_owner');
    const before = structuredClone(owner.app.mock.db.readState());
    const add = await request(owner.app)
      .post(assistants())
      .set(owner.headers)
      .send({ user_id: LUCIA });
    expect(add.status).toBe(403);
    expect(add.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    const remove = await request(owner.app).delete(`${assistants()}${PM}/`).set(owner.headers);
    expect(remove.status).toBe(403);
    expect(remove.body.detail).toContain('CAN_EDIT_PROJECT_CARD');
    const patch = await request(owner.app)
      .patch(details())
      .set(owner.headers)
      .send({ extra_assistant_ids: [] });
    expect(patch.status).toBe(403);
    expect(owner.app.mock.db.getState()).toEqual(before);
  });

  it('answers 403 without CSRF and 401 without a token', async () => {
    const admin = await signIn('admin');
    const noCsrf = await request(admin.app)
      .post(assistants())
      .set(admin.auth)
      .send({ user_id: LUCIA });
    expect(noCsrf.status).toBe(403);
    const noToken = await request(admin.app).get(details());
    expect(noToken.status).toBe(401);
  });
});

describe('PATCH /api/accounts/{id}/details/', () => {
  it('refuses every CRM field with 400 on that field and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = structuredClone(admin.app.mock.db.readState());
    for (const field of CRM_FIELDS) {
      const res = await request(admin.app)
        .patch(details())
        .set(admin.headers)
        .send({ [field]: field.endsWith('status') ? 'promoter' : 3, extra_assistant_ids: [] });
      expect(res.status, field).toBe(400);
      expect(res.body[field], field).toEqual([CRM_FIELD_MESSAGES[field]]);
      expect(res.body[field][0]).toMatch(/CRM/);
    }
    const unknown = await request(admin.app)
      .patch(details())
      .set(admin.headers)
      .send({ name: 'X' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.name).toBeDefined();
    const empty = await request(admin.app).patch(details()).set(admin.headers).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.non_field_errors).toBeDefined();
    expect(admin.app.mock.db.getState()).toEqual(before);
  });

  it('replaces the extra assistants with a valid list and refuses a bad one', async () => {
    const admin = await signIn('admin');
    const before = structuredClone(admin.app.mock.db.readState());
    const team = before.accountTeams.find((candidate) => candidate.account_id === ACCOUNT)!;
    for (const ids of [
      'x',
      null,
      [LUCIA, LUCIA],
      [99999],
      ['eight'],
      [team.delivery_owner_id],
      Array.from({ length: 21 }, (_, index) => 101 + index),
    ]) {
      const res = await request(admin.app)
        .patch(details())
        .set(admin.headers)
        .send({ extra_assistant_ids: ids });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.extra_assistant_ids).toHaveLength(1);
    }
    expect(admin.app.mock.db.getState()).toEqual(before);

    const res = await request(admin.app)
      .patch(details())
      .set(admin.headers)
      .send({ extra_assistant_ids: [LUCIA, 3] });
    expect(res.status).toBe(200);
    expect((res.body as AccountDetail).extra_assistants.map((person) => person.id)).toEqual([
      LUCIA,
      3,
    ]);
    const [entry] = await getHistory(admin);
    expect(entry).toMatchObject({
      field: 'Extra account assistants',
      old_value: 'Priya Nair (pnair)',
      new_value: 'Lucia Romero (lromero), Erik Lindqvist (elindqvist)',
    });
  });
});

describe('business lines and segments', () => {
  it('lists lines and segments for anyone who may view accounts, lines or segments', async () => {
    for (const persona of ['admin', 'account_owner', 'portfolio']) {
      const signed = await signIn(persona);
      const lines = await request(signed.app).get('/api/business-lines/').set(signed.auth);
      expect(lines.status, persona).toBe(200);
      expect((lines.body as BusinessLineRef[]).length).toBe(SEED.businessLines.length);
      const segments = await request(signed.app).get('/api/business-segments/').set(signed.auth);
      expect(segments.status, persona).toBe(200);
    }
    const pm = await signIn('pm');
    const refused = await request(pm.app).get('/api/business-lines/').set(pm.auth);
    expect(refused.status).toBe(403);
  });

  it('answers a line with its accounts and projects counts and line-level risks', async () => {
    const portfolio = await signIn('portfolio');
    const line = SEED.businessLines[0]!;
    const res = await request(portfolio.app)
      .get(`/api/business-lines/${line.id}/`)
      .set(portfolio.auth);
    expect(res.status).toBe(200);
    const body = res.body as BusinessLineDetail;
    expect(body.accounts.map((account) => account.id)).toEqual(line.account_ids);
    expect(body.business_segment.id).toBe(line.segment_id);
    expect(body.projects_count).toBe(
      SEED.projects.filter((project) => line.account_ids.includes(project.account_id)).length,
    );
    expect(body.line_risks.risks).toBe(
      SEED.risks.filter(
        (risk) =>
          risk.level === 'business_line' &&
          risk.scope.id === line.id &&
          risk.status === 'open' &&
          risk.kind === 'risk',
      ).length,
    );
  });

  it('answers a segment with its lines and accounts', async () => {
    const portfolio = await signIn('portfolio');
    const segment = SEED.businessSegments[0]!;
    const res = await request(portfolio.app)
      .get(`/api/business-segments/${segment.id}/`)
      .set(portfolio.auth);
    expect(res.status).toBe(200);
    const body = res.body as BusinessSegmentDetail;
    const lines = SEED.businessLines.filter((line) => line.segment_id === segment.id);
    expect(body.lines.map((line) => line.id)).toEqual(lines.map((line) => line.id));
    expect(body.accounts).toHaveLength(lines.flatMap((line) => line.account_ids).length);
    expect(body.projects_count).toBe(
      body.lines.reduce((sum, line) => sum + line.projects_count, 0),
    );
  });

  it('answers 404 to unknown ones and 403 naming the flag without it', async () => {
    const admin = await signIn('admin');
    for (const path of ['/api/business-lines/999/', '/api/business-segments/999/']) {
      const res = await request(admin.app).get(path).set(admin.auth);
      expect(res.status, path).toBe(404);
    }
    const owner = await signIn('account_owner');
    const line = await request(owner.app).get('/api/business-lines/1/').set(owner.auth);
    expect(line.status).toBe(403);
    expect(line.body.detail).toContain('CAN_VIEW_BUSINESS_LINE_TAB');
    const segment = await request(owner.app).get('/api/business-segments/1/').set(owner.auth);
    expect(segment.status).toBe(403);
    expect(segment.body.detail).toContain('CAN_VIEW_BUSINESS_SEGMENT_TAB');
  });
});
