import type { Driver } from '../../../src/api/contract/polls';
import { notFound } from '../../lib/http';
import type { MockState } from '../../store/state';
import { participantOf } from '../checks/model';
import type { ModelDriver } from '../checks/pollModels';
import { questionsOf } from '../checks/questions';
import type { StoredPoll } from '../checks/state';

/** The audit report, its comments and findings exist for audits only: DRF's 404 for any other. */
export function requireAudit(poll: StoredPoll): void {
  if (poll.type !== 'audit_check') notFound();
}

/**
 * The questions a user sees in a driver: a participant's own, everyone else (admins, supervisors)
 * all of them, read-only.
 */
export function driverQuestions(poll: StoredPoll, driver: ModelDriver, userId: number) {
  const me = participantOf(poll, userId);
  if (!me) return driver.questions;
  const mine = new Set(questionsOf(poll, me.role).map((question) => question.id));
  return driver.questions.filter((question) => mine.has(question.id));
}

/** A driver of the check with the user's questions and answered replies in it. */
export function toDriver(
  state: MockState,
  poll: StoredPoll,
  driver: ModelDriver,
  userId: number,
): Driver {
  const questions = driverQuestions(poll, driver, userId);
  const ids = new Set(questions.map((question) => question.id));
  const replies = state.replies.filter(
    (reply) =>
      reply.poll_id === poll.id &&
      reply.user_id === userId &&
      reply.answer !== null &&
      ids.has(reply.question_id),
  ).length;
  return {
    id: driver.id,
    slug: driver.slug,
    name: driver.name,
    description: driver.description,
    risks: driver.risks,
    kb_link: driver.kb_link,
    area: driver.area,
    questions_count: questions.length,
    reply_count: replies,
  };
}
