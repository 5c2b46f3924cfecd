import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { RaciMatrixPut } from '../../../api/contract/raci';
import { drfDetail, fieldErrors, permissionDenied } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { RACI_STATES } from '../../../testing/pact/states';
import { raciApi } from './api';

const { boolean, eachLike, integer, like, regex, string } = MatchersV3;

/** The PMO matrix's columns, as the backend names them. */
const PMO_ROLES = ['pm', 'dm', 'qcl', 'ado', 'architect', 'client', 'pmo_officer'] as const;
const PMO_ACTIVITIES = [101, 102, 103, 104, 105, 106, 107, 108];

const STATUS = regex('^(draft|validated)$', 'draft');
const cellsShape = like(
  Object.fromEntries(PMO_ROLES.map((role, index) => [role, index === 0 ? 'A' : ''])),
);
const rolesAndActivities = {
  roles: eachLike({ id: string('pm'), name: string('Project manager') }),
  activities: eachLike({
    id: integer(101),
    name: string('Maintain the project plan'),
    cells: cellsShape,
  }),
};
const matrixShape = (fn = 'pmo') => ({
  project_id: integer(1),
  function: string(fn),
  ...rolesAndActivities,
  status: STATUS,
  validated_by: null,
  validated_at: null,
  updated_by: personShape(2, 'Priya Nair', 'pnair'),
  updated_at: timeMatcher('2026-04-12T09:00:00.000Z'),
  has_snapshot: boolean(true),
});

/** A whole PMO matrix: the project manager accountable, the delivery manager responsible. */
function pmoBody(change: (rows: RaciMatrixPut['activities']) => void = () => undefined) {
  const activities: RaciMatrixPut['activities'] = Object.fromEntries(
    PMO_ACTIVITIES.map((id) => [
      String(id),
      Object.fromEntries(
        PMO_ROLES.map((role) => [role, role === 'pm' ? 'A' : role === 'dm' ? 'R' : '']),
      ),
    ]),
  );
  change(activities);
  return { activities };
}

const ONE_A = 'Exactly one A (accountable) per activity';

describe('Ownership matrix (RACI) calls', () => {
  const interaction = interactionsOf(createPact());
  const { getRaciMatrix, saveRaciMatrix, validateRaciMatrix, getRaciSnapshot } = raciApi.endpoints;
  const pmo1 = { projectId: 1, fn: 'pmo' } as const;

  it('GET /api/projects/{id}/raci/{function}/ answers the matrix', () =>
    interaction(RACI_STATES.adminPmoDraft, 'a request for the PMO matrix of project 1')
      .get('/api/projects/1/raci/pmo/')
      .willRespondWith(200, (b) => b.jsonBody(matrixShape()))
      .executeTest(async (mock) => {
        const matrix = await dataFrom(mock, getRaciMatrix, pmo1);
        expect(matrix.activities[0]?.cells.pm).toBe('A');
        expect(matrix.status).toBe('draft');
      }));

  it('GET …/raci/{function}/ without the function’s view flag answers 403', () =>
    interaction(RACI_STATES.pmWithoutRaci, 'a request for a RACI matrix without its view flag')
      .get('/api/projects/1/raci/qmo/')
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_VIEW_RACI_QMO_TAB).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getRaciMatrix, { projectId: 1, fn: 'qmo' });
        expect(error?.status).toBe(403);
      }));

  it('PUT /api/projects/{id}/raci/{function}/ saves the whole matrix', () =>
    interaction(RACI_STATES.adminPmoDraft, 'a whole PMO matrix saved, one A per activity')
      .put('/api/projects/1/raci/pmo/', pmoBody())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...matrixShape(),
          status: string('draft'),
          updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
        }),
      )
      .executeTest(async (mock) => {
        const saved = await dataFrom(mock, saveRaciMatrix, { ...pmo1, ...pmoBody() });
        expect(saved.updated_by?.name).toBe('Alex Morgan');
      }));

  it('PUT …/raci/{function}/ with two A in an activity answers 400 naming it', () =>
    interaction(RACI_STATES.adminPmoDraft, 'a PMO matrix with two A in an activity')
      .put(
        '/api/projects/1/raci/pmo/',
        pmoBody((rows) => {
          rows['101']!.dm = 'A';
        }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({ activities: fieldErrors({ '101': `${ONE_A}: found 2.` }) }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, saveRaciMatrix, {
          ...pmo1,
          ...pmoBody((rows) => {
            rows['101']!.dm = 'A';
          }),
        });
        expect(error?.status).toBe(400);
        expect(error?.data).toEqual({ activities: { '101': [`${ONE_A}: found 2.`] } });
      }));

  it('PUT …/raci/{function}/ without CAN_EDIT_RACI_MATRIX answers 403', () =>
    interaction(RACI_STATES.portfolioReadOnly, 'a PMO matrix saved by a user who may not edit it')
      .put('/api/projects/1/raci/pmo/', pmoBody())
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, saveRaciMatrix, { ...pmo1, ...pmoBody() });
        expect(error?.status).toBe(403);
      }));

  it('POST …/raci/{function}/validate/ validates a valid draft', () =>
    interaction(RACI_STATES.adminPmoDraft, 'a validation of a valid PMO draft')
      .post('/api/projects/1/raci/pmo/validate/', {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...matrixShape(),
          status: string('validated'),
          validated_by: personShape(1, 'Alex Morgan', 'amorgan'),
          validated_at: timeMatcher('2026-11-25T10:30:00.000Z'),
        }),
      )
      .executeTest(async (mock) => {
        const validated = await dataFrom(mock, validateRaciMatrix, pmo1);
        expect(validated.status).toBe('validated');
        expect(validated.validated_by?.name).toBe('Alex Morgan');
      }));

  it('POST …/validate/ answers 400 with the activities that break the rule', () =>
    interaction(
      RACI_STATES.adminPmoBroken,
      'a validation of a PMO matrix with an activity without A',
    )
      .post('/api/projects/2/raci/pmo/validate/', {})
      .willRespondWith(400, (b) =>
        b.jsonBody({
          non_field_errors: eachLike(
            `The PMO matrix cannot be validated while an activity breaks the rule. ${ONE_A}.`,
          ),
          activities: fieldErrors({ '103': `${ONE_A}: none found.` }),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, validateRaciMatrix, { projectId: 2, fn: 'pmo' });
        expect(error?.status).toBe(400);
        expect((error?.data as { activities: object }).activities).toHaveProperty('103');
      }));

  it('GET …/raci/{function}/snapshot/ answers the last validated version', () =>
    interaction(RACI_STATES.adminPmoDraft, 'a request for the last validated PMO matrix')
      .get('/api/projects/1/raci/pmo/snapshot/')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          project_id: integer(1),
          function: string('pmo'),
          ...rolesAndActivities,
          validated_by: personShape(101, 'Jordan Blake', 'jblake'),
          validated_at: timeMatcher('2026-03-02T09:00:00.000Z'),
        }),
      )
      .executeTest(async (mock) => {
        const snapshot = await dataFrom(mock, getRaciSnapshot, pmo1);
        expect(snapshot.activities.length).toBeGreaterThan(0);
      }));

  it('GET …/snapshot/ of a matrix never validated answers 404', () =>
    interaction(
      RACI_STATES.adminSlaNeverValidated,
      'a request for the last validated version of a matrix never validated',
    )
      .get('/api/projects/1/raci/sla/snapshot/')
      .willRespondWith(404, (b) =>
        b.jsonBody(drfDetail('The SLA matrix of this project was never validated.')),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getRaciSnapshot, { projectId: 1, fn: 'sla' });
        expect(error?.status).toBe(404);
      }));
});
