import { defineStates, id } from '../state';

/**
 * Risks and issues (spec §2–§6): a risk or an issue sits on a level (project, account, business
 * line, business segment) and a scope of it, has an owner, an action plan, comments with
 * attachments, a history, drafts and duplicates groups.
 */
export const RISK_STATES = defineStates({
  ownerOpenRisk: {
    name: 'persona risk_owner owns an open project risk with an action plan, comments and history',
    persona: 'risk_owner',
    needs:
      'A project of an account with an open risk (kind risk, level project, `riskId`) and a second open risk or issue (`otherRiskId`), both owned by persona risk_owner. The risk has probability moderate, impact high, a due date, at least one label, the project manager as its one informed person, no transfer, at least one action item that is not done (owned by risk_owner), at least one comment with one attachment (a PDF file) and at least one entry in its history. risk_owner holds the risk flags to edit the probability, the action plan and the comments, and to resolve, escalate and transfer a risk. Beside risk_owner: the project manager of the project (`managerId`), who may be informed of a risk and own an action item; a user who may receive an escalation of the risk (e.g. the account’s delivery owner, `recipientId`) whose name contains the text `recipientSearch`; a client-side person (`clientUserId`), who may be given a transfer of the risk but may not receive an escalation. A business line whose name contains the text `lineSearch`.',
    returns: {
      riskId: id('the open risk risk_owner owns'),
      otherRiskId: id('a second open risk or issue of the project that risk_owner owns'),
      projectId: id('the project of both risks'),
      itemId: id('an action item of the risk, not done'),
      attachmentId: id('the PDF attached to a comment of the risk'),
      managerId: id('the project manager: may be informed of a risk and own an action item'),
      recipientId: id('a user who may receive an escalation of the risk'),
      recipientSearch: {
        type: 'string',
        about: 'a part of the name of the user `recipientId`',
      },
      clientUserId: id('a client-side person, who may be given a transfer of the risk'),
      lineSearch: { type: 'string', about: 'a part of the name of a business line' },
    },
  },
  ownerRegister: {
    name: 'persona risk_owner may view the register of a project, among it open risks they own',
    persona: 'risk_owner',
    needs:
      'A project (`projectId`) with open and closed risks and issues, fewer than 1000 of them open. Among them between 1 and 90 open risks (kind risk) owned by persona risk_owner (`ownerId`) whose statement contains the word `searchWord` (so one page of 100 rows holds them all, and page 1 is their last); each has a probability, an impact and at least one label. persona risk_owner may view risks and issues at project level.',
    returns: {
      projectId: id('the project of the register'),
      ownerId: id('persona risk_owner: owns open risks of the project'),
      searchWord: {
        type: 'string',
        about: 'a word in the statement of an open risk of the project that risk_owner owns',
      },
    },
  },
  ownerClosedRisk: {
    name: 'persona risk_owner owns a resolved project risk',
    persona: 'risk_owner',
    needs:
      'A project risk (kind risk) in status closed with the resolution resolved, owned by persona risk_owner, who holds the flag to resolve and reopen risks.',
    returns: { riskId: id('the closed risk') },
  },
  ownerDuplicates: {
    name: 'persona risk_owner sees a duplicates group of a project with two open duplicates',
    persona: 'risk_owner',
    needs:
      'A project with open risks (kind risk, level project) owned by persona risk_owner: one duplicates group whose initial risk has two further open risks of the project as its duplicates. The text `riskStatement` is the statement of one of them, so a search for risks like it finds at least one.',
    returns: {
      projectId: id('the project of the group'),
      groupId: id('the duplicates group'),
      duplicateId: id('one of the two duplicates of the group'),
      riskStatement: { type: 'string', about: 'the statement of an open risk of the group' },
    },
  },
  ownerIncompleteDraft: {
    name: 'persona risk_owner has a risk draft without a category',
    persona: 'risk_owner',
    needs:
      'A draft of persona risk_owner for a new risk (kind risk, level project) of a project, holding its project and a statement but no category (a risk cannot be created from it yet).',
    returns: { draftId: id('the draft') },
  },
  ownerCompleteDraft: {
    name: 'persona risk_owner has a complete draft of a project risk',
    persona: 'risk_owner',
    needs:
      'A draft of persona risk_owner for a new risk (kind risk, level project) holding its project, a statement, a category, a probability and an impact: every field a risk needs.',
    returns: { draftId: id('the complete draft') },
  },
  pmWithoutProbabilityFlag: {
    name: 'persona pm may view an open project risk but not edit its probability',
    persona: 'pm',
    needs:
      'An open risk (kind risk, level project) of a project persona pm manages and may see; pm does not hold CAN_EDIT_RISK_PROBABILITY.',
    returns: { riskId: id('the open risk') },
  },
  viewerWithoutTransfer: {
    name: 'persona viewer is signed in and a project risk exists that was never shared with or transferred to them',
    persona: 'viewer',
    needs:
      'An open project risk that was neither shared with nor transferred to persona viewer (a client-side person without permissions), so viewer may not see it.',
    returns: { riskId: id('the risk viewer may not see') },
  },
});
