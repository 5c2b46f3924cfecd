import { nowIso } from '../../lib/clock';
import { nextId } from '../../lib/ids';
import { Router, type Request, type Response } from 'express';
import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import {
  FEEDBACK_INDICATORS,
  OUTCOME_ACTION_ERRORS,
  OUTCOME_SEVERITIES,
  SUMMARY_KEYS,
  type DriverDetail,
  type IndicatorFeedback,
  type PollResults,
  type ReportInfo,
  type SummaryKey,
  type SupervisorComment,
} from '../../../src/api/contract/polls';
import {
  dateField,
  drf,
  FieldErrors,
  notText,
  optionalText,
  primaryKey,
  rejected,
  REQUIRED,
  requiredText,
  requireObjectBody,
  textValue,
  TOO_LONG,
  userField,
} from '../../drf';
import {
  allowed,
  inStatus,
  expressVisiblePoll as visiblePoll,
  type PollAccess,
} from '../checks/access';
import { participantOf, toPoll } from '../checks/model';
import type { StoredPoll } from '../checks/state';
import { modelOf } from '../checks/pollModels';
import { driversOf, questionsOf } from '../checks/questions';
import { driverQuestions, toDriver } from './model';
import { toOutcome } from './findings';
import type { StoredComment, StoredOutcome } from './state';
import type { MockState } from '../../store/state';
import { mutate, type MockDb } from '../../store/db';
import { personOf } from '../../lib/people';

const now = nowIso;

/** Questions of `user` in the poll that still have no answer. */
function unanswered(state: MockState, poll: StoredPoll, userId: number) {
  const me = participantOf(poll, userId);
  if (!me) return { answered: 0, total: 0 };
  const questions = questionsOf(poll, me.role);
  const answered = new Set(
    state.replies
      .filter(
        (reply) => reply.poll_id === poll.id && reply.user_id === userId && reply.answer !== null,
      )
      .map((reply) => reply.question_id),
  );
  return {
    answered: questions.filter((question) => answered.has(question.id)).length,
    total: questions.length,
  };
}

function reportOf(state: MockState, poll: StoredPoll): ReportInfo {
  const comments = state.supervisorComments
    .filter((comment) => comment.poll_id === poll.id)
    .map((comment) => toComment(state, poll, comment));
  return {
    poll_id: poll.id,
    status: poll.status,
    is_supervisor_comments_filled: comments.length > 0,
    supervisor_comments: comments,
  };
}

function toComment(state: MockState, poll: StoredPoll, comment: StoredComment): SupervisorComment {
  const driver = comment.driver_id
    ? driversOf(poll).find((candidate) => candidate.id === comment.driver_id)
    : undefined;
  return {
    id: comment.id,
    driver: driver ? { id: driver.id, name: driver.name } : null,
    text: comment.text,
    author: personOf(state, comment.author_id),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
  };
}

/**
 * The survey of a check: drivers, questions and replies, summary, submit, indicator feedback, the
 * audit report flow with supervisor comments, results and audit outcomes.
 */
export function surveyRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  const withPoll =
    (handler: (access: PollAccess, req: Request, res: Response) => void) =>
    (req: Request, res: Response) => {
      const access = visiblePoll(db, req, res);
      if (access) handler(access, req, res);
    };
  const pollBody = (access: PollAccess) => toPoll(db.getState(), access.poll, access.persona);

  router.get(
    '/polls/:id/drivers/',
    withPoll(({ state, poll, persona }, _req, res) => {
      res.json(driversOf(poll).map((driver) => toDriver(state, poll, driver, persona.userId)));
    }),
  );

  router.get(
    '/polls/:id/drivers/:driverId/',
    withPoll(({ state, poll, persona }, req, res) => {
      const driver = driversOf(poll).find(
        (candidate) => candidate.id === Number(req.params.driverId),
      );
      if (!driver) {
        drf.notFound(res);
        return;
      }
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
      res.json(body);
    }),
  );

  router.put(
    '/polls/:id/questions/:questionId/reply/',
    requireObjectBody,
    withPoll((access, req, res) => {
      const { poll, persona, state } = access;
      const me = participantOf(poll, persona.userId);
      const questionId = Number(req.params.questionId);
      if (!me || !questionsOf(poll, me.role).some((question) => question.id === questionId)) {
        drf.notFound(res);
        return;
      }
      if (!allowed(res, access, 'CAN_PASS_SURVEY')) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const options = modelOf(poll.model).options.map((option) => option.value);
      if (!('answer' in body)) errors.add('answer', REQUIRED);
      else if (body.answer !== null && !options.includes(body.answer as string))
        errors.add('answer', `"${String(body.answer)}" is not a valid choice.`);
      const comment = optionalText(errors, body, 'comment', SURVEY_TEXT_LIMITS.comment);
      if (rejected(res, errors)) return;
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
          saved.updated_at = now();
        } else {
          saved = {
            id: nextId(current.replies),
            poll_id: poll.id,
            question_id: questionId,
            user_id: persona.userId,
            answer,
            comment,
            updated_at: now(),
          };
          current.replies.push(saved);
        }
      });
      res.json({ replyId: saved!.id, answer: saved!.answer, comment: saved!.comment });
    }),
  );

  router.patch(
    '/polls/:id/summary/',
    requireObjectBody,
    withPoll((access, req, res) => {
      if (!allowed(res, access, 'CAN_EDIT_SUMMARY')) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const keys = Object.keys(body);
      if (keys.length === 0)
        errors.add('non_field_errors', `Name a summary section: ${SUMMARY_KEYS.join(' or ')}.`);
      const texts: Partial<Record<SummaryKey, string>> = {};
      for (const key of keys) {
        const text = textValue(body[key]);
        if (!(SUMMARY_KEYS as readonly string[]).includes(key))
          errors.add(key, `Unknown summary section. Use ${SUMMARY_KEYS.join(' or ')}.`);
        else if (text === undefined) errors.add(key, notText(body[key]));
        else if (text.length > SURVEY_TEXT_LIMITS.longText)
          errors.add(key, TOO_LONG(SURVEY_TEXT_LIMITS.longText));
        else texts[key as SummaryKey] = text;
      }
      if (rejected(res, errors)) return;
      const { poll, persona } = access;
      const isMain = participantOf(poll, persona.userId)?.role === 'main_expert';
      mutate(db, () => {
        const sections = isMain ? poll.experts_summary : poll.pms_summary;
        for (const key of keys) sections[key as SummaryKey] = texts[key as SummaryKey]!;
      });
      res.json(pollBody(access));
    }),
  );

  router.post(
    '/polls/:id/submit/',
    withPoll((access, _req, res) => {
      const { poll, persona, state } = access;
      if (!allowed(res, access, 'CAN_PASS_SURVEY') || !allowed(res, access, 'CAN_SUBMIT_SURVEY'))
        return;
      const me = participantOf(poll, persona.userId)!;
      const { answered, total } = unanswered(state, poll, persona.userId);
      if (answered < total) {
        drf.badRequest(res, {
          non_field_errors: [
            `Answer every question before submitting: ${answered} of ${total} answered.`,
          ],
        });
        return;
      }
      if (
        me.role === 'main_expert' &&
        SUMMARY_KEYS.some((key) => poll.experts_summary[key].trim() === '')
      ) {
        drf.badRequest(res, {
          experts_summary: ['Fill in the risk status and the summary before submitting.'],
        });
        return;
      }
      mutate(db, () => {
        me.submitted = true;
        if (poll.type === 'audit_check') return;
        if (me.role === 'main_expert') {
          for (const participant of poll.participants) participant.submitted = true;
          poll.status = 'finished';
          poll.finished_at = now();
          return;
        }
        const respondentsDone = poll.participants
          .filter((participant) => participant.role === 'pm' || participant.role === 'qcl')
          .every((participant) => participant.submitted);
        if (!respondentsDone) return;
        const hasExperts = poll.participants.some(
          (participant) => participant.role === 'exp' || participant.role === 'main_expert',
        );
        poll.status = hasExperts ? 'expert' : 'finished';
        if (!hasExperts) poll.finished_at = now();
      });
      res.json(pollBody(access));
    }),
  );

  router.get(
    '/feedback/polls/:id/',
    withPoll(({ state, poll }, req, res) => {
      const type = req.query.type;
      if (type === undefined || type === '') {
        drf.badRequest(res, { type: [REQUIRED] });
        return;
      }
      if (type !== 'survey') {
        drf.badRequest(res, { type: [`"${String(type)}" is not a valid choice.`] });
        return;
      }
      const items: IndicatorFeedback[] = state.feedback
        .filter((item) => item.poll_id === poll.id && item.type === type)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(({ poll_id: _poll, user_id, ...item }) => ({
          ...item,
          user: personOf(state, user_id),
        }));
      res.json(items);
    }),
  );

  router.post(
    '/feedback/polls/:id/',
    requireObjectBody,
    withPoll(({ poll, persona }, req, res) => {
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      if (body.indicator === undefined || body.indicator === null)
        errors.add('indicator', REQUIRED);
      else if (!(FEEDBACK_INDICATORS as readonly unknown[]).includes(body.indicator))
        errors.add('indicator', `"${String(body.indicator)}" is not a valid choice.`);
      const comment = optionalText(errors, body, 'comment', SURVEY_TEXT_LIMITS.comment);
      if (body.type !== 'survey')
        errors.add(
          'type',
          body.type === undefined ? REQUIRED : `"${String(body.type)}" is not a valid choice.`,
        );
      if (rejected(res, errors)) return;
      let created: IndicatorFeedback | undefined;
      mutate(db, (state) => {
        const stored = {
          id: nextId(state.feedback),
          poll_id: poll.id,
          indicator: body.indicator as IndicatorFeedback['indicator'],
          comment,
          type: 'survey' as const,
          user_id: persona.userId,
          created_at: now(),
        };
        state.feedback.push(stored);
        const { poll_id: _poll, user_id, ...item } = stored;
        created = { ...item, user: personOf(state, user_id) };
      });
      res.status(201).json(created);
    }),
  );

  // The audit report flow (spec §4).
  router.post(
    '/polls/:id/review/',
    withPoll((access, _req, res) => {
      const { poll, state } = access;
      if (poll.type !== 'audit_check') {
        drf.notFound(res);
        return;
      }
      if (!allowed(res, access, 'CAN_SEND_FOR_REVIEW')) return;
      if (!inStatus(res, poll, ['expert'], 'sent for review')) return;
      const auditor = poll.participants.find((participant) => participant.role === 'auditor');
      const progress = auditor
        ? unanswered(state, poll, auditor.user_id)
        : { answered: 0, total: 1 };
      if (progress.answered < progress.total) {
        drf.badRequest(res, {
          non_field_errors: [
            `The auditor has answered ${progress.answered} of ${progress.total} questions; answer them all before the review.`,
          ],
        });
        return;
      }
      mutate(db, () => {
        poll.status = 'supervisor_review';
        if (auditor) auditor.submitted = true;
      });
      res.json(pollBody(access));
    }),
  );

  router.get(
    '/polls/:id/report/',
    withPoll((access, _req, res) => {
      if (access.poll.type !== 'audit_check') {
        drf.notFound(res);
        return;
      }
      res.json(reportOf(access.state, access.poll));
    }),
  );

  router.put(
    '/polls/:id/report/',
    requireObjectBody,
    withPoll((access, req, res) => {
      const { poll, state } = access;
      if (poll.type !== 'audit_check') {
        drf.notFound(res);
        return;
      }
      if (!allowed(res, access, 'CAN_SEE_APPROVE_AND_RETURN_BUTTONS')) return;
      const status = (req.body as Record<string, unknown>).status;
      if (status === undefined || status === null) {
        drf.badRequest(res, { status: [REQUIRED] });
        return;
      }
      if (status !== 'review_completed' && status !== 'expert') {
        drf.badRequest(res, { status: [`"${String(status)}" is not a valid choice.`] });
        return;
      }
      const verb = status === 'expert' ? 'returned' : 'approved';
      if (!inStatus(res, poll, ['supervisor_review'], verb)) return;
      if (status === 'expert' && !reportOf(state, poll).is_supervisor_comments_filled) {
        drf.badRequest(res, {
          non_field_errors: [
            'Add a supervisor comment before returning the report to the auditor.',
          ],
        });
        return;
      }
      mutate(db, () => {
        poll.status = status;
        if (status === 'review_completed') poll.finished_at = now();
        else
          for (const participant of poll.participants)
            if (participant.role === 'auditor') participant.submitted = false;
      });
      res.json(reportOf(db.getState(), poll));
    }),
  );

  const commentAccess = (access: PollAccess, res: Response) =>
    access.poll.type === 'audit_check'
      ? allowed(res, access, 'CAN_EDIT_SUPERVISOR_COMMENT') &&
        inStatus(res, access.poll, ['supervisor_review'], 'commented')
      : (drf.notFound(res), false);

  router.post(
    '/polls/:id/report/comments/',
    requireObjectBody,
    withPoll((access, req, res) => {
      if (!commentAccess(access, res)) return;
      const { poll, persona } = access;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const text = requiredText(errors, body, 'text', SURVEY_TEXT_LIMITS.longText);
      const driverId =
        body.driver_id === undefined
          ? null
          : primaryKey(
              errors,
              body,
              'driver_id',
              (id) => driversOf(poll).some((driver) => driver.id === id),
              { allowNull: true },
            );
      if (rejected(res, errors)) return;
      let created: StoredComment | undefined;
      mutate(db, (state) => {
        created = {
          id: nextId(state.supervisorComments),
          poll_id: poll.id,
          driver_id: driverId,
          text,
          author_id: persona.userId,
          created_at: now(),
          updated_at: now(),
        };
        state.supervisorComments.push(created);
      });
      res.status(201).json(toComment(db.getState(), poll, created!));
    }),
  );

  const ownComment = (access: PollAccess, req: Request, res: Response) => {
    const comment = access.state.supervisorComments.find(
      (candidate) =>
        candidate.id === Number(req.params.commentId) && candidate.poll_id === access.poll.id,
    );
    if (!comment) {
      drf.notFound(res);
      return undefined;
    }
    const all = access.persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS');
    if (comment.author_id !== access.persona.userId && !all) {
      drf.forbidden(res, 'You may change only your own comments.');
      return undefined;
    }
    return comment;
  };

  router.patch(
    '/polls/:id/report/comments/:commentId/',
    requireObjectBody,
    withPoll((access, req, res) => {
      if (!commentAccess(access, res)) return;
      const comment = ownComment(access, req, res);
      if (!comment) return;
      const errors = new FieldErrors();
      const text = requiredText(
        errors,
        req.body as Record<string, unknown>,
        'text',
        SURVEY_TEXT_LIMITS.longText,
      );
      if (rejected(res, errors)) return;
      mutate(db, () => {
        comment.text = text;
        comment.updated_at = now();
      });
      res.json(toComment(db.getState(), access.poll, comment));
    }),
  );

  router.delete(
    '/polls/:id/report/comments/:commentId/',
    withPoll((access, req, res) => {
      if (!commentAccess(access, res)) return;
      const comment = ownComment(access, req, res);
      if (!comment) return;
      mutate(db, (state) => {
        state.supervisorComments = state.supervisorComments.filter((item) => item !== comment);
      });
      res.status(204).end();
    }),
  );

  router.get(
    '/polls/:id/results/',
    withPoll((access, _req, res) => {
      if (!allowed(res, access, 'CAN_VIEW_POLL_RESULTS_PAGE')) return;
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
      res.json(body);
    }),
  );

  const auditOnly = (access: PollAccess, res: Response) => {
    if (access.poll.type === 'audit_check') return true;
    drf.notFound(res);
    return false;
  };

  router.get(
    '/polls/:id/outcomes/',
    withPoll((access, _req, res) => {
      if (!auditOnly(access, res) || !allowed(res, access, 'CAN_VIEW_POLL_OUTCOMES')) return;
      res.json(
        access.state.outcomes
          .filter((outcome) => outcome.poll_id === access.poll.id)
          .map((outcome) => toOutcome(access.state, outcome)),
      );
    }),
  );

  router.post(
    '/polls/:id/outcomes/',
    requireObjectBody,
    withPoll((access, req, res) => {
      if (!auditOnly(access, res) || !allowed(res, access, 'CAN_EDIT_POLL_OUTCOMES')) return;
      if (!inStatus(res, access.poll, ['expert'], 'given outcomes')) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const title = requiredText(errors, body, 'title', SURVEY_TEXT_LIMITS.outcomeTitle);
      if (body.severity === undefined || body.severity === null) errors.add('severity', REQUIRED);
      else if (!(OUTCOME_SEVERITIES as readonly unknown[]).includes(body.severity))
        errors.add('severity', `"${String(body.severity)}" is not a valid choice.`);
      const description = optionalText(
        errors,
        body,
        'description',
        SURVEY_TEXT_LIMITS.outcomeDescription,
      );
      const action = correctiveAction(errors, access.state, body);
      if (rejected(res, errors)) return;
      const outcome: StoredOutcome = {
        id: nextId(access.state.outcomes),
        poll_id: access.poll.id,
        title,
        severity: body.severity as (typeof OUTCOME_SEVERITIES)[number],
        description,
        ...action,
        done_at: null,
      };
      mutate(db, (state) => {
        state.outcomes.push(outcome);
      });
      res.status(201).json(toOutcome(access.state, outcome));
    }),
  );

  router.delete(
    '/polls/:id/outcomes/:outcomeId/',
    withPoll((access, req, res) => {
      if (!auditOnly(access, res) || !allowed(res, access, 'CAN_EDIT_POLL_OUTCOMES')) return;
      const id = Number(req.params.outcomeId);
      const outcome = access.state.outcomes.find(
        (candidate) => candidate.id === id && candidate.poll_id === access.poll.id,
      );
      if (!outcome) {
        drf.notFound(res);
        return;
      }
      if (!inStatus(res, access.poll, ['expert'], 'given outcomes')) return;
      mutate(db, (state) => {
        state.outcomes = state.outcomes.filter((candidate) => candidate !== outcome);
      });
      res.status(204).end();
    }),
  );

  return router;
}

/**
 * A finding's corrective action: `owner_id` (a known person) and `due_date`, both or neither
 * (null or left out); one without the other is an error on the missing one.
 */
function correctiveAction(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
): Pick<StoredOutcome, 'owner_id' | 'due_date'> {
  const given = (field: string) => body[field] !== undefined && body[field] !== null;
  const hasOwner = given('owner_id');
  const hasDue = given('due_date') && body.due_date !== '';
  if (!hasOwner && !hasDue) return { owner_id: null, due_date: null };
  const ownerId = hasOwner ? userField(errors, state, body, 'owner_id') : null;
  const dueDate = hasDue ? dateField(errors, body, 'due_date') : null;
  if (!hasOwner) errors.add('owner_id', OUTCOME_ACTION_ERRORS.owner_id);
  if (!hasDue) errors.add('due_date', OUTCOME_ACTION_ERRORS.due_date);
  return { owner_id: ownerId, due_date: dueDate };
}
