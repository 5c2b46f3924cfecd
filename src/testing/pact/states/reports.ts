/** Provider states of the report catalogue (scripts/pact/reportStates.ts sets them up). */
export const REPORT_STATES = {
  expertWithoutReports: 'persona expert is signed in without the reports flag',
} as const;
