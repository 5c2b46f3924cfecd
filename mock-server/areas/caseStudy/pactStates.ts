import type { MockApp } from '../../app';
import { CASE_STUDY_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' projects whose case study is each situation (mock-server/seed). */
const PROJECT_OF: Record<string, number> = { published: 1, in_review: 2, none: 4 };
/** No project of the fixtures has it. */
const MISSING = 999_999;

/** The Case study provider states, on the fixtures' case studies. */
export function caseStudyStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  /** The project whose case study is in `study` (the parameter's value), checked on the store. */
  const projectWith = (study: string) => {
    const projectId = PROJECT_OF[study];
    if (projectId === undefined) throw new Error(`Unknown case study situation ${study}`);
    const state = db.getState();
    const found = state.caseStudies.find((candidate) => candidate.project_id === projectId);
    const situation = !found
      ? 'none'
      : found.state === 'in_review' && found.publish_permission !== 'pending'
        ? 'in_review with an answer'
        : found.state;
    if (situation !== study)
      throw new Error(`The case study of project ${projectId} is ${situation}, not ${study}`);
    if (state.projects.some((project) => project.id === MISSING))
      throw new Error(`A project of the fixtures has the id ${MISSING}`);
    return projectId;
  };
  return handlersFor(CASE_STUDY_STATES, signIn, {
    pmEdits: ({ params }) => ({
      projectId: projectWith(String(params?.study)),
      missingProjectId: MISSING,
    }),
    qclViews: () => ({ projectId: projectWith('none') }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = caseStudyStateHandlers;
