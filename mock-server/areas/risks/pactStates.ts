import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { mutate } from '../../store/db';
import { RISK_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' risks these states stand on (fixtures/risks.json). */
const OPEN_RISK = 1;
const OPEN_ISSUE = 2;
const CLOSED_RISK = 3;
const DUPLICATES_GROUP = 1;
const INCOMPLETE_DRAFT = 1;

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The risk states of the mock backend, on the fixtures' canonical risks. */
export function riskStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const riskOf = (riskId: number) => {
    const risk = db.getState().risks.find((candidate) => candidate.id === riskId);
    if (!risk) throw new Error(`The fixtures hold no risk ${riskId}`);
    return risk;
  };
  const firstOpenItemOf = (riskId: number) => {
    const item = db
      .getState()
      .riskActionItems.find((candidate) => candidate.risk_id === riskId && !candidate.done);
    if (!item) throw new Error(`The fixtures hold no open action item of risk ${riskId}`);
    return item.id;
  };
  const firstAttachmentOf = (riskId: number) => {
    const attachment = db
      .getState()
      .riskComments.filter((comment) => comment.risk_id === riskId)
      .flatMap((comment) => comment.attachments)[0];
    if (!attachment) throw new Error(`The fixtures hold no attachment of risk ${riskId}`);
    return attachment.id;
  };
  /** The group's initial risk (its first) and its duplicates. */
  const groupOf = (groupId: number) => {
    const group = db.getState().duplicateGroups.find((candidate) => candidate.id === groupId);
    if (!group) throw new Error(`The fixtures hold no duplicates group ${groupId}`);
    const [initial, ...duplicates] = group.risk_ids.map(riskOf);
    return { initial: initial!, duplicates };
  };

  return handlersFor(RISK_STATES, signIn, {
    ownerOpenRisk: () => ({
      riskId: OPEN_RISK,
      otherRiskId: OPEN_ISSUE,
      projectId: riskOf(OPEN_RISK).scope.id,
      itemId: firstOpenItemOf(OPEN_RISK),
      attachmentId: firstAttachmentOf(OPEN_RISK),
      managerId: userOf('pm'),
      recipientId: userOf('account_owner'),
      recipientSearch: 'kow',
      clientUserId: userOf('viewer'),
      lineSearch: 'bank',
    }),
    ownerRegister: () => ({
      projectId: riskOf(OPEN_RISK).scope.id,
      ownerId: userOf('risk_owner'),
      searchWord: registerWord(riskOf(OPEN_RISK).statement),
    }),
    ownerClosedRisk: () => ({ riskId: CLOSED_RISK }),
    ownerDuplicates: () => {
      const { initial, duplicates } = groupOf(DUPLICATES_GROUP);
      return {
        projectId: initial.scope.id,
        groupId: DUPLICATES_GROUP,
        duplicateId: duplicates.at(-1)!.id,
        riskStatement: duplicates[0]!.statement,
      };
    },
    ownerIncompleteDraft: () => ({ draftId: INCOMPLETE_DRAFT }),
    ownerCompleteDraft: () => {
      mutate(db, (state) => {
        const draft = state.riskDrafts.find((candidate) => candidate.id === INCOMPLETE_DRAFT)!;
        draft.data = {
          ...draft.data,
          category: 'delivery',
          probability: 'moderate',
          impact: 'high',
        };
      });
      return { draftId: INCOMPLETE_DRAFT };
    },
    pmWithoutProbabilityFlag: () => ({ riskId: OPEN_RISK }),
    viewerWithoutTransfer: () => ({ riskId: OPEN_RISK }),
  });
}

/** The longest word of a statement (a search for it finds the risk). */
function registerWord(statement: string): string {
  return statement
    .split(/\W+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '');
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = riskStateHandlers;
