import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import { METRICS_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

const PM = 2;

/** The Metrics approvals provider states on the seed (project 1). */
export function metricsStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const ofProject = db.getState().metricSubmissions.filter((row) => row.project_id === 1);
    const submitted = ofProject.find(
      (row) => row.metric === 'on_time_delivery' && row.period === '2026-10',
    );
    const returned = ofProject.find((row) => row.state === 'returned');
    if (submitted?.state !== 'submitted' || !returned)
      throw new Error('The seed holds no submitted and returned metric values on project 1');
    return { projectId: 1, submittedId: submitted.id, returnedId: returned.id };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [METRICS_STATES.pm]: async () => {
      const state = await signedIn('pm');
      let draftId = 0;
      mutate(db, (draft) => {
        draftId = draft.metricSubmissions.reduce((max, row) => Math.max(max, row.id), 0) + 1;
        draft.metricSubmissions.push({
          id: draftId,
          project_id: 1,
          metric: 'escaped_incidents',
          period: '2026-08',
          value: 1,
          comment: '',
          evidence: null,
          state: 'draft',
          submitted_by_id: PM,
          submitted_at: null,
          reviewed_by_id: null,
          reviewed_at: null,
          decision_comment: '',
          history: [],
        });
      });
      return { ...state, draftId };
    },
    [METRICS_STATES.qcl]: () => signedIn('qcl'),
    [METRICS_STATES.auditor]: () => signedIn('auditor'),
  };
}
