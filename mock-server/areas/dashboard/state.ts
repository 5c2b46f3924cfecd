import type { ActualRiskiness, Month } from '../../../src/api/contract/dashboard';

/** Both scores of an account at the end of a month (the backend keeps one a month). */
export interface StoredScoreSnapshot {
  account_id: number;
  month: Month;
  riskiness: number;
  issueness: number;
}

/** An account delivery owner's own judgement of a month's riskiness, the recorder by id. */
export type StoredActualRiskiness = Omit<ActualRiskiness, 'recorded_by'> & {
  account_id: number;
  recorded_by_id: number;
};

/** What the mock stores for the riskiness and issueness dashboard (part of MockState). */
export interface DashboardState {
  scoreSnapshots: StoredScoreSnapshot[];
  actualRiskiness: StoredActualRiskiness[];
}

declare module '../../store/state' {
  interface AreaStates {
    dashboard: DashboardState;
  }
}
