/**
 * States of the card's DEX set up, on the seed: project 1 has a saved setup (an audit and defect
 * leakage brought into scope, with reasons). Each signs a persona in and returns `accessToken`
 * and `projectId`.
 */
export const DEX_SETUP_STATES = {
  qcl: 'persona qcl, who sets the DEX scope, views project 1 with a saved DEX set up',
  pm: 'persona pm may view the DEX set up of project 1 but not change it',
} as const;
