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
