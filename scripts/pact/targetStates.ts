import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { COMMITMENT_STATES, TARGET_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The target and commitment provider states on the seed (project 1, account 1). */
export function targetStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const idOf = <T extends { id: number }>(rows: T[], found: (row: T) => boolean, what: string) => {
    const row = rows.find(found);
    if (!row) throw new Error(`The seed holds no ${what}`);
    return row.id;
  };
  const targetIds = () => {
    const { targets } = db.getState();
    return {
      projectId: 1,
      accountId: 1,
      targetId: idOf(
        targets,
        (t) =>
          t.project_id === 1 &&
          t.kind === 'project' &&
          t.metric === 'csat' &&
          t.period === '2026-Q4',
        'CSAT target of project 1 for 2026-Q4',
      ),
      accountTargetId: idOf(
        targets,
        (t) => t.account_id === 1 && t.kind === 'account' && t.metric === 'csat',
        'CSAT target of account 1',
      ),
    };
  };
  const commitmentIds = () => {
    const { commitments } = db.getState();
    const ofProject = (state: string, owner?: number) => (c: (typeof commitments)[number]) =>
      c.project_id === 1 && c.state === state && (owner === undefined || c.owner_id === owner);
    return {
      projectId: 1,
      commitmentId: idOf(commitments, ofProject('open', 2), "pm's open commitment of project 1"),
      suggestionId: idOf(commitments, ofProject('suggested', 1), "admin's suggestion"),
      pmSuggestionId: idOf(commitments, ofProject('suggested', 2), "pm's suggestion"),
    };
  };
  const signedIn = async (personaId: string, ids: () => Record<string, unknown>) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [TARGET_STATES.admin]: () => signedIn('admin', targetIds),
    [TARGET_STATES.pmReadOnly]: () => signedIn('pm', targetIds),
    [COMMITMENT_STATES.admin]: () => signedIn('admin', commitmentIds),
    [COMMITMENT_STATES.qcl]: () => signedIn('qcl', commitmentIds),
    [COMMITMENT_STATES.pm]: () => signedIn('pm', commitmentIds),
  };
}
