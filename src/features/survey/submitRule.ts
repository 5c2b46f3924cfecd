import type { Driver, Question, SummaryKey, SummarySections } from '../../api/contract/polls';
import { SUMMARY_KEYS } from '../../api/contract/polls';

/**
 * The submit's rule as the backend applies it (the mock's `POST /api/polls/{id}/submit/`,
 * mock-server/areas/survey/submit.ts, with `progressOf` in mock-server/areas/checks/model.ts),
 * so that the screen never offers a submit the server refuses:
 * - every one of the user's questions has an answer; "Not applicable" is an answer, a comment
 *   alone is not, and no question is optional. The drivers' counts are exactly these
 *   (`reply_count` counts the replies with an answer among the user's questions);
 * - a health check's main expert has written the experts' risk status and summary (not blank).
 *   An audit's auditor submits without them: the report asks for them before its review.
 */
export interface SubmitBlockers {
  answered: number;
  total: number;
  /** The drivers with questions left, in the survey's order. */
  open: { driver: Driver; left: number }[];
  /** The summary sections the main expert has still to write. */
  summary: SummaryKey[];
  /** Nothing stands in the way. */
  ready: boolean;
}

export function submitBlockers(
  drivers: readonly Driver[],
  /** The main expert's sections as typed; null when the rule does not apply to this user. */
  expertsSummary: SummarySections | null,
): SubmitBlockers {
  const open = drivers
    .filter((driver) => driver.reply_count < driver.questions_count)
    .map((driver) => ({ driver, left: driver.questions_count - driver.reply_count }));
  const total = drivers.reduce((sum, driver) => sum + driver.questions_count, 0);
  const unanswered = open.reduce((sum, { left }) => sum + left, 0);
  const summary = expertsSummary
    ? SUMMARY_KEYS.filter((key) => expertsSummary[key].trim() === '')
    : [];
  return {
    answered: total - unanswered,
    total,
    open,
    summary,
    ready: open.length === 0 && summary.length === 0,
  };
}

/** A question counts as answered once its reply has an answer (a comment alone does not). */
export const isUnanswered = (question: Pick<Question, 'user_reply'>) =>
  question.user_reply === null || question.user_reply.answer === null;

/** The id of a question's card on its driver's page, the target of a link to it. */
export const questionAnchor = (questionId: number) => `question-${questionId}`;
