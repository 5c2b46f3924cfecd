import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import type { DriverDetail } from '../../../src/api/contract/polls';
import { nowIso } from '../../lib/clock';
import { FieldErrors, NOTHING_TO_CHANGE, optionalText } from '../../lib/drf';
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
 * `PUT /api/polls/{id}/questions/{questionId}/reply/` (CAN_PASS_SURVEY): `answer`, `comment` or both;
 * a field left out keeps its saved value (none on a new reply), and the answer is the whole reply.
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
      // Each field sent is saved and a field left out keeps its saved value, so that a comment
      // typed on a page opened earlier never clears an answer saved since (from another tab).
      const sendsAnswer = 'answer' in body;
      const sendsComment = 'comment' in body;
      if (!sendsAnswer && !sendsComment) errors.add('non_field_errors', NOTHING_TO_CHANGE);
      if (sendsAnswer && body.answer !== null && !options.includes(body.answer as string))
        errors.add('answer', `"${String(body.answer)}" is not a valid choice.`);
      const comment = optionalText(errors, body, 'comment', SURVEY_TEXT_LIMITS.comment);
      errors.refuseIfAny();
      const answer = body.answer as string | null | undefined;
      let saved = state.replies.find(
        (reply) =>
          reply.poll_id === poll.id &&
          reply.question_id === questionId &&
          reply.user_id === persona.userId,
      );
      mutate(db, (current) => {
        if (saved) {
          if (sendsAnswer) saved.answer = answer!;
          if (sendsComment) saved.comment = comment;
          saved.updated_at = nowIso();
        } else {
          saved = {
            id: nextId(current.replies),
            poll_id: poll.id,
            question_id: questionId,
            user_id: persona.userId,
            answer: answer ?? null,
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
