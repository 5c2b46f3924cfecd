import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import {
  REPORT_SUMMARY_RULES,
  missingReportSections,
  type ReportInfo,
  type SupervisorComment,
} from '../../../src/api/contract/polls';
import { nowIso } from '../../lib/clock';
import { FieldErrors, REQUIRED, primaryKey, requiredText } from '../../lib/drf';
import {
  badRequest,
  created,
  forbidden,
  json,
  noContent,
  notFound,
  ruleBroken,
  type MockRequest,
} from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import {
  requirePollPermission,
  requireStatus,
  visiblePoll,
  type PollAccess,
} from '../checks/access';
import { progressOf, toPoll } from '../checks/model';
import { driversOf } from '../checks/questions';
import type { StoredPoll } from '../checks/state';
import { requireAudit } from './model';
import type { StoredComment } from './state';

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

/** A report without its risk status or summary is neither sent for review nor approved: 400 by section. */
function refuseWithoutSummary(poll: StoredPoll, step: keyof typeof REPORT_SUMMARY_RULES) {
  const missing = missingReportSections(poll);
  if (missing.length > 0)
    badRequest(Object.fromEntries(missing.map((key) => [key, [REPORT_SUMMARY_RULES[step][key]]])));
}

/**
 * The audit report flow (spec §4): the auditor sends the report for review,
 * `POST /api/polls/{id}/review/` (every question answered, the summary and risk status written); the supervisor reads it, `GET …/report/`, approves or returns it,
 * `PUT …/report/` `{status}` (a return needs a supervisor comment, an approval the summary), and comments on it while in
 * review, `POST …/report/comments/`, `PATCH|DELETE …/report/comments/{commentId}/` (the author's
 * own). A check that is not an audit has no report (404).
 */
export function reportRoutes(db: MockDb): Route[] {
  /** The audit's report may take comments from this user now. */
  const commentAccess = (req: MockRequest) => {
    const access = visiblePoll(db, req);
    requireAudit(access.poll);
    requirePollPermission(access, 'CAN_EDIT_SUPERVISOR_COMMENT');
    requireStatus(access.poll, ['supervisor_review'], 'commented');
    return access;
  };

  /** The comment of `:commentId` on the report: 404 if none, 403 unless the user wrote it. */
  const ownComment = ({ state, poll, persona }: PollAccess, req: MockRequest) => {
    const comment =
      state.supervisorComments.find(
        (candidate) =>
          candidate.id === Number(req.params.commentId) && candidate.poll_id === poll.id,
      ) ?? notFound();
    const all = persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS');
    if (comment.author_id !== persona.userId && !all)
      forbidden('You may change only your own comments.');
    return comment;
  };

  return [
    route.postAny('/polls/:id/review/', (req) => {
      const access = visiblePoll(db, req);
      const { poll, state } = access;
      requireAudit(poll);
      requirePollPermission(access, 'CAN_SEND_FOR_REVIEW');
      requireStatus(poll, ['expert'], 'sent for review');
      const auditor = poll.participants.find((participant) => participant.role === 'auditor');
      const progress = auditor
        ? progressOf(state, poll, auditor.user_id)
        : { answered: 0, total: 1 };
      if (progress.answered < progress.total)
        ruleBroken(
          `The auditor has answered ${progress.answered} of ${progress.total} questions; answer them all before the review.`,
        );
      refuseWithoutSummary(poll, 'send');
      mutate(db, () => {
        poll.status = 'supervisor_review';
        if (auditor) auditor.submitted = true;
      });
      return json(toPoll(db.getState(), poll, access.persona));
    }),

    route.get('/polls/:id/report/', (req) => {
      const { state, poll } = visiblePoll(db, req);
      requireAudit(poll);
      return json(reportOf(state, poll));
    }),

    route.put('/polls/:id/report/', (req) => {
      const access = visiblePoll(db, req);
      const { poll, state } = access;
      requireAudit(poll);
      requirePollPermission(access, 'CAN_SEE_APPROVE_AND_RETURN_BUTTONS');
      const { status } = req.body;
      if (status === undefined || status === null) badRequest({ status: [REQUIRED] });
      if (status !== 'review_completed' && status !== 'expert')
        badRequest({ status: [`"${String(status)}" is not a valid choice.`] });
      requireStatus(poll, ['supervisor_review'], status === 'expert' ? 'returned' : 'approved');
      if (status === 'expert' && !reportOf(state, poll).is_supervisor_comments_filled)
        ruleBroken('Add a supervisor comment before returning the report to the auditor.');
      if (status === 'review_completed') refuseWithoutSummary(poll, 'approve');
      mutate(db, () => {
        poll.status = status;
        if (status === 'review_completed') poll.finished_at = nowIso();
        else
          for (const participant of poll.participants)
            if (participant.role === 'auditor') participant.submitted = false;
      });
      return json(reportOf(db.getState(), poll));
    }),

    route.post('/polls/:id/report/comments/', (req) => {
      const { poll, persona } = commentAccess(req);
      const { body } = req;
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
      errors.refuseIfAny();
      let comment: StoredComment | undefined;
      mutate(db, (state) => {
        comment = {
          id: nextId(state.supervisorComments),
          poll_id: poll.id,
          driver_id: driverId,
          text,
          author_id: persona.userId,
          created_at: nowIso(),
          updated_at: nowIso(),
        };
        state.supervisorComments.push(comment);
      });
      return created(toComment(db.getState(), poll, comment!));
    }),

    route.patch('/polls/:id/report/comments/:commentId/', (req) => {
      const access = commentAccess(req);
      const comment = ownComment(access, req);
      const errors = new FieldErrors();
      const text = requiredText(errors, req.body, 'text', SURVEY_TEXT_LIMITS.longText);
      errors.refuseIfAny();
      mutate(db, () => {
        comment.text = text;
        comment.updated_at = nowIso();
      });
      return json(toComment(db.getState(), access.poll, comment));
    }),

    route.delete('/polls/:id/report/comments/:commentId/', (req) => {
      const access = commentAccess(req);
      const comment = ownComment(access, req);
      mutate(db, (state) => {
        state.supervisorComments = state.supervisorComments.filter((item) => item !== comment);
      });
      return noContent();
    }),
  ];
}
