import type { PollResults } from '../../../src/api/contract/polls';
import { json } from '../../lib/http';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import type { MockDb } from '../../store/db';
import { requirePollPermission, visiblePoll } from '../checks/access';
import { modelOf } from '../checks/pollModels';
import { driversOf, questionsOf } from '../checks/questions';

/**
 * A check's results, `GET /api/polls/{id}/results/` (CAN_VIEW_POLL_RESULTS_PAGE): every
 * participant's answer and comment to each question they are asked, by driver.
 */
export function resultRoutes(db: MockDb): Route[] {
  return [
    route.get('/polls/:id/results/', (req) => {
      const access = visiblePoll(db, req);
      requirePollPermission(access, 'CAN_VIEW_POLL_RESULTS_PAGE');
      const { state, poll } = access;
      const replies = state.replies.filter((reply) => reply.poll_id === poll.id);
      const body: PollResults = {
        poll_id: poll.id,
        status: poll.status,
        drivers: driversOf(poll).map((driver) => ({
          id: driver.id,
          slug: driver.slug,
          name: driver.name,
          questions: driver.questions.map((question) => ({
            id: question.id,
            text: question.text,
            options: modelOf(poll.model).options,
            answers: poll.participants
              .filter((participant) =>
                questionsOf(poll, participant.role).some((asked) => asked.id === question.id),
              )
              .map((participant) => {
                const reply = replies.find(
                  (candidate) =>
                    candidate.question_id === question.id &&
                    candidate.user_id === participant.user_id,
                );
                return {
                  user: personOf(state, participant.user_id),
                  role: participant.role,
                  answer: reply?.answer ?? null,
                  comment: reply?.comment ?? '',
                };
              }),
          })),
        })),
      };
      return json(body);
    }),
  ];
}
