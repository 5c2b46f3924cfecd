/**
 * Provider states, in the language of the domain. The consumer tests name them; the provider's
 * state handlers (scripts/pact/states.ts for the mock backend) set them up and return the values
 * the requests inject: `accessToken`, `refreshToken`, `expiredAccessToken`.
 */
export const STATES = {
  signedIn: 'persona admin is signed in',
  accessExpired: 'persona admin is signed in and the access token has expired',
  refreshExpired: 'the refresh token of persona admin has expired',
} as const;

/** States of the risk action requests; they also return the `requestId` the path injects. */
export const ACTION_REQUEST_STATES = {
  pending: 'persona admin is signed in and has a pending risk action request',
  decided: 'persona admin is signed in and has a risk action request already rejected',
} as const;

/**
 * States of checks and surveys. Each signs a persona in and returns `accessToken` and `pollId`;
 * some also `driverId`, `questionId`, `commentId` or `outcomeId`.
 */
export const POLL_STATES = {
  pmAnswers: 'persona pm answers a started self check',
  pmAnsweredAll: 'persona pm has answered every question of a started self check',
  pmFinished: 'persona pm took part in a finished health check',
  pmHiddenAudit: 'persona pm is signed in and an audit exists that pm may not see',
  mainExpertLeads: 'persona main_expert leads a health check in its expert phase',
  auditorAnswered: 'persona auditor has answered an audit in the expert phase',
  supervisorNoComment: 'persona supervisor reviews an audit that has no supervisor comment',
  supervisorWithComment: 'persona supervisor reviews an audit with a supervisor comment',
  auditorInReview: 'persona auditor has an audit in supervisor review',
  adminNewCheck: 'persona admin manages a new health check',
} as const;

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

/**
 * States of the portfolio and the project card, on the canonical projects. Each signs a persona in
 * and returns `accessToken` and the `projectId` the paths inject.
 */
export const PROJECT_STATES = {
  pmEditsDetails: 'persona pm may edit the details of project 1 but not its KPI flag',
  adminChangedProject: 'persona admin changed the description of project 1',
  viewerWithoutCard: 'persona viewer is signed in without the project card flag',
} as const;

/**
 * States of accounts, business lines and segments on the fixtures: account A is the account of
 * canonical project 1, owned by account_owner, with pm as its one extra assistant. Each signs a
 * persona in and returns `accessToken` with `accountId`, `lineId` and `segmentId` (A's line and
 * segment) and `extraId` (pm's user id).
 */
export const ACCOUNT_STATES = {
  adminAccount:
    'persona admin is signed in and account A (of project 1) has pm as its one extra assistant',
  adminAccountChanged:
    'persona admin is signed in and lucia was added as an extra assistant of account A',
  ownerAccount: 'persona account_owner is signed in and owns account A without the edit flag',
  portfolioSignedIn: 'persona portfolio is signed in without the account tab',
} as const;

/**
 * States of the card's Team and Contacts tabs on project 1. Each signs a persona in and returns
 * `accessToken` and the ids the paths and bodies inject: `memberId` (a member who may be removed),
 * `managerMemberId` (the project manager's), `personId` (someone not on the team) and `contactId`.
 */
export const PROJECT_TEAM_STATES = {
  adminEdits: 'persona admin may change the team and contacts of project 1',
  portfolioReads:
    'persona portfolio may see the team and contacts of project 1 but not change them',
} as const;

/**
 * States of the Ownership matrix (RACI) on projects 1 and 2. Each signs a persona in and returns
 * `accessToken`; the matrices the paths name are set up as the state says.
 */
export const RACI_STATES = {
  adminPmoDraft:
    'persona admin is signed in and the PMO matrix of project 1 is a valid draft with a validated version',
  adminPmoBroken:
    'persona admin is signed in and the PMO matrix of project 2 has an activity without an A',
  adminSlaNeverValidated:
    'persona admin is signed in and the SLA matrix of project 1 was never validated',
  portfolioReadOnly: 'persona portfolio may view the RACI matrices of project 1 but not edit them',
  pmWithoutRaci: 'persona pm is signed in and may not view any RACI matrix',
} as const;

/**
 * States of targets, on the seed: project 1 has project and account-project targets, account 1
 * its own. Each returns `accessToken`, `projectId`, `accountId`, `targetId` (project 1's CSAT
 * target of 2026-Q4) and `accountTargetId` (account 1's CSAT target of 2026-Q4).
 */
export const TARGET_STATES = {
  admin: 'persona admin is signed in and project 1 and account 1 have targets',
  pmReadOnly: 'persona pm may view the targets of project 1 and account 1 but not change them',
} as const;

/**
 * States of security commitments, on the seed: project 1 has open, in-progress and done ones and
 * two suggestions, one owned by admin and one by pm. Each returns `accessToken`, `projectId`,
 * `commitmentId` (an open one, owned by pm), `suggestionId` (admin's) and `pmSuggestionId`.
 */
export const COMMITMENT_STATES = {
  admin:
    'persona admin is signed in and project 1 has security commitments with suggestions owned by admin and by pm',
  qcl: 'persona qcl, who may only suggest security commitments, views project 1',
  pm: 'persona pm owns an open security commitment and a suggestion of project 1',
} as const;

/**
 * States of the card's Gen AI approvals tab, on the seed: project 1 uses GitHub Copilot (approved)
 * and ChatGPT Enterprise (no approval), and has a pending request (Microsoft 365 Copilot). Each
 * returns `accessToken`, `projectId`, `pendingId`, `decidedId` (the approved GitHub Copilot),
 * `decidedFileId` (its consent file), `useId` (the use of ChatGPT Enterprise) and, when the pending
 * request holds one, `fileId` (its consent file).
 */
export const GEN_AI_STATES = {
  admin:
    'persona admin is signed in and project 1 uses a Gen AI tool without a valid approval and has a pending request',
  pm: 'persona pm views the Gen AI approvals of project 1 without the flags to request or decide',
  consentNoFile:
    'persona admin is signed in and the pending Gen AI request of project 1 is client-confidential with the consent given but no consent file',
  consentWithFile:
    'persona admin is signed in and the pending Gen AI request of project 1 holds a consent file',
} as const;

/**
 * States of the project agreements, on the seed: project 1 has a signed contract holding a
 * document, a signed SOW, an SLA, an expired SOW and a draft change agreement. Each returns
 * `accessToken`, `projectId`, `agreementId` (the draft change agreement), `contractId` and
 * `fileId` (the contract's document).
 */
export const AGREEMENT_STATES = {
  admin:
    'persona admin is signed in and project 1 has agreements, a signed contract with a document and a draft change agreement',
  pm: 'persona pm may view the agreements of project 1 but not change them',
} as const;

/**
 * States of the card's Metrics approvals tab, on the seed: project 1 holds metric values pm
 * submitted in every state (one waiting for review, one returned). Each returns `accessToken`,
 * `projectId`, `submittedId` (on-time delivery of 2026-10, waiting), `returnedId` (defect leakage
 * of 2026-10) and, for pm, `draftId` (a value of pm's still awaiting its evidence).
 */
export const METRICS_STATES = {
  pm: 'persona pm is signed in and project 1 has metric values in every state, one returned to pm and one of pm awaiting evidence',
  qcl: 'persona qcl reviews the metric values of project 1, one waiting for review',
  auditor:
    'persona auditor views the metrics approvals of project 1 without submitting or reviewing',
} as const;

/**
 * States of the card's Attributes and Action items tabs, on the canonical project 1. Each signs a
 * persona in and returns `accessToken` and the ids the paths inject: `projectId`, and where they
 * apply `fileId` (a profile validation file) and `itemId` (an open action item of project 1).
 */
export const ATTRIBUTE_STATES = {
  adminProject1:
    'persona admin is signed in and project 1 has its attributes, a profile validation with two files and open action items',
  pmProject1:
    'persona pm may fill the attributes of project 1 but not validate or edit validated ones',
  adminApprovedAudit:
    'persona admin is signed in and project 10 has an approved audit with open corrective actions',
  adminApprovedAuditDone:
    "persona admin is signed in and a corrective action of project 10's approved audit is done",
} as const;

/**
 * States of the planner's periods, on the seed: 2026 Q3 closed, 2026 Q4 open, 2027 Q1 a draft.
 * Each returns `accessToken` and `closedPeriodId`, `openPeriodId`, `draftPeriodId`.
 */
export const PLANNER_PERIOD_STATES = {
  admin: 'persona admin is signed in and the planner has a closed, an open and a draft period',
  adminDraftOverlaps:
    'persona admin is signed in and the draft planner period starts inside the open one',
  portfolioReadOnly: 'persona portfolio may view the planner periods but not create or edit them',
  pmWithoutPeriods: 'persona pm is signed in and may not view the planner periods',
} as const;

/**
 * States of the check planner, on the seed's plan (mock-server/seed/plannedChecks.ts): the closed
 * quarter started, the open one planned with problems (weeks over, a health check without a main
 * expert), project 2 planned in it and projects 61 to 63 not. Each returns `accessToken`,
 * `openPeriodId`, `closedPeriodId`, `draftPeriodId`, `plannedCheckId` (a planned check of the open
 * period not started) and `startedCheckId` (one of the closed period that became a check).
 */
export const PLANNER_STATES = {
  admin:
    'persona admin is signed in and the open planner period holds project 2 but not projects 61 to 63',
  adminReady:
    'persona admin is signed in and the open planner period holds three planned checks ready to start',
  portfolioReadOnly: 'persona portfolio may view the check planner but not edit or start it',
  pmWithout: 'persona pm is signed in and may not view the check planner',
} as const;

/**
 * States of the project checklists, on the seed: pm has checklist 1 available and 2 in progress
 * (with a PDF on its first item) and 5 submitted; qcl has 8 available; admin 13 available and 15
 * submitted. Each signs a persona in and returns `accessToken` and the ids the paths inject:
 * `checklistId`, `itemId` (its first item), `fileId`, `otherChecklistId` (someone else's) and
 * `finalChecklistId` (a submitted one of the same person).
 */
export const CHECKLIST_STATES = {
  pm: 'persona pm has an available checklist, one in progress with a file, and a submitted one',
  pmComplete: 'persona pm has answered every item of an in-progress checklist',
  admin: 'persona admin has an available checklist and a submitted one',
  qclReadOnly: 'persona qcl may only view its checklists',
  expertWithout: 'persona expert is signed in without the checklist flags',
} as const;

/** States of the views across checks (`/overview`, `/summary`, `/outcomes`); each returns `accessToken`. */
export const CHECK_VIEW_STATES = {
  viewerWithoutViews:
    'persona viewer is signed in without the project details, summary and poll outcomes flags',
  pmWithoutOutcomes: 'persona pm is signed in without the poll outcomes flag',
} as const;

/**
 * States of the riskiness and issueness dashboard on the fixtures: account B is the account of
 * canonical project 2, owned by account_owner, every risk of it on its projects, with an actual
 * riskiness recorded this month. Each returns `accessToken` and `accountId` (B's).
 */
export const DASHBOARD_STATES = {
  ownerAccountB:
    'persona account_owner is signed in and owns account B (of project 2), whose risks all sit on its projects',
  adminAccountB: 'persona admin is signed in and neither owns nor assists account B',
  portfolioWithoutActual:
    'persona portfolio is signed in with the dashboard flag but not the actual riskiness flag',
  pmWithoutDashboard: 'persona pm is signed in without the dashboard flag',
} as const;

/**
 * States of compare checks, on the seed. Each signs a persona in and returns `accessToken` and the
 * `pollId` the path injects.
 */
export const COMPARE_STATES = {
  adminTwoFinished:
    'persona admin sees a finished health check with an earlier finished one of the same project',
  expertBeforeResults:
    'persona expert answers a health check in its expert phase and may not see its results yet',
} as const;

/** Provider states of the report catalogue (scripts/pact/reportStates.ts sets them up). */
export const REPORT_STATES = {
  expertWithoutReports: 'persona expert is signed in without the reports flag',
} as const;

/**
 * States of the card's Approvals, on the canonical project 1 of the seed. Each signs a persona in
 * and returns `accessToken`, `projectId`, `pendingId` (the exclusion from KPI raised by pm that
 * waits on qcl) and `decidedId` (the scope change qcl approved).
 */
export const APPROVAL_STATES = {
  admin: 'persona admin is signed in and project 1 has approval requests',
  qcl: 'persona qcl is signed in and a request of project 1 waits on qcl',
  pm: 'persona pm is signed in and raised a pending request of project 1',
  remindedNow:
    'persona pm is signed in and reminded the approver of a pending request of project 1 an hour ago',
} as const;

/**
 * States of the card's Tools register, on the canonical project 1 (an expired and an expiring
 * licence, tools not approved). Each signs a persona in and returns `accessToken`, `projectId`
 * and `toolId` (project 1's Grafana).
 */
export const TOOL_STATES = {
  admin: 'persona admin is signed in and project 1 has a tools register',
  pm: 'persona pm may view project 1 but neither view nor edit its tools register',
} as const;

/**
 * States of the card's Project portfolio tab, on the seed: project 1 is in the programme Media
 * platform renewal with sub-projects 19 and 47, related to 109, depended on by 19 and 109 and
 * depending on 47; project 213, of the same account, is linked to nothing. Each returns
 * `accessToken`, `projectId` (1), `dependencyId` (19 depends on 1), `relatedId` (109) and
 * `freeProjectId` (213).
 */
export const PLACEMENT_STATES = {
  admin:
    'persona admin is signed in and project 1 has a programme, sub-projects, a related project and dependencies both ways',
  pm: 'persona pm may view the project portfolio tab of project 1 but not change it',
} as const;

/**
 * States of the card's Case study, on the seed: project 1's is published (the client agreed),
 * project 2's in review with the client's answer pending, project 4 has none. Each signs a
 * persona in and returns `accessToken`.
 */
export const CASE_STUDY_STATES = {
  pm: 'persona pm is signed in; project 1 has a published case study, project 2 one in review waiting for the client’s permission, project 4 none',
  qcl: 'persona qcl may view the case studies but not edit them',
} as const;

/**
 * States of the card's DEX set up, on the seed: project 1 has a saved setup (an audit and defect
 * leakage brought into scope, with reasons). Each signs a persona in and returns `accessToken`
 * and `projectId`.
 */
export const DEX_SETUP_STATES = {
  qcl: 'persona qcl, who sets the DEX scope, views project 1 with a saved DEX set up',
  pm: 'persona pm may view the DEX set up of project 1 but not change it',
} as const;

/**
 * States of the card's ISO 9001 Compliance tab, on the canonical project 1 (its seeded
 * assessments: 4.1 compliant with its contract as evidence, 9.2 not compliant and overdue, 7.1 not
 * assessed). Each signs a persona in and returns `accessToken`, `projectId` and `fileId` (the
 * evidence file of 7.2 where the state names one).
 */
export const ISO_9001_STATES = {
  admin: 'persona admin is signed in and project 1 has an ISO 9001 assessment',
  adminWithFile:
    'persona admin is signed in and requirement 7.2 of project 1 holds an evidence file',
  auditor: 'persona auditor may read the ISO 9001 assessment of project 1 but not change it',
} as const;
