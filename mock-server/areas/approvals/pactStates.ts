import type { MockApp } from '../../app';
import type { StoredApprovalRequest } from './model';
import { findPersona } from '../../auth/personas';
import { now } from '../../lib/clock';
import { mutate } from '../../store/db';
import { APPROVAL_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The seed's project these states stand on (seed.ts beside this file): pm raised an exclusion
 * from KPI that waits on qcl (reminded once, on 11/20) and a scope change qcl approved with a
 * comment (never reminded); others wait on pm or the account owner, or were rejected or withdrawn.
 */
const PROJECT = 1;
const HOUR_MS = 3_600_000;

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The Approvals states of the mock backend, on the seed's project. */
export function approvalStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const requestOf = (
    kind: StoredApprovalRequest['kind'],
    state: StoredApprovalRequest['state'],
  ) => {
    const row = db
      .getState()
      .approvalRequests.find(
        (candidate) =>
          candidate.project_id === PROJECT && candidate.kind === kind && candidate.state === state,
      );
    if (!row) throw new Error(`The seed holds no ${state} ${kind} request on project ${PROJECT}`);
    return row.id;
  };
  const pendingId = () => requestOf('kpi_exclusion', 'pending');
  const decidedId = () => requestOf('scope_change', 'approved');

  return handlersFor(APPROVAL_STATES, signIn, {
    approver: () => ({ projectId: PROJECT, pendingId: pendingId(), decidedId: decidedId() }),
    requester: () => ({ projectId: PROJECT, pendingId: pendingId(), approverId: userOf('qcl') }),
    remindedNow: () => {
      const id = pendingId();
      mutate(db, (state) => {
        state.approvalRequests
          .find((row) => row.id === id)!
          .history.push({
            event: 'reminded',
            at: new Date(now().getTime() - HOUR_MS).toISOString(),
            by_id: userOf('pm'),
            comment: '',
          });
      });
      return { projectId: PROJECT, pendingId: id };
    },
    cardEditor: () => ({
      projectId: PROJECT,
      pendingId: pendingId(),
      decidedId: decidedId(),
      approverId: userOf('qcl'),
      ownUserId: userOf('admin'),
    }),
    waitingAcross: () => {
      const subject = db
        .getState()
        .approvalRequests.find(
          (row) =>
            row.project_id === PROJECT &&
            row.approver_id === userOf('pm') &&
            row.state === 'pending',
        )!.subject;
      return { projectId: PROJECT, requestSearch: subject.split(' ')[0]!.toLowerCase() };
    },
    withoutCard: () => ({}),
    listed: ({ params }) => {
      const keep = params?.request === 'approved' ? decidedId() : pendingId();
      mutate(db, (state) => {
        state.approvalRequests = state.approvalRequests.filter(
          (row) => row.project_id !== PROJECT || row.id === keep,
        );
      });
      return { projectId: PROJECT };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = approvalStateHandlers;
