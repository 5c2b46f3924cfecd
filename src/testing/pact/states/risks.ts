/**
 * States of risks and issues, on the canonical fixtures (fixtures/risks.json). Each signs a persona
 * in and returns `accessToken` and the ids the paths inject: `riskId`, and where they apply
 * `itemId`, `attachmentId`, `draftId`, `groupId` and `duplicateId`.
 */
export const RISK_STATES = {
  ownerOpenRisk:
    'persona risk_owner owns the open risk 1 of project 1, with action items and a comment with a PDF',
  ownerClosedRisk: 'persona risk_owner owns the closed risk 3 of project 1',
  ownerDuplicates:
    'persona risk_owner sees duplicates group 1 of project 2 with two open duplicates',
  ownerIncompleteDraft: 'persona risk_owner has a risk draft without a category',
  ownerCompleteDraft: 'persona risk_owner has a complete risk draft for project 1',
  pmWithoutProbabilityFlag: 'persona pm may view risk 1 but not edit its probability',
  viewerWithoutTransfer: 'persona viewer is signed in and risk 1 was not transferred to them',
} as const;
