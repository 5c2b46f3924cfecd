import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { RaciMatrix, RaciSnapshot } from '../../../src/api/contract/raci';
import { signIn } from '../../testing/signIn';
import {
  bodyOf,
  getMatrix,
  historyOf,
  matrixPath,
  put,
  snapshotPath,
  validatePath,
} from './testing';

// Each test signs in on a fresh seed (a second or two on a busy machine) and makes many calls.
vi.setConfig({ testTimeout: 20_000 });

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
