import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { projectActionItems } from './actionItems';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { ATTRIBUTE_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' projects these states stand on (mock-server/seed/projectAttributes.ts, polls.ts). */
const PROFILED_PROJECT = 1;
const AUDITED_PROJECT = 10;
/** An id above every key of the fixtures. */
const MISSING = 999_999;

/** The open action items of the project's open project-level risks and issues. */
const openItemsOf = (state: MockState, projectId: number) => {
  const risks = new Set(
    state.risks
      .filter(
        (risk) => risk.level === 'project' && risk.scope.id === projectId && risk.status === 'open',
      )
      .map((risk) => risk.id),
  );
  return state.riskActionItems.filter((item) => !item.done && risks.has(item.risk_id));
};

/** The Attributes and Action items states of the mock backend, on the fixtures' projects. */
export function attributeStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;

  /** The profiled project's PDF validation file and an open action item of its risks. */
  const profiled = () => {
    const state = db.getState();
    const file = state.profileValidations
      .find((row) => row.project_id === PROFILED_PROJECT)
      ?.files.find((candidate) => candidate.file_name.endsWith('.pdf'));
    const item = openItemsOf(state, PROFILED_PROJECT)[0];
    if (!file || !item)
      throw new Error(`The fixtures hold no validation PDF or open item of ${PROFILED_PROJECT}`);
    return { projectId: PROFILED_PROJECT, fileId: file.id, itemId: item.id };
  };

  /** The first open corrective action of the audited project's approved audit. */
  const finding = () => {
    const state = db.getState();
    const audits = new Set(
      state.polls
        .filter((poll) => poll.project_id === AUDITED_PROJECT && poll.status === 'review_completed')
        .map((poll) => poll.id),
    );
    const outcome = state.outcomes.find(
      (row) => audits.has(row.poll_id) && row.owner_id !== null && row.done_at === null,
    );
    if (!outcome) throw new Error(`The fixtures hold no open corrective action of an audit`);
    return outcome;
  };

  return handlersFor(ATTRIBUTE_STATES, signIn, {
    adminProfiled: () => ({
      ...profiled(),
      missingProjectId: MISSING,
      missingItemId: MISSING,
    }),
    pmFills: () => {
      const { projectId, itemId } = profiled();
      return { projectId, itemId };
    },
    adminUnprofiled: () => {
      // A project without a profile validation whose Action items tab holds one item, of a risk.
      const state = db.getState();
      const admin = findPersona('admin')!;
      const validated = new Set(state.profileValidations.map((row) => row.project_id));
      const project = state.projectDetails.find(({ project_id }) => {
        const items = projectActionItems(state, admin, project_id);
        return !validated.has(project_id) && items.length === 1 && items[0]!.source.type === 'risk';
      });
      if (!project) throw new Error('The fixtures hold no unprofiled project with one open item');
      const [item] = projectActionItems(state, admin, project.project_id);
      mutate(db, (draft) => {
        draft.riskActionItems.find((candidate) => candidate.id === item!.id)!.due_date = null;
      });
      return { projectId: project.project_id };
    },
    adminApprovedAudit: () => ({ projectId: AUDITED_PROJECT, outcomeId: finding().id }),
    adminApprovedAuditDone: () => {
      const { id } = finding();
      mutate(db, (state) => {
        state.outcomes.find((row) => row.id === id)!.done_at = '2026-11-20T09:00:00.000Z';
      });
      return { projectId: AUDITED_PROJECT, outcomeId: id };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = attributeStateHandlers;
