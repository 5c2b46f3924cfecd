import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectHistoryEntry } from '../src/api/contract/projects';
import {
  RACI_FUNCTIONS,
  activityProblem,
  raciActivityCodes,
  type RaciCell,
  type RaciMatrix,
  type RaciMatrixPut,
  type RaciSnapshot,
} from '../src/api/contract/raci';
import { RACI_CATALOGUE } from './raci/catalogue';
import { signIn, type SignedIn } from './testing/signIn';

// Each test signs in on a fresh seed (a second or two on a busy machine) and makes many calls.
vi.setConfig({ testTimeout: 20_000 });

const matrixPath = (projectId: number, fn: string) => `/api/projects/${projectId}/raci/${fn}/`;
const validatePath = (projectId: number, fn: string) => `${matrixPath(projectId, fn)}validate/`;
const snapshotPath = (projectId: number, fn: string) => `${matrixPath(projectId, fn)}snapshot/`;

async function getMatrix({ app, auth }: SignedIn, projectId: number, fn: string) {
  const res = await request(app).get(matrixPath(projectId, fn)).set(auth);
  expect(res.status).toBe(200);
  return res.body as RaciMatrix;
}

/** The PUT body of a matrix as it stands, with `change` applied to its rows. */
function bodyOf(
  matrix: RaciMatrix,
  change: (rows: Record<string, Record<string, RaciCell>>) => void = () => undefined,
): RaciMatrixPut {
  const activities = Object.fromEntries(
    matrix.activities.map((activity) => [activity.code, { ...activity.cells }]),
  );
  change(activities);
  return { activities };
}

const put = (session: SignedIn, projectId: number, fn: string, body: unknown) =>
  request(session.app)
    .put(matrixPath(projectId, fn))
    .set(session.headers)
    .send(body as object);

const historyOf = async ({ app, auth }: SignedIn, projectId: number) =>
  (await request(app).get(`/api/projects/${projectId}/history/`).set(auth))
    .body as ProjectHistoryEntry[];

const accountableOf = (cells: Record<string, RaciCell>) =>
  Object.keys(cells).find((role) => cells[role] === 'A')!;

describe('the seeded matrices', () => {
  it('fill every function of projects 1–12, one A per activity, but the two canonical breaks', async () => {
    const admin = await signIn('admin');
    const broken: string[] = [];
    const statuses = new Set<string>();
    for (let project = 1; project <= 12; project += 1)
      for (const fn of RACI_FUNCTIONS) {
        const matrix = await getMatrix(admin, project, fn);
        const catalogue = RACI_CATALOGUE[fn];
        expect(matrix.roles).toEqual(catalogue.roles);
        expect(matrix.activities.map((activity) => activity.name)).toEqual(
          catalogue.activities.map((activity) => activity.name),
        );
        // Named by the codes of the contract's catalogue, in its order.
        expect(matrix.activities.map((activity) => activity.code)).toEqual(raciActivityCodes(fn));
        expect(matrix.activities.length).toBeGreaterThanOrEqual(6);
        expect(matrix.activities.length).toBeLessThanOrEqual(10);
        for (const activity of matrix.activities) {
          expect(Object.keys(activity.cells)).toEqual(catalogue.roles.map((role) => role.id));
          if (activityProblem(activity.cells)) broken.push(`${project}:${fn}:${activity.code}`);
        }
        statuses.add(`${matrix.status}:${matrix.has_snapshot}`);
        if (matrix.status === 'validated') expect(matrix.validated_by?.name).toBeTruthy();
        else expect(matrix.validated_by).toBeNull();
      }
    expect(broken).toEqual([
      '2:pmo:track_budget_and_forecast',
      '7:security:manage_client_system_access',
    ]);
    // Validated, drafts changed since a validation, drafts never validated.
    expect(statuses).toEqual(new Set(['validated:true', 'draft:true', 'draft:false']));
  });

  it('starts project 1 with a valid PMO draft validated once before, and gives the same after a reset', async () => {
    const first = await signIn('admin');
    const second = await signIn('admin');
    const matrix = await getMatrix(first, 1, 'pmo');
    expect(matrix.status).toBe('draft');
    expect(matrix.has_snapshot).toBe(true);
    // Not the project's manager (persona pm), who may not even see the tab: the PMO (admin).
    expect(matrix.updated_by).toEqual({ id: 1, name: 'Alex Morgan', login: 'amorgan' });
    expect(await getMatrix(second, 1, 'pmo')).toEqual(matrix);
    expect(await getMatrix(second, 200, 'tco')).toEqual(await getMatrix(first, 200, 'tco'));
  });

  it('holds the usual assignments of the catalogue: every one with exactly one A', () => {
    for (const fn of RACI_FUNCTIONS)
      for (const activity of RACI_CATALOGUE[fn].activities) {
        expect(activity.usual, `${fn} ${activity.name}`).toHaveLength(
          RACI_CATALOGUE[fn].roles.length,
        );
        expect(activity.usual.split('').filter((char) => char === 'A')).toHaveLength(1);
      }
  });
});

describe('GET /api/projects/{id}/raci/{function}/', () => {
  it('needs the function’s view flag, and names it', async () => {
    const portfolio = await signIn('portfolio');
    expect(
      (await request(portfolio.app).get(matrixPath(1, 'pmo')).set(portfolio.auth)).status,
    ).toBe(200);
    const security = await request(portfolio.app)
      .get(matrixPath(1, 'security'))
      .set(portfolio.auth);
    expect(security.status).toBe(403);
    expect(security.body.detail).toContain('CAN_VIEW_RACI_SECURITY_TAB');
    const pm = await signIn('pm');
    const refused = await request(pm.app).get(matrixPath(1, 'qmo')).set(pm.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_RACI_QMO_TAB');
  });

  it('answers 404 for an unknown project or function, 401 without a token', async () => {
    const admin = await signIn('admin');
    expect((await request(admin.app).get(matrixPath(999, 'pmo')).set(admin.auth)).status).toBe(404);
    expect((await request(admin.app).get(matrixPath(1, 'hr')).set(admin.auth)).status).toBe(404);
    expect((await request(admin.app).get(matrixPath(1, 'pmo'))).status).toBe(401);
  });
});

describe('PUT /api/projects/{id}/raci/{function}/', () => {
  it('saves the whole matrix and records each changed cell in the History', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 1, 'pmo');
    const plan = before.activities.find((activity) => Object.values(activity.cells).includes(''))!;
    const role = before.roles.find((candidate) => plan.cells[candidate.id] === '')!;
    const res = await put(
      admin,
      1,
      'pmo',
      bodyOf(before, (rows) => {
        rows[plan.code]![role.id] = 'I';
      }),
    );
    expect(res.status).toBe(200);
    const saved = res.body as RaciMatrix;
    expect(saved.activities.find((activity) => activity.code === plan.code)!.cells[role.id]).toBe(
      'I',
    );
    expect(saved.updated_by).toEqual({ id: 1, name: 'Alex Morgan', login: 'amorgan' });
    expect(await getMatrix(admin, 1, 'pmo')).toEqual(saved);
    const [entry] = await historyOf(admin, 1);
    expect(entry).toMatchObject({
      section: 'Ownership matrix',
      field: `PMO: ${plan.name}`,
      old_value: `${role.name}: —`,
      new_value: `${role.name}: I`,
      by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
    });
  });

  it('takes an empty string or a left-out role as an empty cell; an unchanged matrix writes nothing', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 3, 'sla');
    const unchanged = await put(admin, 3, 'sla', bodyOf(before));
    expect(unchanged.status).toBe(200);
    expect(await historyOf(admin, 3)).toEqual([]);
    const first = before.activities[0]!;
    const empty = Object.keys(first.cells).find(
      (role) => first.cells[role] !== 'A' && first.cells[role],
    )!;
    const res = await put(
      admin,
      3,
      'sla',
      bodyOf(before, (rows) => {
        delete rows[first.code]![empty];
      }),
    );
    expect(res.status).toBe(200);
    expect((res.body as RaciMatrix).activities[0]!.cells[empty]).toBe('');
    // The cell, and the status when the matrix was validated.
    const fields = (await historyOf(admin, 3)).map((entry) => entry.field);
    expect(fields.filter((field) => field !== 'SLA: status')).toEqual([`SLA: ${first.name}`]);
  });

  it('refuses a second A in an activity, naming it, and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 1, 'pmo');
    const row = before.activities[1]!;
    const other = before.roles.find((role) => row.cells[role.id] !== 'A')!;
    const res = await put(
      admin,
      1,
      'pmo',
      bodyOf(before, (rows) => {
        rows[row.code]![other.id] = 'A';
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      activities: { [row.code]: ['Exactly one A (accountable) per activity: found 2.'] },
    });
    expect(await getMatrix(admin, 1, 'pmo')).toEqual(before);
    expect(await historyOf(admin, 1)).toEqual([]);
  });

  it('refuses an activity without an A', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 1, 'pmo');
    const row = before.activities[4]!;
    const res = await put(
      admin,
      1,
      'pmo',
      bodyOf(before, (rows) => {
        rows[row.code]![accountableOf(row.cells)] = 'C';
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.activities[row.code]).toEqual([
      'Exactly one A (accountable) per activity: none found.',
    ]);
  });

  it('answers bad bodies with DRF field errors, never a 5xx, and stores nothing', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 1, 'pmo');
    const first = before.activities[0]!.code;
    const cases: [unknown, unknown][] = [
      [{}, { activities: ['This field is required.'] }],
      [{ activities: null }, { activities: ['This field may not be null.'] }],
      [{ activities: [] }, { activities: ['Expected a dictionary of items but got type "list".'] }],
      [{ activities: 'R' }, { activities: ['Expected a dictionary of items but got type "str".'] }],
      [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(admin, 1, 'pmo', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    type Rows = Record<string, Record<string, unknown>>;
    const rowCases: [(rows: Rows) => void, string][] = [
      [
        (rows) => void (rows[first] = 7 as never),
        'Expected a dictionary of items but got type "int".',
      ],
      [(rows) => void (rows[first]!.pm = 'X'), '"X" is not a valid choice.'],
      [(rows) => void (rows[first]!.pm = 1), '"1" is not a valid choice.'],
      [(rows) => void (rows[first]!.ceo = 'I'), '"ceo" is not a role of this matrix.'],
      [(rows) => void delete rows[first], 'This field is required.'],
    ];
    for (const [change, message] of rowCases) {
      const res = await put(admin, 1, 'pmo', bodyOf(before, change as never));
      expect(res.status, message).toBe(400);
      expect(res.body.activities[first]).toContain(message);
    }
    const unknown = await put(
      admin,
      1,
      'pmo',
      bodyOf(before, (rows) => {
        rows.hire_a_mascot = {};
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      activities: { hire_a_mascot: ['"hire_a_mascot" is not an activity of the PMO matrix.'] },
    });
    // Activities are named by their codes, never by a key of the backend.
    const byIds = await put(admin, 1, 'pmo', {
      activities: Object.fromEntries(
        before.activities.map((activity, index) => [String(101 + index), activity.cells]),
      ),
    });
    expect(byIds.status).toBe(400);
    expect(byIds.body.activities.maintain_project_plan).toEqual(['This field is required.']);
    expect(byIds.body.activities['101']).toEqual(['"101" is not an activity of the PMO matrix.']);
    expect(await getMatrix(admin, 1, 'pmo')).toEqual(before);
    expect(await historyOf(admin, 1)).toEqual([]);
  });

  it('needs CAN_EDIT_RACI_MATRIX, the view flag and the CSRF header', async () => {
    const portfolio = await signIn('portfolio');
    const before = await getMatrix(portfolio, 1, 'pmo');
    const refused = await put(portfolio, 1, 'pmo', bodyOf(before));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_EDIT_RACI_MATRIX');
    const admin = await signIn('admin');
    const noCsrf = await request(admin.app)
      .put(matrixPath(1, 'pmo'))
      .set(admin.auth)
      .send(bodyOf(before));
    expect(noCsrf.status).toBe(403);
    expect((await put(admin, 999, 'pmo', bodyOf(before))).status).toBe(404);
  });
});

describe('validation and the last validated version', () => {
  it('validates a valid draft, keeps its version, and a later edit puts it back to draft', async () => {
    const admin = await signIn('admin');
    const draft = await getMatrix(admin, 1, 'pmo');
    const oldSnapshot = (await request(admin.app).get(snapshotPath(1, 'pmo')).set(admin.auth))
      .body as RaciSnapshot;
    expect(oldSnapshot.validated_by.id).not.toBe(1);

    const res = await request(admin.app).post(validatePath(1, 'pmo')).set(admin.headers).send({});
    expect(res.status).toBe(200);
    const validated = res.body as RaciMatrix;
    expect(validated.status).toBe('validated');
    expect(validated.validated_by).toEqual({ id: 1, name: 'Alex Morgan', login: 'amorgan' });
    expect(validated.validated_at).toEqual(expect.any(String));
    expect((await historyOf(admin, 1))[0]).toMatchObject({
      section: 'Ownership matrix',
      field: 'PMO: status',
      old_value: 'Draft',
      new_value: 'Validated',
    });
    const snapshot = (await request(admin.app).get(snapshotPath(1, 'pmo')).set(admin.auth))
      .body as RaciSnapshot;
    expect(snapshot.activities).toEqual(draft.activities);
    expect(snapshot.validated_by.name).toBe('Alex Morgan');

    const again = await request(admin.app).post(validatePath(1, 'pmo')).set(admin.headers).send({});
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['The PMO matrix is already validated.'] });

    const row = draft.activities[2]!;
    const role = draft.roles.find((candidate) => row.cells[candidate.id] === '')!;
    const edited = await put(
      admin,
      1,
      'pmo',
      bodyOf(draft, (rows) => {
        rows[row.code]![role.id] = 'C';
      }),
    );
    expect(edited.body).toMatchObject({ status: 'draft', validated_by: null, has_snapshot: true });
    const history = await historyOf(admin, 1);
    expect(
      history.slice(0, 2).map((entry) => [entry.field, entry.old_value, entry.new_value]),
    ).toEqual(
      expect.arrayContaining([
        ['PMO: status', 'Validated', 'Draft'],
        ['PMO: Track the budget and forecast', `${role.name}: —`, `${role.name}: C`],
      ]),
    );
    // The last validated version stays what was validated.
    expect((await request(admin.app).get(snapshotPath(1, 'pmo')).set(admin.auth)).body).toEqual(
      snapshot,
    );
  });

  it('refuses to validate while an activity breaks the rule, naming it', async () => {
    const admin = await signIn('admin');
    const res = await request(admin.app).post(validatePath(2, 'pmo')).set(admin.headers).send({});
    expect(res.status).toBe(400);
    expect(res.body.activities).toEqual({
      track_budget_and_forecast: ['Exactly one A (accountable) per activity: none found.'],
    });
    expect(res.body.non_field_errors[0]).toMatch(/cannot be validated/);
    expect((await getMatrix(admin, 2, 'pmo')).status).toBe('draft');
    expect(await historyOf(admin, 2)).toEqual([]);
  });

  it('needs CAN_VALIDATE_RACI_MATRIX', async () => {
    const portfolio = await signIn('portfolio');
    const res = await request(portfolio.app)
      .post(validatePath(1, 'pmo'))
      .set(portfolio.headers)
      .send({});
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('CAN_VALIDATE_RACI_MATRIX');
  });

  it('answers 404 for a matrix never validated, 403 without CAN_VIEW_RACI_SNAPSHOT', async () => {
    const admin = await signIn('admin');
    const never = await getMatrix(admin, 1, 'sla');
    expect(never.has_snapshot).toBe(false);
    const res = await request(admin.app).get(snapshotPath(1, 'sla')).set(admin.auth);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The SLA matrix of this project was never validated.');
    const portfolio = await signIn('portfolio');
    expect(
      (await request(portfolio.app).get(snapshotPath(1, 'pmo')).set(portfolio.auth)).status,
    ).toBe(200);
    const pm = await signIn('pm');
    const refused = await request(pm.app).get(snapshotPath(1, 'pmo')).set(pm.auth);
    expect(refused.status).toBe(403);
  });
});

describe('the matrix under bad input', () => {
  /** Values of every JSON type and their edges (as mock-server/fuzz.test.ts sends them). */
  const VALUES: unknown[] = [
    null,
    true,
    0,
    -1,
    1.5,
    '',
    '   ',
    'a',
    '<script>alert(1)</script>',
    'x'.repeat(20_000),
    [],
    {},
    [[]],
    ['A', 1, null],
    { id: 1, name: {} },
    { toString: 1, valueOf: 1 },
  ];

  it('never answers a 5xx to a bad activities field, row or cell, and changes nothing', async () => {
    const admin = await signIn('admin');
    const before = await getMatrix(admin, 1, 'pmo');
    const state = () => JSON.stringify(admin.app.mock.db.getState());
    let baseline = state();
    const bodies: unknown[] = [];
    for (const value of VALUES) {
      bodies.push({ activities: value });
      bodies.push(bodyOf(before, (rows) => void (rows.maintain_project_plan = value as never)));
      bodies.push(bodyOf(before, (rows) => void (rows.maintain_project_plan!.dm = value as never)));
      bodies.push(
        bodyOf(before, (rows) => void (rows[JSON.stringify(value)] = rows.maintain_project_plan!)),
      );
    }
    const answers = new Set<number>();
    for (const body of bodies) {
      const res = await put(admin, 1, 'pmo', body);
      answers.add(res.status);
      // A refused body leaves the state as it was; an accepted one (a blank cell) is the new start.
      if (res.status === 200) baseline = state();
      else expect(state() === baseline, JSON.stringify(body).slice(0, 80)).toBe(true);
    }
    // The cell '' and the row key '101' itself are fine; everything else is a 400.
    expect([...answers].sort()).toEqual([200, 400]);
    for (const raw of [
      '{"activities": {"__proto__": {}}}',
      '{"activities": {"101": {"constructor": "A"}}}',
    ]) {
      const res = await request(admin.app)
        .put(matrixPath(1, 'pmo'))
        .set(admin.headers)
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status, raw).toBe(400);
    }
  });

  it('answers an unknown function 404 before anything else, whatever the body', async () => {
    const viewer = await signIn('viewer');
    for (const [method, path] of [
      ['get', matrixPath(1, 'hr')],
      ['put', matrixPath(1, 'hr')],
      ['post', validatePath(1, 'hr')],
      ['get', snapshotPath(1, '__proto__')],
    ] as const) {
      const agent = request(viewer.app);
      const res = await agent[method](path)
        .set(viewer.headers)
        .set('Content-Type', 'application/json')
        .send('[1]');
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
