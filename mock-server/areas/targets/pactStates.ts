import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { COMMITMENT_STATES, TARGET_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project and account the target and commitment states stand on. */
const PROJECT = 1;
const ACCOUNT = 1;
/** No target, commitment or user of the fixtures has it. */
const MISSING = 999_999;

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The target and commitment provider states, on the fixtures' project and account. */
export function targetStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const idOf = <T extends { id: number }>(rows: T[], found: (row: T) => boolean, what: string) => {
    const row = rows.find(found);
    if (!row) throw new Error(`The fixtures hold no ${what}`);
    if (rows.some((candidate) => candidate.id === MISSING))
      throw new Error(`A row of the fixtures has the id ${MISSING}`);
    return row.id;
  };
  const targetIds = () => {
    const { targets } = db.getState();
    return {
      projectId: PROJECT,
      accountId: ACCOUNT,
      targetId: idOf(
        targets,
        (t) =>
          t.project_id === PROJECT &&
          t.kind === 'project' &&
          t.metric === 'csat' &&
          t.period === '2026-Q4' &&
          t.actual !== null,
        `csat target of project ${PROJECT} for 2026-Q4`,
      ),
      accountTargetId: idOf(
        targets,
        (t) => t.account_id === ACCOUNT && t.kind === 'account' && t.actual !== null,
        `target of account ${ACCOUNT} with an actual value`,
      ),
      missingTargetId: MISSING,
    };
  };
  const commitmentOf = (state: string, owner: string) => {
    const { commitments } = db.getState();
    return idOf(
      commitments,
      (c) =>
        c.project_id === PROJECT &&
        c.state === state &&
        c.owner_id === userOf(owner) &&
        (state === 'suggested') === (c.suggested_by_id !== null),
      `${state} commitment of project ${PROJECT} owned by ${owner}`,
    );
  };
  const anotherOwner = () => {
    if (db.getState().people.some((person) => person.id === MISSING))
      throw new Error(`A user of the fixtures has the id ${MISSING}`);
    return userOf('expert');
  };

  return {
    ...handlersFor(TARGET_STATES, signIn, {
      admin: targetIds,
      pmReadOnly: () => ({ projectId: PROJECT, accountId: ACCOUNT }),
    }),
    ...handlersFor(COMMITMENT_STATES, signIn, {
      admin: () => ({
        projectId: PROJECT,
        commitmentId: commitmentOf('open', 'pm'),
        suggestionId: commitmentOf('suggested', 'admin'),
        pmSuggestionId: commitmentOf('suggested', 'pm'),
        ownerId: anotherOwner(),
        missingOwnerId: MISSING,
        missingCommitmentId: MISSING,
      }),
      qcl: () => ({ projectId: PROJECT, ownerId: anotherOwner() }),
      pm: () => ({ projectId: PROJECT, commitmentId: commitmentOf('open', 'pm') }),
    }),
  };
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = targetStateHandlers;
