import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { TARGET_METRICS, TARGET_STATUSES, type TargetKind } from '../../../api/contract/targets';
import { drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { TARGET_STATES } from '../../../testing/pact/states';
import { targetsApi } from './api';

const { arrayContaining, integer, number, nullValue, regex } = MatchersV3;

const targetShape = (kind: TargetKind, actual: unknown = number(4.4)) => ({
  id: integer(1),
  kind: regex(`^${kind}$`, kind),
  metric: oneOf(TARGET_METRICS, 'csat'),
  period: regex('^\\d{4}-Q[1-4]$', '2026-Q4'),
  planned: number(4.5),
  actual,
  status: oneOf(TARGET_STATUSES, 'at_risk'),
  updated_at: timeMatcher('2026-10-12T09:00:00.000Z'),
  updated_by: personShape(2, 'Priya Nair', 'pnair'),
});

const projectPath = () => statePath('/api/projects/${projectId}/targets/', { projectId: 1 });
/** A target of the state's project: the one it returns as `name`. */
const projectTargetPath = (name = 'targetId', example = 11) =>
  statePath(`/api/projects/\${projectId}/targets/\${${name}}/`, {
    projectId: 1,
    [name]: example,
  });
const accountPath = () => statePath('/api/accounts/${accountId}/targets/', { accountId: 1 });
const accountTargetPath = () =>
  statePath('/api/accounts/${accountId}/targets/${accountTargetId}/', {
    accountId: 1,
    accountTargetId: 500,
  });
const PROJECT = { project: 1 } as const;
const ACCOUNT = { account: 1 } as const;
const attrition = {
  kind: 'project',
  metric: 'team_attrition',
  period: '2027-Q1',
  planned: 10,
  actual: null,
} as const;

describe('target calls', () => {
  const interaction = interactionsOf(createPact());
  const { getTargets, addTarget, updateTarget, deleteTarget } = targetsApi.endpoints;

  it("GET /api/projects/{id}/targets/ lists the project's targets of both kinds", () =>
    interaction(TARGET_STATES.admin, 'a request for the targets of a project')
      .get(projectPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(
          arrayContaining(
            targetShape('project'),
            targetShape('project', nullValue()),
            targetShape('account_project'),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const targets = await dataFrom(mock, getTargets, PROJECT);
        expect(targets.some((target) => target.kind === 'account_project')).toBe(true);
      }));

  it("GET /api/accounts/{id}/targets/ lists the account's own targets", () =>
    interaction(TARGET_STATES.admin, 'a request for the targets of an account')
      .get(accountPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(arrayContaining(targetShape('account'), targetShape('account', nullValue()))),
      )
      .executeTest(async (mock) => {
        const targets = await dataFrom(mock, getTargets, ACCOUNT);
        expect(targets[0]?.kind).toBe('account');
      }));

  it('POST /api/projects/{id}/targets/ adds a project target', () =>
    interaction(TARGET_STATES.admin, 'a new project target')
      .post(projectPath(), attrition)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...targetShape('project', null),
          metric: 'team_attrition',
          period: '2027-Q1',
          planned: number(10),
          status: 'no_actual',
          updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
        }),
      )
      .executeTest(async (mock) => {
        const target = await dataFrom(mock, addTarget, { scope: PROJECT, target: attrition });
        expect(target.status).toBe('no_actual');
      }));

  it('POST …/targets/ with a value out of range answers 400 on the field', () =>
    interaction(TARGET_STATES.admin, 'a new project target with a planned value out of range')
      .post(projectPath(), { ...attrition, planned: 150 })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ planned: 'Ensure this value is less than or equal to 100.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTarget, {
          scope: PROJECT,
          target: { ...attrition, planned: 150 },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/targets/ for a metric and period already set answers 400 on the period', () =>
    interaction(TARGET_STATES.admin, 'a second project target of the same metric and period')
      .post(projectPath(), { ...attrition, metric: 'csat', period: '2026-Q4', planned: 4 })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            period: 'A “Customer satisfaction (CSAT)” target for 2026-Q4 already exists here.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTarget, {
          scope: PROJECT,
          target: { ...attrition, metric: 'csat', period: '2026-Q4', planned: 4 },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/targets/ without the flag of the kind answers 403 naming it', () =>
    interaction(
      TARGET_STATES.pmReadOnly,
      'a new project target from a user without CAN_EDIT_TARGETS',
    )
      .post(projectPath(), attrition)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_TARGETS).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTarget, { scope: PROJECT, target: attrition });
        expect(error?.status).toBe(403);
      }));

  it('PATCH /api/projects/{id}/targets/{targetId}/ changes the values', () =>
    interaction(TARGET_STATES.admin, 'new planned and actual values of a project target')
      .patch(projectTargetPath(), { planned: 4.2, actual: 4.6 })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...targetShape('project'),
          id: stateId('targetId', 11),
          planned: number(4.2),
          actual: number(4.6),
          status: 'on_track',
        }),
      )
      .executeTest(async (mock) => {
        const target = await dataFrom(mock, updateTarget, {
          scope: PROJECT,
          targetId: 11,
          patch: { planned: 4.2, actual: 4.6 },
        });
        expect(target.status).toBe('on_track');
      }));

  it('PATCH …/targets/{targetId}/ of an unknown target answers 404', () =>
    interaction(TARGET_STATES.admin, 'new values of a target the project does not have')
      .patch(projectTargetPath('missingTargetId', 999999), { planned: 4 })
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updateTarget, {
          scope: PROJECT,
          targetId: 999999,
          patch: { planned: 4 },
        });
        expect(error?.status).toBe(404);
      }));

  it('DELETE /api/projects/{id}/targets/{targetId}/ answers 204', () =>
    interaction(TARGET_STATES.admin, 'a project target deleted')
      .delete(projectTargetPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteTarget, { scope: PROJECT, targetId: 11 });
        expect(error).toBeUndefined();
      }));

  it('POST /api/accounts/{id}/targets/ adds an account target', () =>
    interaction(TARGET_STATES.admin, 'a new account target')
      .post(accountPath(), {
        metric: 'defect_leakage',
        period: '2027-Q1',
        planned: 4,
        actual: null,
      })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...targetShape('account', null),
          metric: 'defect_leakage',
          planned: number(4),
          status: 'no_actual',
        }),
      )
      .executeTest(async (mock) => {
        const target = await dataFrom(mock, addTarget, {
          scope: ACCOUNT,
          target: { metric: 'defect_leakage', period: '2027-Q1', planned: 4, actual: null },
        });
        expect(target.kind).toBe('account');
      }));

  it('POST /api/accounts/{id}/targets/ without CAN_EDIT_ACCOUNT_TARGETS answers 403', () =>
    interaction(TARGET_STATES.pmReadOnly, 'a new account target from a user without the flag')
      .post(accountPath(), {
        metric: 'defect_leakage',
        period: '2027-Q1',
        planned: 4,
        actual: null,
      })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_EDIT_ACCOUNT_TARGETS).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTarget, {
          scope: ACCOUNT,
          target: { metric: 'defect_leakage', period: '2027-Q1', planned: 4, actual: null },
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH /api/accounts/{id}/targets/{targetId}/ clears the actual value', () =>
    interaction(TARGET_STATES.admin, 'an account target whose actual value is cleared')
      .patch(accountTargetPath(), { actual: null })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...targetShape('account', null),
          id: stateId('accountTargetId', 500),
          status: 'no_actual',
        }),
      )
      .executeTest(async (mock) => {
        const target = await dataFrom(mock, updateTarget, {
          scope: ACCOUNT,
          targetId: 500,
          patch: { actual: null },
        });
        expect(target.actual).toBeNull();
      }));

  it('DELETE /api/accounts/{id}/targets/{targetId}/ answers 204', () =>
    interaction(TARGET_STATES.admin, 'an account target deleted')
      .delete(accountTargetPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteTarget, { scope: ACCOUNT, targetId: 500 });
        expect(error).toBeUndefined();
      }));
});
