import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import { APPROVAL_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Approvals provider states on the seed (project 1). */
export function approvalStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const idOf = (kind: string, state: string) => {
    const row = db
      .getState()
      .approvalRequests.find(
        (candidate) =>
          candidate.project_id === 1 && candidate.kind === kind && candidate.state === state,
      );
    if (!row) throw new Error(`The seed holds no ${state} ${kind} request on project 1`);
    return row.id;
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return {
      accessToken: valid.access,
      projectId: 1,
      pendingId: idOf('kpi_exclusion', 'pending'),
      decidedId: idOf('scope_change', 'approved'),
    };
  };
  return {
    [APPROVAL_STATES.admin]: () => signedIn('admin'),
    [APPROVAL_STATES.qcl]: () => signedIn('qcl'),
    [APPROVAL_STATES.pm]: () => signedIn('pm'),
    [APPROVAL_STATES.remindedNow]: async () => {
      const state = await signedIn('pm');
      mutate(db, (draft) => {
        draft.approvalRequests
          .find((row) => row.id === state.pendingId)!
          .history.push({
            event: 'reminded',
            at: new Date(Date.now() - 3_600_000).toISOString(),
            by_id: 2,
            comment: '',
          });
      });
      return state;
    },
  };
}
