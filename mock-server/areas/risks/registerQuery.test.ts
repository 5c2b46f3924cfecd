import ExcelJS from 'exceljs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import {
  ISSUE_GRADES,
  RATINGS,
  RISK_ORDERING_FIELDS,
  RISK_PAGE_SIZE,
  RISK_PAGE_SIZE_MAX,
  type RiskExportQueued,
  type RiskListItem,
  type RiskOrderingField,
  type RiskSummary,
  type VisibilityTag,
} from '../../../src/api/contract/risks';
import { personLabel } from '../../../src/api/contract/display';
import { RISK_SHEET_COLUMNS } from '../../../src/api/contract/riskSheet';
import type { SentEmail } from '../../lib/mail';
import { signIn, type SignedIn } from '../../testing/signIn';
import type { StoredRisk } from './model';
import { VOLUME_FIRST_ID } from './register';
import { listRisks } from './testing';
import { buildRiskVolume } from './volume';

/**
 * The register's query on the server (issue 32): each filter and each ordering against a
 * brute-force scan of a generated register (the stored risks and 3 000 generated ones), DRF's
 * paging at its edges, the 400s, and who sees what.
 */
const VOLUME = 3000;
let owner: SignedIn;
/** Every risk the register holds, as the brute force reads them. */
let register: StoredRisk[];

beforeAll(async () => {
  owner = await signIn('risk_owner', { riskVolume: VOLUME });
  const state = owner.app.mock.db.getState();
  register = [...state.risks, ...buildRiskVolume(VOLUME, VOLUME_FIRST_ID, state)];
});

type Query = Record<string, string | number>;
const get = (query: Query, user = owner) =>
  request(user.app).get('/api/risks/').query(query).set(user.auth);
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

const newestFirst = (a: StoredRisk, b: StoredRisk) =>
  b.created_at < a.created_at ? -1 : b.created_at > a.created_at ? 1 : b.id - a.id;

/** The brute force: every risk of the level (and scope) passing `test`, newest first. */
function scan(query: Query, test: (risk: StoredRisk) => boolean = () => true): number[] {
  const level = query.level ?? 'project';
  return ids(
    register
      .filter((risk) => risk.level === level && (!query.scope || risk.scope.id === query.scope))
      .filter(test)
      .sort(newestFirst),
  );
}

/** The contract's searchable text: statement, description, labels, the owner's name and login. */
const searchable = (risk: StoredRisk) =>
  [risk.statement, risk.description, ...risk.labels, risk.owner.name, risk.owner.login]
    .join(' ')
    .toLowerCase();

describe('GET /api/risks/: every filter against a brute-force scan', () => {
  it('covers the project and account levels of the generated register', async () => {
    expect(scan({ level: 'project' }).length).toBeGreaterThan(2000);
    expect(scan({ level: 'account' }).length).toBeGreaterThan(700);
    expect(ids((await listRisks(owner, { level: 'account' })).results)).toEqual(
      scan({ level: 'account' }),
    );
  });

  const dueOf = (risk: StoredRisk) => risk.due_date;
  const cases: [string, Query, (risk: StoredRisk) => boolean][] = [
    ['kind', { kind: 'issue' }, (risk) => risk.kind === 'issue'],
    ['status', { status: 'closed' }, (risk) => risk.status === 'closed'],
    ['probability', { probability: 'high' }, (risk) => risk.probability === 'high'],
    ['impact', { impact: 'low' }, (risk) => risk.impact === 'low'],
    ['rating', { rating: 'moderate' }, (risk) => risk.rating === 'moderate'],
    ['priority', { priority: 'critical' }, (risk) => risk.priority === 'critical'],
    ['severity', { severity: 'low' }, (risk) => risk.severity === 'low'],
    ['owner', { owner: 8 }, (risk) => risk.owner.id === 8],
    ['tag', { tag: 'security' }, (risk) => risk.visibility_tags.includes('security')],
    [
      'label, whole and case-insensitive',
      { label: 'Budget' },
      (risk) => risk.labels.includes('budget'),
    ],
    [
      'due_before',
      { due_before: '2025-06-30' },
      (risk) => !!dueOf(risk) && dueOf(risk)! <= '2025-06-30',
    ],
    [
      'due_after',
      { due_after: '2025-06-30' },
      (risk) => !!dueOf(risk) && dueOf(risk)! >= '2025-06-30',
    ],
    [
      'search, every word in the statement',
      { search: 'VENDOR  billing' },
      (risk) => searchable(risk).includes('vendor') && searchable(risk).includes('billing'),
    ],
    [
      'search in the description',
      { search: 'procurement' },
      (risk) => risk.description.toLowerCase().includes('procurement'),
    ],
    [
      "search on the owner's login and a label",
      { search: 'lromero release' },
      (risk) => searchable(risk).includes('lromero') && searchable(risk).includes('release'),
    ],
    [
      'account level, one scope, several filters',
      { level: 'account', scope: 0, kind: 'risk', status: 'open', tag: 'client' },
      (risk) =>
        risk.kind === 'risk' && risk.status === 'open' && risk.visibility_tags.includes('client'),
    ],
  ];

  it.each(cases)('%s', async (_name, given, test) => {
    const query: Query = { level: 'project', ...given };
    // Scope 0 stands for the account most of the account-level volume is in.
    if (query.scope === 0) query.scope = register.find((r) => r.level === 'account')!.scope.id;
    const expected = scan(query, test);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await listRisks(owner, query);
    expect(answer.count).toBe(expected.length);
    expect(ids(answer.results)).toEqual(expected);
  });

  it('finds a risk by its number: 123 with the texts holding 123, #123 alone, in its level only', async () => {
    const project = register.filter((risk) => risk.level === 'project');
    // A number that is a risk's and occurs in other risks' texts too.
    const { id } = project.find((risk) =>
      project.some((other) => other.id !== risk.id && searchable(other).includes(String(risk.id))),
    )!;
    const number = scan({}, (risk) => risk.id === id || searchable(risk).includes(String(id)));
    expect(number).toContain(id);
    expect(number.length).toBeGreaterThan(1);
    expect(ids((await listRisks(owner, { search: String(id) })).results)).toEqual(number);
    expect(ids((await listRisks(owner, { search: `#${id}` })).results)).toEqual([id]);
    // With other words, each must hold; another level does not hold the risk.
    const word = searchable(project.find((risk) => risk.id === id)!).split(/\s+/)[0]!;
    expect(ids((await listRisks(owner, { search: `${word} #${id}` })).results)).toEqual([id]);
    expect((await listRisks(owner, { level: 'account', search: `#${id}` })).count).toBe(0);
  });

  it('narrows to the risks raised during one check', async () => {
    const poll = register.find((risk) => risk.poll_id !== null)!.poll_id!;
    const expected = scan({}, (risk) => risk.poll_id === poll);
    expect(ids((await listRisks(owner, { poll })).results)).toEqual(expected);
  });
});

/** What the contract orders each field by (texts case-insensitively, graded Low → High). */
const rank = (list: readonly string[], value: string | null) =>
  value === null ? null : list.indexOf(value);
const KEYS: Record<RiskOrderingField, (risk: StoredRisk) => string | number | null> = {
  id: (risk) => risk.id,
  kind: (risk) => risk.kind,
  statement: (risk) => risk.statement.toLowerCase(),
  scope: (risk) => risk.scope.name.toLowerCase(),
  status: (risk) => `${risk.status} ${risk.resolution ?? ''}`,
  probability: (risk) => rank(RATINGS, risk.probability),
  impact: (risk) => rank(RATINGS, risk.impact),
  rating: (risk) => rank(RATINGS, risk.rating),
  priority: (risk) => rank([...ISSUE_GRADES].reverse(), risk.priority),
  severity: (risk) => rank([...ISSUE_GRADES].reverse(), risk.severity),
  owner: (risk) => personLabel(risk.owner).toLowerCase(),
  due_date: (risk) => risk.due_date,
  labels: (risk) => (risk.labels.length ? risk.labels.join(', ').toLowerCase() : null),
  created_at: (risk) => risk.created_at,
  updated_at: (risk) => risk.updated_at,
};

describe('GET /api/risks/?ordering=', () => {
  it.each(RISK_ORDERING_FIELDS.flatMap((field) => [field, `-${field}`]))(
    '%s: missing values last, ties newest first',
    async (ordering) => {
      const key = KEYS[ordering.replace(/^-/, '') as RiskOrderingField];
      const direction = ordering.startsWith('-') ? -1 : 1;
      const expected = ids(
        register
          .filter((risk) => risk.level === 'project')
          .sort((a, b) => {
            const left = key(a);
            const right = key(b);
            if (left !== right) {
              if (left === null) return 1;
              if (right === null) return -1;
              return (left < right ? -1 : 1) * direction;
            }
            return newestFirst(a, b);
          }),
      );
      const answer = await listRisks(owner, { level: 'project', ordering });
      expect(ids(answer.results)).toEqual(expected);
    },
  );

  it('orders the filtered rows: the newest first by default', async () => {
    const answer = await listRisks(owner, {
      level: 'project',
      kind: 'issue',
      ordering: '-severity',
    });
    const severities = answer.results.map((risk) => risk.severity);
    expect(severities[0]).toBe('critical');
    expect(severities.at(-1)).toBe('low');
  });
});

describe('GET /api/risks/: paging', () => {
  it(`pages by ${RISK_PAGE_SIZE} by default and up to ${RISK_PAGE_SIZE_MAX}; the last page is short`, async () => {
    const expected = scan({});
    const first = (await get({})).body as Paginated<RiskListItem>;
    expect(first.count).toBe(expected.length);
    expect(ids(first.results)).toEqual(expected.slice(0, RISK_PAGE_SIZE));
    expect(first.next).toMatch(/\?page=2$/);
    const lastNumber = Math.ceil(expected.length / RISK_PAGE_SIZE_MAX);
    const last = await get({ page_size: RISK_PAGE_SIZE_MAX, page: lastNumber });
    expect(last.status).toBe(200);
    const body = last.body as Paginated<RiskListItem>;
    expect(ids(body.results)).toEqual(expected.slice((lastNumber - 1) * RISK_PAGE_SIZE_MAX));
    expect(body.next).toBeNull();
    const named = (await get({ page_size: RISK_PAGE_SIZE_MAX, page: 'last' })).body as typeof body;
    expect(named.results).toEqual(body.results);
  });

  it('answers a page past the last with DRF’s 404, a page size above the maximum with a 400', async () => {
    const pages = Math.ceil(scan({}).length / RISK_PAGE_SIZE);
    const past = await get({ page: pages + 1 });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: 'Invalid page.' });
    const empty = await get({ search: 'no such words anywhere' });
    expect(empty.body).toMatchObject({ count: 0, results: [] });
    expect((await get({ search: 'no such words anywhere', page: 2 })).status).toBe(404);
    const large = await get({ page_size: RISK_PAGE_SIZE_MAX + 1 });
    expect(large.status).toBe(400);
    expect(large.body).toEqual({
      page_size: [`Ensure this value is less than or equal to ${RISK_PAGE_SIZE_MAX}.`],
    });
    expect((await get({ page_size: RISK_PAGE_SIZE_MAX })).status).toBe(200);
  });
});

describe('GET /api/risks/: what it refuses', () => {
  it('names every bad value on its field, as DRF', async () => {
    const res = await get({
      level: 'galaxy',
      kind: 'idea',
      status: 'x',
      probability: 'huge',
      impact: 'tiny',
      rating: 'top',
      priority: 'urgent',
      severity: 'mild',
      tag: 'public',
      ordering: 'colour',
      due_before: '2025-02-30',
      due_after: 'tomorrow',
      owner: 'me',
      scope: 'x',
      poll: '1.5',
    });
    expect(res.status).toBe(400);
    const choice = (value: string) => [`"${value}" is not a valid choice.`];
    const wrongDate = ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'];
    expect(res.body).toEqual({
      level: choice('galaxy'),
      kind: choice('idea'),
      status: choice('x'),
      probability: choice('huge'),
      impact: choice('tiny'),
      rating: choice('top'),
      priority: choice('urgent'),
      severity: choice('mild'),
      tag: choice('public'),
      ordering: choice('colour'),
      due_before: wrongDate,
      due_after: wrongDate,
      owner: ['Incorrect type. Expected pk value, received str.'],
      scope: ['A valid integer is required.'],
      poll: ['A valid integer is required.'],
    });
    expect((await get({ owner: 999_999 })).body).toEqual({
      owner: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await get({ ordering: '-statement,id' })).body).toEqual({
      ordering: choice('-statement,id'),
    });
  });
});

describe('GET /api/risks/: who sees what', () => {
  it('shows a person without viewing flags only what was transferred to them, filters and all', async () => {
    const viewer = await signIn('viewer', { app: owner.app });
    const transferred = scan({}, (risk) => risk.transfer?.to.id === viewer.user.id);
    expect(transferred.length).toBeGreaterThan(0);
    expect(ids((await listRisks(viewer)).results)).toEqual(transferred);
    for (const level of ['project', 'account'])
      for (const ordering of ['-created_at', 'statement', '-rating'])
        expect(
          (await listRisks(viewer, { level, ordering })).results.every(
            (risk) => register.find((r) => r.id === risk.id)!.transfer?.to.id === viewer.user.id,
          ),
        ).toBe(true);
    expect((await listRisks(viewer, { level: 'account' })).count).toBe(0);
    expect((await listRisks(viewer, { search: 'vendor' })).count).toBeLessThanOrEqual(
      transferred.length,
    );
  });
});

describe('GET /api/risks/summary/', () => {
  const summaryOf = async (query: Query, user = owner) => {
    const res = await request(user.app).get('/api/risks/summary/').query(query).set(user.auth);
    expect(res.status).toBe(200);
    return res.body as RiskSummary;
  };
  const countOf = async (query: Query, user = owner) =>
    ((await get({ ...query, page_size: 1 }, user)).body as Paginated<RiskListItem>).count;

  it.each<Query>([
    {},
    { level: 'account' },
    { kind: 'risk', status: 'open' },
    { search: 'vendor', probability: 'high' },
    { rating: 'high', tag: 'client' },
    { level: 'account', owner: 8, due_after: '2024-01-01' },
  ])('counts what the list shows for %o, and the heat map by a brute-force scan', async (query) => {
    const summary = await summaryOf(query);
    expect(summary.count).toBe(await countOf(query));
    const { probability: _p, impact: _i, rating: _r, ...rest } = query;
    const base = scan(
      rest,
      (risk) =>
        risk.status === 'open' &&
        (!rest.kind || risk.kind === rest.kind) &&
        (!rest.owner || risk.owner.id === rest.owner) &&
        (!rest.tag || risk.visibility_tags.includes(rest.tag as VisibilityTag)) &&
        (!rest.due_after || (!!risk.due_date && risk.due_date >= String(rest.due_after))) &&
        (!rest.search || searchable(risk).includes(String(rest.search))),
    );
    const byId = new Map(register.map((risk) => [risk.id, risk]));
    const open = base.map((id) => byId.get(id)!);
    const heat = RATINGS.flatMap((p) =>
      RATINGS.map((i) => ({
        probability: p,
        impact: i,
        count: open.filter((risk) => risk.probability === p && risk.impact === i).length,
      })),
    );
    expect(summary.heat).toEqual(heat);
  });

  it('totals the heat map to the open risks the list counts, and a cell filters the list', async () => {
    const query = { level: 'project', kind: 'risk', status: 'open' };
    const summary = await summaryOf(query);
    expect(summary.heat.reduce((sum, cell) => sum + cell.count, 0)).toBe(summary.count);
    for (const cell of summary.heat)
      expect(await countOf({ ...query, probability: cell.probability, impact: cell.impact })).toBe(
        cell.count,
      );
    // A picked cell narrows the count, never the heat map.
    const picked = await summaryOf({ ...query, probability: 'high', impact: 'low' });
    expect(picked.heat).toEqual(summary.heat);
    expect(picked.count).toBe(
      summary.heat.find((c) => c.probability === 'high' && c.impact === 'low')!.count,
    );
  });

  it('offers the owners and labels of the scope, before the filters', async () => {
    const account = register.find((risk) => risk.level === 'account')!.scope.id;
    const inScope = register.filter((r) => r.level === 'account' && r.scope.id === account);
    const summary = await summaryOf({ level: 'account', scope: account });
    expect(summary.owners.map((person) => person.id).sort()).toEqual(
      [...new Set(inScope.map((risk) => risk.owner.id))].sort(),
    );
    const names = summary.owners.map((person) => person.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(summary.labels).toEqual([...new Set(inScope.flatMap((r) => r.labels))].sort());
    const filtered = await summaryOf({
      level: 'account',
      scope: account,
      search: 'vendor',
      kind: 'issue',
    });
    expect(filtered.owners).toEqual(summary.owners);
    expect(filtered.labels).toEqual(summary.labels);
  });

  it('refuses what the list refuses, and shows a viewer only what was transferred to them', async () => {
    const bad = await request(owner.app)
      .get('/api/risks/summary/')
      .query({ level: 'galaxy', rating: 'top', due_before: 'soon' })
      .set(owner.auth);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['due_before', 'level', 'rating']);
    const viewer = await signIn('viewer', { app: owner.app });
    const summary = await summaryOf({}, viewer);
    expect(summary.count).toBe(await countOf({}, viewer));
    const transferred = register.filter(
      (risk) => risk.level === 'project' && risk.transfer?.to.id === viewer.user.id,
    );
    expect(summary.count).toBe(transferred.length);
    expect(summary.owners.map((person) => person.id).sort()).toEqual(
      [...new Set(transferred.map((risk) => risk.owner.id))].sort(),
    );
  });
});

describe('POST /api/risks/export/ by the register’s query', () => {
  const exportOf = (body: object, user = owner) =>
    request(user.app).post('/api/risks/export/').set(user.headers).send(body);
  const sent = () => owner.app.mock.db.getState().sentEmails;

  /** The outbox's e-mail of this id once its workbook is attached (it is built in the background). */
  async function outboxEmail(id: number): Promise<SentEmail & { attachment_url: string | null }> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const outbox = (await request(owner.app).get('/__mock/outbox/')).body as (SentEmail & {
        attachment_url: string | null;
      })[];
      const email = outbox.find((candidate) => candidate.id === id);
      if (email?.attachment_url) return email;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`E-mail ${id} never got its workbook`);
  }

  it('e-mails the filtered register in its order: 202, its count, a real .xlsx in the outbox', async () => {
    const query = { level: 'account', kind: 'risk', status: 'open', ordering: '-rating' };
    const expected = ids((await listRisks(owner, query)).results);
    expect(expected.length).toBeGreaterThan(100);
    const res = await exportOf({ ...query, scope: undefined });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: 'lromero@example.com', count: expected.length });
    const email = sent().at(-1)!;
    expect(email).toMatchObject({ to: 'lromero@example.com', count: expected.length });
    expect(email.risk_query).toEqual(query);
    const outboxed = await outboxEmail(email.id!);
    expect(outboxed.attachment_url).toBe(`/__mock/outbox/${email.id}/attachment`);

    const file = await request(owner.app)
      .get(outboxed.attachment_url!)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    const bytes = file.body as Uint8Array;
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Risks and issues')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...RISK_SHEET_COLUMNS.map((column) => column.header),
    ]);
    const rows: number[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(row.getCell(1).value as number);
    });
    expect(rows).toEqual(expected);
    const first = register.find((risk) => risk.id === expected[0])!;
    expect(sheet.getRow(2).getCell(3).value).toBe(first.statement);
    expect(sheet.getRow(2).getCell(10).value).toBe('High');
  });

  it('refuses a query that shows nothing or holds a bad value, recording no e-mail', async () => {
    const before = sent().length;
    expect((await exportOf({ search: 'no such words anywhere' })).body).toEqual({
      non_field_errors: ['Nothing to export: no risk or issue matches these filters.'],
    });
    const bad = await exportOf({ status: 'x', ordering: 'password', owner: 'me', scope: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      status: ['"x" is not a valid choice.'],
      ordering: ['"password" is not a valid choice.'],
      owner: ['Incorrect type. Expected pk value, received str.'],
      scope: ['A valid integer is required.'],
    });
    expect(sent()).toHaveLength(before);
  });

  it('exports only what the persona sees', async () => {
    const viewer = await signIn('viewer', { app: owner.app });
    const visible = await listRisks(viewer);
    const res = await exportOf({}, viewer);
    expect(res.status).toBe(202);
    expect((res.body as RiskExportQueued).count).toBe(visible.count);
    expect((await exportOf({ level: 'account' }, viewer)).status).toBe(400);
    await outboxEmail(sent().at(-1)!.id!);
  });
});
