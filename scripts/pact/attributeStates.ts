import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import { ATTRIBUTE_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Attributes and Action items provider states, on the canonical project 1. */
export function attributeStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const state = db.getState();
    const file = state.profileValidations.find((row) => row.project_id === 1)?.files[0];
    // Item 1 of risk 1: open, of project 1.
    const item = state.riskActionItems.find(
      (candidate) => candidate.risk_id === 1 && !candidate.done,
    );
    if (!file || !item)
      throw new Error('The fixtures hold no validation file or open item of project 1');
    return { projectId: 1, fileId: file.id, itemId: item.id };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  /** The first open corrective action of the approved audit 10 (project 10). */
  const finding = () => {
    const outcome = db
      .getState()
      .outcomes.find((row) => row.poll_id === 10 && row.owner_id !== null && row.done_at === null);
    if (!outcome) throw new Error('The fixtures hold no open corrective action of check 10');
    return outcome;
  };
  const approvedAudit = async (done: boolean) => {
    const { valid } = await signIn('admin');
    const outcome = finding();
    if (done) mutate(db, () => void (outcome.done_at = '2026-11-20T09:00:00.000Z'));
    return { accessToken: valid.access, projectId: 10, outcomeId: outcome.id };
  };
  return {
    [ATTRIBUTE_STATES.adminProject1]: () => signedIn('admin'),
    [ATTRIBUTE_STATES.pmProject1]: () => signedIn('pm'),
    [ATTRIBUTE_STATES.adminApprovedAudit]: () => approvedAudit(false),
    [ATTRIBUTE_STATES.adminApprovedAuditDone]: () => approvedAudit(true),
  };
}
