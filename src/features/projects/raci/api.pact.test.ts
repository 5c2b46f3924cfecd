import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  ONE_ACCOUNTABLE_RULE,
  raciActivityCodes,
  type RaciFunction,
  type RaciMatrixPut,
} from '../../../api/contract/raci';
import {
  drfDetail,
  fieldErrors,
  nonFieldErrors,
  permissionDenied,
} from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { RACI_STATES } from '../../../testing/pact/states';
import { raciApi } from './api';

const { eachLike, like, string } = MatchersV3;

/** The PMO matrix's columns, as the backend names them. */
const PMO_ROLES = ['pm', 'dm', 'qcl', 'ado', 'architect', 'client', 'pmo_officer'] as const;
const PMO_ACTIVITIES = raciActivityCodes('pmo');
/** The activity the state leaves without an A: the third of the PMO catalogue. */
const WITHOUT_A = PMO_ACTIVITIES[2]!;

const cellsShape = like(
  Object.fromEntries(PMO_ROLES.map((role, index) => [role, index === 0 ? 'A' : ''])),
);
/** The PMO matrix's columns and rows: the activities of the contract's catalogue. */
const rolesAndActivities = {
  roles: eachLike({ id: string('pm'), name: string('Project manager') }),
  activities: eachLike({
    code: oneOf(PMO_ACTIVITIES, 'maintain_project_plan'),
    name: string('Maintain the project plan'),
    cells: cellsShape,
  }),
};
const PROJECT_ID = stateId('projectId', 1);
/** A draft saved by someone and never validated as it stands. */
const matrixShape = () => ({
  project_id: PROJECT_ID,
  function: 'pmo',
  ...rolesAndActivities,
  status: 'draft',
  validated_by: null,
  validated_at: null,
  updated_by: personShape(2, 'Priya Nair', 'pnair'),
  updated_at: timeMatcher('2026-04-12T09:00:00.000Z'),
  has_snapshot: true,
});

/** `/api/projects/{projectId}/raci/{fn}/…` of the state's project. */
const matrixPath = (fn: RaciFunction, suffix = '') =>
  statePath(`/api/projects/\${projectId}/raci/${fn}/${suffix}`, { projectId: 1 });

/** A whole PMO matrix: the project manager accountable, the delivery manager responsible. */
function pmoBody(change: (rows: RaciMatrixPut['activities']) => void = () => undefined) {
  const activities: RaciMatrixPut['activities'] = Object.fromEntries(
    PMO_ACTIVITIES.map((code) => [
      code,
      Object.fromEntries(
        PMO_ROLES.map((role) => [role, role === 'pm' ? 'A' : role === 'dm' ? 'R' : '']),
      ),
    ]),
  );
  change(activities);
  return { activities };
}
const twoAccountable = (rows: RaciMatrixPut['activities']) => {
  rows.maintain_project_plan!.dm = 'A';
};

describe('Ownership matrix (RACI) calls', () => {
  const interaction = interactionsOf(createPact());
  const { getRaciMatrix, saveRaciMatrix, validateRaciMatrix, getRaciSnapshot } = raciApi.endpoints;
  const draft = (fn: RaciFunction, kind: string) => ({
    state: RACI_STATES.adminDraft,
    params: { function: fn, draft: kind },
  });
  const pmoDraft = draft('pmo', 'validated_before');
  const pmo1 = { projectId: 1, fn: 'pmo' } as const;

  it('GET /api/projects/{id}/raci/{function}/ answers the matrix', () =>
    interaction(pmoDraft, 'a request for the PMO matrix of a project')
      .get(matrixPath('pmo'))
      .willRespondWith(200, (b) => b.jsonBody(matrixShape()))
      .executeTest(async (mock) => {
        const matrix = await dataFrom(mock, getRaciMatrix, pmo1);
        expect(matrix.activities[0]?.code).toBe('maintain_project_plan');
        expect(matrix.activities[0]?.cells.pm).toBe('A');
        expect(matrix.status).toBe('draft');
      }));

  it('GET …/raci/{function}/ of a matrix never saved nor validated answers null for both', () =>
    interaction(draft('pmo', 'never_validated'), 'a request for a RACI matrix never saved')
      .get(matrixPath('pmo'))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...matrixShape(),
          updated_by: null,
          updated_at: null,
          has_snapshot: false,
        }),
      )
      .executeTest(async (mock) => {
        const matrix = await dataFrom(mock, getRaciMatrix, pmo1);
        expect(matrix.updated_by).toBeNull();
        expect(matrix.has_snapshot).toBe(false);
      }));

  it('GET …/raci/{function}/ without the function’s view flag answers 403', () =>
    interaction(
      { state: RACI_STATES.pmWithoutView, params: { function: 'qmo' } },
      'a request for a RACI matrix without its view flag',
    )
      .get(matrixPath('qmo'))
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_VIEW_RACI_QMO_TAB).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getRaciMatrix, { projectId: 1, fn: 'qmo' });
        expect(error?.status).toBe(403);
      }));

  it('PUT /api/projects/{id}/raci/{function}/ saves the whole matrix by activity code', () =>
    interaction(pmoDraft, 'a whole PMO matrix saved, one A per activity')
      .put(matrixPath('pmo'), pmoBody())
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...matrixShape(), updated_by: personShape(1, 'Alex Morgan', 'amorgan') }),
      )
      .executeTest(async (mock) => {
        const saved = await dataFrom(mock, saveRaciMatrix, { ...pmo1, ...pmoBody() });
        expect(saved.updated_by?.name).toBe('Alex Morgan');
      }));

  it('PUT …/raci/{function}/ with two A in an activity answers 400 naming its code', () =>
    interaction(pmoDraft, 'a PMO matrix with two A in an activity')
      .put(matrixPath('pmo'), pmoBody(twoAccountable))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          activities: fieldErrors({ maintain_project_plan: `${ONE_ACCOUNTABLE_RULE}: found 2.` }),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, saveRaciMatrix, {
          ...pmo1,
          ...pmoBody(twoAccountable),
        });
        expect(error?.status).toBe(400);
        expect(error?.data).toEqual({
          activities: { maintain_project_plan: [`${ONE_ACCOUNTABLE_RULE}: found 2.`] },
        });
      }));

  it('PUT …/raci/{function}/ without CAN_EDIT_RACI_MATRIX answers 403', () =>
    interaction(
      { state: RACI_STATES.portfolioViews, params: { function: 'pmo' } },
      'a PMO matrix saved by a user who may not edit it',
    )
      .put(matrixPath('pmo'), pmoBody())
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, saveRaciMatrix, { ...pmo1, ...pmoBody() });
        expect(error?.status).toBe(403);
      }));

  it('POST …/raci/{function}/validate/ validates a valid draft', () =>
    interaction(pmoDraft, 'a validation of a valid PMO draft')
      .post(matrixPath('pmo', 'validate/'), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...matrixShape(),
          status: 'validated',
          validated_by: personShape(1, 'Alex Morgan', 'amorgan'),
          validated_at: timeMatcher('2026-11-25T10:30:00.000Z'),
        }),
      )
      .executeTest(async (mock) => {
        const validated = await dataFrom(mock, validateRaciMatrix, pmo1);
        expect(validated.status).toBe('validated');
        expect(validated.validated_by?.name).toBe('Alex Morgan');
      }));

  it('POST …/validate/ answers 400 with the codes of the activities that break the rule', () =>
    interaction(
      draft('pmo', 'activity_without_a'),
      'a validation of a PMO matrix with an activity without A',
    )
      .post(matrixPath('pmo', 'validate/'), {})
      .willRespondWith(400, (b) =>
        b.jsonBody({
          ...nonFieldErrors(
            `The PMO matrix cannot be validated while an activity breaks the rule. ${ONE_ACCOUNTABLE_RULE}.`,
          ),
          activities: fieldErrors({ [WITHOUT_A]: `${ONE_ACCOUNTABLE_RULE}: none found.` }),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, validateRaciMatrix, pmo1);
        expect(error?.status).toBe(400);
        expect((error?.data as { activities: object }).activities).toHaveProperty(
          'track_budget_and_forecast',
        );
      }));

  it('GET …/raci/{function}/snapshot/ answers the last validated version', () =>
    interaction(pmoDraft, 'a request for the last validated PMO matrix')
      .get(matrixPath('pmo', 'snapshot/'))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          project_id: PROJECT_ID,
          function: 'pmo',
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
      draft('sla', 'never_validated'),
      'a request for the last validated version of a matrix never validated',
    )
      .get(matrixPath('sla', 'snapshot/'))
      .willRespondWith(404, (b) =>
        b.jsonBody(drfDetail('The SLA matrix of this project was never validated.')),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getRaciSnapshot, { projectId: 1, fn: 'sla' });
        expect(error?.status).toBe(404);
      }));
});
