import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { LICENCE_STATES, LICENCE_TYPES, TOOL_CATEGORIES } from '../../../api/contract/tools';
import { drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { createPact } from '../../../testing/pact/provider';
import { TOOL_STATES } from '../../../testing/pact/states';
import { toolsApi } from './api';

const { arrayContaining, boolean, integer, string } = MatchersV3;

const toolShape = (expiry: unknown = dateMatcher('2027-06-30')) => ({
  id: integer(1),
  name: string('Jira Software'),
  category: oneOf(TOOL_CATEGORIES, 'project_management'),
  version: string('10.3'),
  licence_type: oneOf(LICENCE_TYPES, 'subscription'),
  licence_expiry: expiry,
  licence_state: oneOf(LICENCE_STATES, 'valid'),
  owner: personShape(2, 'Priya Nair', 'pnair'),
  approved: boolean(true),
  notes: string(''),
  created_at: timeMatcher('2026-09-14T09:00:00.000Z'),
  updated_at: timeMatcher('2026-09-14T09:00:00.000Z'),
});

const listPath = () => statePath('/api/projects/${projectId}/tools/', { projectId: 1 });
/** A tool of the state's project: the one it returns as `name`. */
const onePath = (name = 'toolId', example = 8) =>
  statePath(`/api/projects/\${projectId}/tools/\${${name}}/`, { projectId: 1, [name]: example });

const fresh = {
  name: 'Postman',
  category: 'testing',
  version: '11.2',
  licence_type: 'subscription',
  licence_expiry: '2027-05-31',
  owner_id: 3,
  approved: true,
  notes: '',
} as const;
const ONE = { projectId: 1, toolId: 8 };
/** A new tool's body, owned by the user the state names. */
const freshOf = (change: Partial<Record<'name' | 'version' | 'licence_expiry', string>> = {}) => ({
  ...fresh,
  ...change,
  owner_id: stateId('ownerId', fresh.owner_id),
});

describe('tools register calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = toolsApi.endpoints;

  it('GET /api/projects/{id}/tools/ lists the register, with and without an expiry', () =>
    interaction(TOOL_STATES.admin, 'a request for the tools register of a project')
      .get(listPath())
      .willRespondWith(200, (b) => b.jsonBody(arrayContaining(toolShape(), toolShape(null))))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getTools, 1);
        expect(rows.some((row) => row.licence_expiry === null)).toBe(true);
      }));

  it('GET …/tools/ without CAN_VIEW_TOOLS_REGISTER answers 403 naming it', () =>
    interaction(TOOL_STATES.pm, 'a request for the tools register from a user who may not view it')
      .get(listPath())
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_VIEW_TOOLS_REGISTER).'),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, endpoints.getTools, 1))?.status).toBe(403);
      }));

  it('POST …/tools/ adds a tool', () =>
    interaction(TOOL_STATES.admin, 'a new tool in the register')
      .post(listPath(), freshOf())
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...toolShape(dateMatcher(fresh.licence_expiry)),
          name: fresh.name,
          category: 'testing',
          version: fresh.version,
          owner: { ...personShape(3, 'Erik Lindqvist', 'elindqvist'), id: stateId('ownerId', 3) },
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.addTool, { projectId: 1, tool: fresh });
        expect(row.name).toBe('Postman');
      }));

  it('POST …/tools/ without CAN_EDIT_TECH_REGISTER answers 403 naming it', () =>
    interaction(TOOL_STATES.pm, 'a new tool from a user who may not edit the register')
      .post(listPath(), freshOf())
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_TECH_REGISTER).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addTool, { projectId: 1, tool: fresh });
        expect(error?.status).toBe(403);
      }));

  it('POST …/tools/ with a blank name and a wrong expiry answers 400 by field', () =>
    interaction(TOOL_STATES.admin, 'a new tool with a blank name and a wrong expiry')
      .post(listPath(), freshOf({ name: ' ', licence_expiry: '31/05/2027' }))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            name: 'This field may not be blank.',
            licence_expiry: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addTool, {
          projectId: 1,
          tool: { ...fresh, name: ' ', licence_expiry: '31/05/2027' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/tools/ of a tool already in the register in that version answers 400 on name', () =>
    interaction(TOOL_STATES.admin, 'a new tool already in the register in that version')
      .post(listPath(), freshOf({ name: 'GitLab', version: '17.5' }))
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ name: 'This tool is already in the register in this version.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addTool, {
          projectId: 1,
          tool: { ...fresh, name: 'GitLab', version: '17.5' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/tools/{tid}/ changes a tool', () =>
    interaction(TOOL_STATES.admin, 'a tool of the register changed')
      .patch(onePath(), { approved: false, licence_expiry: '2027-12-31' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...toolShape(dateMatcher('2027-12-31')),
          id: stateId('toolId', 8),
          approved: false,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.updateTool, {
          ...ONE,
          patch: { approved: false, licence_expiry: '2027-12-31' },
        });
        expect(row.approved).toBe(false);
      }));

  it('DELETE …/tools/{tid}/ answers 204', () =>
    interaction(TOOL_STATES.admin, 'a tool of the register deleted')
      .delete(onePath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await errorFrom(mock, endpoints.deleteTool, ONE)).toBeUndefined();
      }));

  it('DELETE …/tools/{tid}/ of a tool the project does not have answers 404', () =>
    interaction(TOOL_STATES.admin, 'a tool the register does not hold deleted')
      .delete(onePath('missingToolId', 999999))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteTool, { projectId: 1, toolId: 999999 });
        expect(error?.status).toBe(404);
      }));
});
