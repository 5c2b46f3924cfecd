import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import type { StoredMetricSubmission } from './model';
import { mutate } from '../../store/db';
import { METRICS_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The seed's project these states stand on (mock-server/seed/metricsApprovals.ts): pm submitted
 * its values, the QC lead reviews them; on-time delivery of 2026-10 waits for review (never
 * reviewed), defect leakage of 2026-10 was returned, others were approved or resubmitted.
 */
const PROJECT = 1;

/** The Metrics approvals states of the mock backend, on the seed's project. */
export function metricsStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const ofProject = () =>
    db.getState().metricSubmissions.filter((row) => row.project_id === PROJECT);
  /** A value waiting for review that no one has reviewed yet. */
  const waiting = (row: StoredMetricSubmission) =>
    row.state === 'submitted' && row.reviewed_by_id === null;
  const find = (found: (row: StoredMetricSubmission) => boolean, what: string) => {
    const row = ofProject().find(found);
    if (!row) throw new Error(`The seed holds no ${what} on project ${PROJECT}`);
    return row.id;
  };
  const submittedId = () => find(waiting, 'metric value waiting for review');
  const returnedId = () => find((row) => row.state === 'returned', 'returned metric value');

  return handlersFor(METRICS_STATES, signIn, {
    submitter: () => {
      let draftId = 0;
      mutate(db, (state) => {
        draftId = state.metricSubmissions.reduce((max, row) => Math.max(max, row.id), 0) + 1;
        state.metricSubmissions.push({
          id: draftId,
          project_id: PROJECT,
          metric: 'escaped_incidents',
          period: '2026-08',
          value: 1,
          comment: '',
          evidence: null,
          state: 'draft',
          submitted_by_id: findPersona('pm')!.userId,
          submitted_at: null,
          reviewed_by_id: null,
          reviewed_at: null,
          decision_comment: '',
          history: [],
        });
      });
      return {
        projectId: PROJECT,
        returnedId: returnedId(),
        submittedId: submittedId(),
        draftId,
      };
    },
    reviewer: () => ({ projectId: PROJECT, submittedId: submittedId() }),
    reader: ({ params }) => {
      const kept: (row: StoredMetricSubmission) => boolean =
        params?.state === 'returned' ? (row) => row.state === 'returned' : waiting;
      mutate(db, (state) => {
        state.metricSubmissions = state.metricSubmissions.filter(
          (row) => row.project_id !== PROJECT || kept(row),
        );
      });
      return { projectId: PROJECT };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = metricsStateHandlers;
