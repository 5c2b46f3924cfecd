import type { ActionRequest } from '../../../src/api/contract/actionRequests';

/** The risk action requests (MockState): stored as the API gives them. */
export interface NotificationsState {
  actionRequests: ActionRequest[];
}

declare module '../../store/state' {
  interface AreaStates {
    notifications: NotificationsState;
  }
}
