import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  ASK_STATES,
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  type DexPracticeInput,
} from '../../../api/contract/dexSetup';
import { drfDetail } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { createPact } from '../../../testing/pact/provider';
import { DEX_SETUP_STATES } from '../../../testing/pact/states';
import { dexSetupApi } from './api';

const { arrayContaining, boolean, eachLike, integer, regex, string } = MatchersV3;

const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

const setupShape = () => ({
  configured: boolean(true),
  updated_at: timeMatcher('2026-09-01T08:30:00.000Z'),
  updated_by: personShape(5, 'Omar Haddad', 'ohaddad'),
  practices: arrayContaining(
    {
      code: oneOf(DEX_PRACTICE_CODES, 'health_check'),
      in_scope: true,
      reason: string(''),
      owner: personShape(2, 'Priya Nair', 'pnair'),
      start_period: regex(MONTH, '2026-09'),
    },
    {
      code: oneOf(DEX_PRACTICE_CODES, 'project_kick_off'),
      in_scope: false,
      reason: string(DEX_PRACTICES.project_kick_off.default_reason),
      owner: null,
      start_period: null,
    },
  ),
  asked_for: eachLike({
    code: oneOf(DEX_PRACTICE_CODES, 'health_check'),
    kind: oneOf(['check', 'target', 'checklist'], 'check'),
    label: string('Health check'),
    state: oneOf(ASK_STATES, 'in_place'),
    detail: string('2 checks; last: Finished, due 08/12/2026'),
  }),
});

/** The PUT's answer: the saved setup and the checklists the save issued. */
const savedShape = (issued: unknown[] | ReturnType<typeof eachLike> = []) => ({
  ...setupShape(),
  issued_checklists: issued,
});

const path = () => statePath('/api/projects/${projectId}/dex-setup/', { projectId: 1 });

/** The whole catalogue at its defaults, owned by Priya Nair, with one change. */
const rows = (change: Partial<DexPracticeInput> & { code: DexPracticeInput['code'] }) =>
  DEX_PRACTICE_CODES.map((code): DexPracticeInput => {
    const inScope = DEX_PRACTICES[code].default_in_scope;
    const row = {
      code,
      in_scope: inScope,
      reason: DEX_PRACTICES[code].default_reason,
      owner_id: inScope ? 2 : null,
      start_period: inScope ? '2026-11' : null,
    };
    return code === change.code ? { ...row, ...change } : row;
  });
const OUT = rows({
  code: 'sprint_quality_gate',
  in_scope: false,
  reason: 'Kanban: no sprints.',
  owner_id: null,
  start_period: null,
});
const KICK_OFF_IN = rows({
  code: 'project_kick_off',
  in_scope: true,
  reason: 'A new phase starts.',
  owner_id: 2,
  start_period: '2026-12',
});
const NO_REASON = rows({
  code: 'sprint_quality_gate',
  in_scope: false,
  reason: '',
  owner_id: null,
  start_period: null,
});

/** The PUT's body: every owner the user the state names (`ownerId`). */
const bodyOf = (practices: DexPracticeInput[]) => ({
  practices: practices.map((row) => ({
    ...row,
    owner_id: row.owner_id === null ? null : stateId('ownerId', row.owner_id),
  })),
});

describe('DEX set up calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = dexSetupApi.endpoints;

  it('GET /api/projects/{id}/dex-setup/ answers the scope and what it asks for', () =>
    interaction(DEX_SETUP_STATES.pm, 'a request for the DEX set up of a project')
      .get(path())
      .willRespondWith(200, (b) => b.jsonBody(setupShape()))
      .executeTest(async (mock) => {
        const setup = await dataFrom(mock, endpoints.getDexSetup, 1);
        expect(setup.practices.some((practice) => practice.owner === null)).toBe(true);
      }));

  it('PUT …/dex-setup/ saves the whole scope', () =>
    interaction(DEX_SETUP_STATES.qcl, 'a DEX scope taking a checklist out of scope')
      .put(path(), bodyOf(OUT))
      .willRespondWith(200, (b) => b.jsonBody(savedShape()))
      .executeTest(async (mock) => {
        const setup = await dataFrom(mock, endpoints.saveDexSetup, {
          projectId: 1,
          setup: { practices: OUT },
        });
        expect(setup.configured).toBe(true);
        expect(setup.issued_checklists).toEqual([]);
      }));

  it('PUT …/dex-setup/ putting a checklist practice in scope answers the checklist it issued', () =>
    interaction(DEX_SETUP_STATES.qcl, 'a DEX scope putting the kick-off checklist in scope')
      .put(path(), bodyOf(KICK_OFF_IN))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          savedShape(
            eachLike({
              id: integer(18),
              template_name: string('Project kick-off'),
              assignee: { ...personShape(2, 'Priya Nair', 'pnair'), id: stateId('ownerId', 2) },
              due_date: dateMatcher('2026-12-31'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const setup = await dataFrom(mock, endpoints.saveDexSetup, {
          projectId: 1,
          setup: { practices: KICK_OFF_IN },
        });
        expect(setup.issued_checklists[0]?.template_name).toBe('Project kick-off');
      }));

  it('PUT …/dex-setup/ without a reason answers 400 on the row, in a list', () =>
    interaction(DEX_SETUP_STATES.qcl, 'a DEX scope with a practice out of scope and no reason')
      .put(path(), bodyOf(NO_REASON))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          practices: arrayContaining({
            reason: eachLike('Say why this practice is out of scope.'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.saveDexSetup, {
          projectId: 1,
          setup: { practices: NO_REASON },
        });
        expect(error?.status).toBe(400);
      }));

  it('PUT …/dex-setup/ without CAN_EDIT_DEX_SCOPE_SETUP answers 403 naming it', () =>
    interaction(DEX_SETUP_STATES.pm, 'a DEX scope from a user who may not set it')
      .put(path(), bodyOf(OUT))
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_EDIT_DEX_SCOPE_SETUP).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.saveDexSetup, {
          projectId: 1,
          setup: { practices: OUT },
        });
        expect(error?.status).toBe(403);
      }));
});
