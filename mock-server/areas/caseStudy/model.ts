import type { CaseStudy } from '../../../src/api/contract/caseStudy';
import type { MockState } from '../../store/state';
import type { StoredCaseStudy } from './state';
import { personOf } from '../../lib/people';

export type { CaseStudiesState, StoredCaseStudy } from './state';

/** The project's case study as stored; undefined while it has none. */
export const caseStudyOf = (state: MockState, projectId: number) =>
  state.caseStudies.find((study) => study.project_id === projectId);

export function toCaseStudy(state: MockState, stored: StoredCaseStudy): CaseStudy {
  return {
    title: stored.title,
    challenge: stored.challenge,
    approach: stored.approach,
    results: stored.results,
    lessons: stored.lessons,
    client_quote: stored.client_quote,
    client_quote_by: stored.client_quote_by,
    publish_permission: stored.publish_permission,
    permission_given_by: stored.permission_given_by,
    permission_given_on: stored.permission_given_on,
    state: stored.state,
    created_by: personOf(state, stored.created_by_id),
    created_at: stored.created_at,
    updated_by: personOf(state, stored.updated_by_id),
    updated_at: stored.updated_at,
    published_at: stored.published_at,
  };
}
