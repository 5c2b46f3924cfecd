import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import {
  RACI_FUNCTIONS,
  activityProblem,
  raciActivityCodes,
  type RaciMatrix,
} from '../../../src/api/contract/raci';
import { RACI_CATALOGUE } from './catalogue';
import { signIn } from '../../testing/signIn';
import { accountableOf, bodyOf, getMatrix, historyOf, matrixPath, put } from './testing';

// Each test signs in on a fresh seed (a second or two on a busy machine) and makes many calls.
vi.setConfig({ testTimeout: 20_000 });

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
