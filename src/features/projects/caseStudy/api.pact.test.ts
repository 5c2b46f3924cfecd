import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  CASE_STUDY_MESSAGES,
  CASE_STUDY_STATES as STATES,
  PUBLISH_PERMISSIONS,
} from '../../../api/contract/caseStudy';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { statePath } from '../../../testing/pact/inject';
import { createPact } from '../../../testing/pact/provider';
import { CASE_STUDY_STATES } from '../../../testing/pact/states';
import { caseStudyApi } from './api';

const { nullValue, string } = MatchersV3;

const studyShape = (state: string, changes: Record<string, unknown> = {}) => ({
  title: string('Peak season without an outage'),
  challenge: string('Releases took a weekend.'),
  approach: string('One pipeline, weekly releases.'),
  results: string('Lead time from 19 days to 2.'),
  lessons: string(''),
  client_quote: string('Peak season was a non-event.'),
  client_quote_by: string('Dana Whitfield, CTO'),
  publish_permission: oneOf(PUBLISH_PERMISSIONS, 'yes'),
  permission_given_by: string('Dana Whitfield, CTO'),
  permission_given_on: dateMatcher('2026-10-14'),
  state: oneOf(STATES, state),
  created_by: personShape(2, 'Priya Nair', 'pnair'),
  created_at: timeMatcher('2026-09-02T10:00:00.000Z'),
  updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
  updated_at: timeMatcher('2026-10-20T14:30:00.000Z'),
  published_at: timeMatcher('2026-10-20T14:30:00.000Z'),
  ...changes,
});
/** A case study whose client has not answered yet, never published. */
const pendingShape = (state: string, changes: Record<string, unknown> = {}) =>
  studyShape(state, {
    publish_permission: 'pending',
    permission_given_by: '',
    permission_given_on: nullValue(),
    updated_by: personShape(2, 'Priya Nair', 'pnair'),
    published_at: nullValue(),
    ...changes,
  });

/** `/api/projects/{projectId}/case-study/…` of the project the state returns as `name`. */
const path = (example: number, suffix = '', name = 'projectId') =>
  statePath(`/api/projects/\${${name}}/case-study/${suffix}`, { [name]: example });
const fresh = { title: 'A release train for a retailer', challenge: 'Releases took a weekend.' };

describe('case study calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = caseStudyApi.endpoints;
  /** persona pm, on a project whose case study is `study`. */
  const pmWith = (study: 'published' | 'in_review' | 'none') => ({
    state: CASE_STUDY_STATES.pmEdits,
    params: { study },
  });

  it('GET /api/projects/{id}/case-study/ answers the case study', () =>
    interaction(pmWith('published'), 'a request for the published case study of a project')
      .get(path(1))
      .willRespondWith(200, (b) => b.jsonBody(studyShape('published')))
      .executeTest(async (mock) => {
        const study = await dataFrom(mock, endpoints.getCaseStudy, 1);
        expect(study?.state).toBe('published');
      }));

  it('GET …/case-study/ of a project without one answers 204', () =>
    interaction(pmWith('none'), 'a request for the case study of a project that has none')
      .get(path(4))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await dataFrom(mock, endpoints.getCaseStudy, 4)).toBeNull();
      }));

  it('GET …/case-study/ of an unknown project answers 404', () =>
    interaction(pmWith('none'), 'a request for the case study of an unknown project')
      .get(path(999999, '', 'missingProjectId'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, endpoints.getCaseStudy, 999999))?.status).toBe(404);
      }));

  it('POST …/case-study/ starts one in draft', () =>
    interaction(pmWith('none'), 'a new case study for a project that has none')
      .post(path(4), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody(
          pendingShape('draft', {
            title: fresh.title,
            approach: '',
            results: '',
            client_quote: '',
            client_quote_by: '',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const study = await dataFrom(mock, endpoints.startCaseStudy, {
          projectId: 4,
          study: fresh,
        });
        expect(study.state).toBe('draft');
      }));

  it('POST …/case-study/ with a blank title answers 400 by field', () =>
    interaction(pmWith('none'), 'a new case study with a blank title')
      .post(path(4), { ...fresh, title: ' ' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ title: 'This field may not be blank.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.startCaseStudy, {
          projectId: 4,
          study: { ...fresh, title: ' ' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/case-study/ without CAN_EDIT_CASE_STUDY answers 403 naming it', () =>
    interaction(
      CASE_STUDY_STATES.qclViews,
      'a new case study from a user who may not edit case studies',
    )
      .post(path(4), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_CASE_STUDY).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.startCaseStudy, {
          projectId: 4,
          study: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/case-study/ records the client’s permission', () => {
    const patch = {
      publish_permission: 'yes',
      permission_given_by: 'Dana Whitfield, CTO',
      permission_given_on: '2026-10-14',
    } as const;
    return interaction(pmWith('in_review'), 'the client’s permission recorded on a case study')
      .patch(path(2), patch)
      .willRespondWith(200, (b) =>
        b.jsonBody(
          pendingShape('in_review', {
            publish_permission: 'yes',
            permission_given_by: 'Dana Whitfield, CTO',
            permission_given_on: dateMatcher('2026-10-14'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const study = await dataFrom(mock, endpoints.updateCaseStudy, { projectId: 2, patch });
        expect(study.publish_permission).toBe('yes');
      });
  });

  it('POST …/case-study/state/ moves a case study in review back to draft', () =>
    interaction(pmWith('in_review'), 'a case study in review sent back to draft')
      .post(path(2, 'state/'), { state: 'draft' })
      .willRespondWith(200, (b) => b.jsonBody(pendingShape('draft')))
      .executeTest(async (mock) => {
        const study = await dataFrom(mock, endpoints.moveCaseStudy, {
          projectId: 2,
          state: 'draft',
        });
        expect(study.state).toBe('draft');
      }));

  it('POST …/case-study/state/ publishing without the client’s permission answers 400', () =>
    interaction(pmWith('in_review'), 'a case study published without the client’s permission')
      .post(path(2, 'state/'), { state: 'published' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(CASE_STUDY_MESSAGES.permissionNeeded)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.moveCaseStudy, {
          projectId: 2,
          state: 'published',
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/case-study/state/ a move the machine refuses answers 400 on state', () =>
    interaction(pmWith('published'), 'a published case study sent to review')
      .post(path(1, 'state/'), { state: 'in_review' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({ state: CASE_STUDY_MESSAGES.refusedMove('published', 'in_review') }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.moveCaseStudy, {
          projectId: 1,
          state: 'in_review',
        });
        expect(error?.status).toBe(400);
      }));
});
