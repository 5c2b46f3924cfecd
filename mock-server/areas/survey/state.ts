import type {
  AuditOutcome,
  IndicatorFeedback,
  SupervisorComment,
  UserReply,
} from '../../../src/api/contract/polls';

/** A participant's reply to a question of a check (the replies to it are counted, not stored). */
export type StoredReply = Omit<UserReply, 'reply_count'> & {
  poll_id: number;
  question_id: number;
  user_id: number;
  updated_at: string;
};

/** A supervisor's comment on an audit report: its driver and author by id. */
export type StoredComment = Omit<SupervisorComment, 'driver' | 'author'> & {
  poll_id: number;
  driver_id: number | null;
  author_id: number;
};

/** A finding as stored: its corrective action's owner by id (AuditOutcome names the person). */
export type StoredOutcome = Omit<AuditOutcome, 'owner'> & {
  poll_id: number;
  owner_id: number | null;
};

/** An indicator feedback on a check's survey: its author by id. */
export type StoredFeedback = Omit<IndicatorFeedback, 'user'> & {
  poll_id: number;
  user_id: number;
};

/** The answers of the checks' surveys, the audit reports' comments and findings (MockState). */
export interface SurveyState {
  replies: StoredReply[];
  supervisorComments: StoredComment[];
  outcomes: StoredOutcome[];
  feedback: StoredFeedback[];
}

declare module '../../store/state' {
  interface AreaStates {
    survey: SurveyState;
  }
}
