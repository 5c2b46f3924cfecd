/** The two sides of the pact. */
export const CONSUMER = 'pep-spa';
export const PROVIDER = 'pep-api';
