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
