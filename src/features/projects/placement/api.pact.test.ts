import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  DEPENDENCY_DIRECTIONS,
  DEPENDENCY_TYPES,
  PLACEMENT_MESSAGES,
} from '../../../api/contract/placement';
import { PROJECT_STATUSES } from '../../../api/contract/projects';
import { drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, timeMatcher } from '../../../testing/pact/pollShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { createPact } from '../../../testing/pact/provider';
import { PLACEMENT_STATES } from '../../../testing/pact/states';
import { placementApi } from './api';

const { arrayContaining, eachLike, integer, string } = MatchersV3;

const named = (id: number, name: string) => ({ id: integer(id), name: string(name) });
const linkShape = (id = 19, name = 'Refined Towels program', code = 'RTP-0019') => ({
  id: integer(id),
  name: string(name),
  code: string(code),
  account: named(18, 'Stanton - Wyman'),
  status: oneOf(PROJECT_STATUSES, 'active'),
});
const programmeShape = {
  id: integer(1),
  name: string('Media platform renewal'),
  code: string('PRG-SW-01'),
  description: string('The panel, its mobile app and the content back office, released together.'),
  account: named(18, 'Stanton - Wyman'),
};
const dependencyShape = (dueDate: unknown = dateMatcher('2026-12-15')) => ({
  id: integer(1),
  direction: oneOf(DEPENDENCY_DIRECTIONS, 'depended_on_by'),
  project: linkShape(),
  type: oneOf(DEPENDENCY_TYPES, 'finish_to_start'),
  note: string('The mobile app goes live once the panel’s API is released.'),
  due_date: dueDate,
  created_at: timeMatcher('2026-09-21T09:00:00.000Z'),
  updated_at: timeMatcher('2026-09-21T09:00:00.000Z'),
});
const placementShape = (parent: unknown = null) => ({
  programme: programmeShape,
  programme_projects: eachLike(linkShape()),
  parent,
  children: eachLike(linkShape()),
  related: eachLike(linkShape(109, 'Ergonomic Salad application', 'ESA-0109')),
  dependencies: arrayContaining(dependencyShape(), dependencyShape(null)),
});

/** `/api/projects/{projectId}/…` of the state's project, with the other values `suffix` names. */
const path = (suffix: string, examples: Record<string, number> = {}) =>
  statePath(`/api/projects/\${projectId}/${suffix}`, { projectId: 1, ...examples });
const PLACEMENT = path('placement/');
const DEPENDENCY = path('dependencies/${dependencyId}/', { dependencyId: 1 });

/** The project of the same account the state links to nothing, as its links answer it. */
const freeProject = () => ({
  ...linkShape(213, 'Intelligent Pants panel', 'IPP-0213'),
  id: stateId('freeProjectId', 213),
});
const newDependency = {
  direction: 'depends_on',
  project_id: 213,
  type: 'deliverable',
  note: 'Needs the usage report.',
  due_date: '2027-01-15',
} as const;
/** The new dependency's body, on the project the state names as `name`. */
const dependencyOn = (name: string, example: number) => ({
  ...newDependency,
  project_id: stateId(name, example),
});

describe('project portfolio tab calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = placementApi.endpoints;

  it('GET /api/projects/{id}/placement/ answers the programme, hierarchy, relations and dependencies', () =>
    interaction(PLACEMENT_STATES.pm, 'a request for the portfolio links of a project')
      .get(PLACEMENT)
      .willRespondWith(200, (b) => b.jsonBody(placementShape()))
      .executeTest(async (mock) => {
        const tab = await dataFrom(mock, endpoints.getPlacement, 1);
        expect(tab.dependencies.some((dep) => dep.due_date === null)).toBe(true);
      }));

  it('GET /api/programmes/ lists the catalogue', () =>
    interaction(PLACEMENT_STATES.pm, 'a request for the programme catalogue')
      .get('/api/programmes/')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(programmeShape)))
      .executeTest(async (mock) => {
        expect((await dataFrom(mock, endpoints.getProgrammes)).length).toBeGreaterThan(0);
      }));

  it('PATCH …/placement/ sets the parent and the programme', () =>
    interaction(PLACEMENT_STATES.admin, 'a new parent and programme for a project')
      .patch(PLACEMENT, {
        parent_id: stateId('freeProjectId', 213),
        programme_id: stateId('programmeId', 1),
      })
      .willRespondWith(200, (b) => b.jsonBody(placementShape(freeProject())))
      .executeTest(async (mock) => {
        const tab = await dataFrom(mock, endpoints.updatePlacement, {
          projectId: 1,
          patch: { parent_id: 213, programme_id: 1 },
        });
        expect(tab.parent?.id).toBe(213);
      }));

  it('PATCH …/placement/ with the project as its own parent answers 400 on parent_id', () =>
    interaction(PLACEMENT_STATES.admin, 'a project made its own parent')
      .patch(PLACEMENT, { parent_id: stateId('projectId', 1) })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ parent_id: PLACEMENT_MESSAGES.ownParent })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.updatePlacement, {
          projectId: 1,
          patch: { parent_id: 1 },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/placement/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(PLACEMENT_STATES.pm, 'a new parent from a user who may not edit the card')
      .patch(PLACEMENT, { parent_id: stateId('freeProjectId', 213) })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.updatePlacement, {
          projectId: 1,
          patch: { parent_id: 213 },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/related-projects/ relates another project', () =>
    interaction(PLACEMENT_STATES.admin, 'a related project added')
      .post(path('related-projects/'), { project_id: stateId('freeProjectId', 213) })
      .willRespondWith(201, (b) => b.jsonBody(freeProject()))
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.addRelatedProject, {
          projectId: 1,
          otherId: 213,
        });
        expect(row.id).toBe(213);
      }));

  it('POST …/related-projects/ of a project already related answers 400 on project_id', () =>
    interaction(PLACEMENT_STATES.admin, 'a related project added twice')
      .post(path('related-projects/'), { project_id: stateId('relatedId', 109) })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ project_id: PLACEMENT_MESSAGES.alreadyRelated })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addRelatedProject, {
          projectId: 1,
          otherId: 109,
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/related-projects/{otherId}/ answers 204', () =>
    interaction(PLACEMENT_STATES.admin, 'a related project removed')
      .delete(path('related-projects/${relatedId}/', { relatedId: 109 }))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(
          await errorFrom(mock, endpoints.removeRelatedProject, { projectId: 1, otherId: 109 }),
        ).toBeUndefined();
      }));

  it('POST …/dependencies/ adds a dependency', () =>
    interaction(PLACEMENT_STATES.admin, 'a new dependency of a project on another')
      .post(path('dependencies/'), dependencyOn('freeProjectId', 213))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...dependencyShape(dateMatcher(newDependency.due_date)),
          direction: 'depends_on',
          project: freeProject(),
          type: 'deliverable',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.addDependency, {
          projectId: 1,
          dependency: newDependency,
        });
        expect(row.direction).toBe('depends_on');
      }));

  it('POST …/dependencies/ on the project itself answers 400 on project_id', () =>
    interaction(PLACEMENT_STATES.admin, 'a dependency of a project on itself')
      .post(path('dependencies/'), dependencyOn('projectId', 1))
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ project_id: PLACEMENT_MESSAGES.ownDependency })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addDependency, {
          projectId: 1,
          dependency: { ...newDependency, project_id: 1 },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/dependencies/{did}/ changes a dependency', () =>
    interaction(PLACEMENT_STATES.admin, 'a dependency changed')
      .patch(DEPENDENCY, { type: 'deliverable', due_date: null })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...dependencyShape(null),
          id: stateId('dependencyId', 1),
          type: 'deliverable',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.updateDependency, {
          projectId: 1,
          dependencyId: 1,
          patch: { type: 'deliverable', due_date: null },
        });
        expect(row.due_date).toBeNull();
      }));

  it('DELETE …/dependencies/{did}/ answers 204', () =>
    interaction(PLACEMENT_STATES.admin, 'a dependency deleted')
      .delete(DEPENDENCY)
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(
          await errorFrom(mock, endpoints.deleteDependency, { projectId: 1, dependencyId: 1 }),
        ).toBeUndefined();
      }));

  it('DELETE …/dependencies/{did}/ of a dependency that does not exist answers 404', () =>
    interaction(PLACEMENT_STATES.admin, 'a dependency that does not exist deleted')
      .delete(path('dependencies/${missingDependencyId}/', { missingDependencyId: 999999 }))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteDependency, {
          projectId: 1,
          dependencyId: 999999,
        });
        expect(error?.status).toBe(404);
      }));
});
