import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import type { DriverDetail } from '../../../src/api/contract/polls';
import { nowIso } from '../../lib/clock';
import { FieldErrors, REQUIRED, optionalText } from '../../lib/drf';
import { json, notFound } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import { requirePollPermission, visiblePoll } from '../checks/access';
import { participantOf } from '../checks/model';
import { modelOf } from '../checks/pollModels';
import { driversOf, questionsOf } from '../checks/questions';
import { driverQuestions, toDriver } from './model';

/**
 * A check's drivers with the user's counts, `GET /api/polls/{id}/drivers/`; one driver with the
 * user's questions and replies, `…/drivers/{driverId}/`; a reply to one of the user's questions,
 * `PUT /api/polls/{id}/questions/{questionId}/reply/` (CAN_PASS_SURVEY).
 */
export function replyRoutes(db: MockDb): Route[] {
  return [
    route.get('/polls/:id/drivers/', (req) => {
      const { state, poll, persona } = visiblePoll(db, req);
      return json(driversOf(poll).map((driver) => toDriver(state, poll, driver, persona.userId)));
    }),

    route.get('/polls/:id/drivers/:driverId/', (req) => {
      const { state, poll, persona } = visiblePoll(db, req);
      const driver =
        driversOf(poll).find((candidate) => candidate.id === Number(req.params.driverId)) ??
        notFound();
      const replies = state.replies.filter((reply) => reply.poll_id === poll.id);
      const body: DriverDetail = {
        ...toDriver(state, poll, driver, persona.userId),
        questions: driverQuestions(poll, driver, persona.userId).map((question) => {
          const mine = replies.find(
            (reply) => reply.question_id === question.id && reply.user_id === persona.userId,
          );
          return {
            id: question.id,
            text: question.text,
            hint: question.hint,
            options: modelOf(poll.model).options,
            user_reply: mine
              ? {
                  id: mine.id,
                  answer: mine.answer,
                  comment: mine.comment,
                  reply_count: replies.filter(
                    (reply) => reply.question_id === question.id && reply.answer !== null,
                  ).length,
                }
              : null,
          };
        }),
      };
      return json(body);
    }),

    route.put('/polls/:id/questions/:questionId/reply/', (req) => {
      const access = visiblePoll(db, req);
      const { poll, persona, state } = access;
      const me = participantOf(poll, persona.userId);
      const questionId = Number(req.params.questionId);
      if (!me || !questionsOf(poll, me.role).some((question) => question.id === questionId))
        notFound();
      requirePollPermission(access, 'CAN_PASS_SURVEY');
      const { body } = req;
      const errors = new FieldErrors();
      const options = modelOf(poll.model).options.map((option) => option.value);
      if (!('answer' in body)) errors.add('answer', REQUIRED);
      else if (body.answer !== null && !options.includes(body.answer as string))
        errors.add('answer', `"${String(body.answer)}" is not a valid choice.`);
      const comment = optionalText(errors, body, 'comment', SURVEY_TEXT_LIMITS.comment);
      errors.refuseIfAny();
      const answer = body.answer as string | null;
      let saved = state.replies.find(
        (reply) =>
          reply.poll_id === poll.id &&
          reply.question_id === questionId &&
          reply.user_id === persona.userId,
      );
      mutate(db, (current) => {
        if (saved) {
          saved.answer = answer;
          saved.comment = comment;
          saved.updated_at = nowIso();
        } else {
          saved = {
            id: nextId(current.replies),
            poll_id: poll.id,
            question_id: questionId,
            user_id: persona.userId,
            answer,
            comment,
            updated_at: nowIso(),
          };
          current.replies.push(saved);
        }
      });
      return json({ replyId: saved!.id, answer: saved!.answer, comment: saved!.comment });
    }),
  ];
}
