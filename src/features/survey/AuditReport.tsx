import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from '../../shared/ui/form/zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { formatDateTime, personLabel } from '../../api/contract/display';
import {
  REPORT_SUMMARY_RULES,
  missingReportSections,
  type SummaryKey,
} from '../../api/contract/polls';
import { useAppDispatch } from '../../app/hooks';
import { Refusal, refusalMessages } from '../../shared/ui/Refusal';
import { checksApi } from '../checks/api';
import { useFocusAfterAction } from '../../shared/lib/focus';
import { dismissToast, notify } from '../../shared/lib/toasts';
import { ReportContent } from './ReportContent';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
import { Field } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { requiredText } from '../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import {
  useAddSupervisorCommentMutation,
  useDecideReportMutation,
  useDeleteSupervisorCommentMutation,
  useEditSupervisorCommentMutation,
  useGetReportQuery,
  useLazyGetReportQuery,
  useSendForReviewMutation,
} from './api';
import { can, useStepTitle, useSurvey } from './context';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { Button } from '../../shared/ui/Button';
import surveyStyles from './survey.module.css';

const SUPERVISOR_WARNING_ID = 'supervisor-comment-warning';

/** Spec §5: the warning when a report would be returned without a supervisor comment. */
export const SUPERVISOR_COMMENT_WARNING =
  'Please provide at least one Supervisor comment as a reason for the returned audit report';

/** `/audit-survey/{id}/report`: supervisor comments and the review actions of spec §4. */
export default function AuditReport() {
  const { poll, drivers, base } = useSurvey();
  useStepTitle('Audit report');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const report = useGetReportQuery(poll.id, {
    skip: !can(poll, 'CAN_VIEW_SUPERVISOR_COMMENT'),
  });
  const [fetchReport, { isFetching: loadingReport }] = useLazyGetReportQuery();
  const [sendForReview, { isLoading: sending }] = useSendForReviewMutation();
  const [decide, { isLoading: deciding, originalArgs }] = useDecideReportMutation();
  const [confirming, setConfirming] = useState<'send' | 'approve' | 'return' | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const approving = deciding && originalArgs?.status === 'review_completed';
  const returning = deciding && originalArgs?.status === 'expert';
  // What the report still lacks: said before Send or Approve is clicked, which wait for it.
  const missing = missingReportSections(poll);

  const ask = (step: 'send' | 'approve' | 'return') => {
    setRefusal(null);
    setConfirming(step);
  };

  const done = (message: string) => {
    notify.successOnNextPage(message);
    navigate(`/checks/${poll.id}`);
  };

  /** A refusal stays in the dialog; the check is read again, so the page says what is missing. */
  const refused = (error: unknown) => {
    setRefusal(refusalMessages(error, REVIEW_FAILED));
    void dispatch(
      checksApi.endpoints.getPoll.initiate(poll.id, { forceRefetch: true, subscribe: false }),
    );
  };

  const send = async () => {
    try {
      await sendForReview(poll.id).unwrap();
      setConfirming(null);
      done('The audit report has been sent for supervisor review.');
    } catch (error) {
      refused(error);
    }
  };

  /** Spec §5: the report info is fetched first; without a comment, a warning and no modal. */
  const askReturn = async () => {
    try {
      const info = await fetchReport(poll.id).unwrap();
      if (!info.is_supervisor_comments_filled) {
        notify.warning(SUPERVISOR_COMMENT_WARNING, { toastId: SUPERVISOR_WARNING_ID });
        return;
      }
      // A comment exists now: the earlier warning no longer applies.
      dismissToast(SUPERVISOR_WARNING_ID);
      ask('return');
    } catch {
      // reported by the error toast middleware; no dialog opens
    }
  };

  const decideReport = async () => {
    const status = confirming === 'approve' ? 'review_completed' : 'expert';
    try {
      await decide({ pollId: poll.id, status }).unwrap();
      setConfirming(null);
      done(
        status === 'review_completed'
          ? 'The audit report has been approved.'
          : 'The audit report has been returned to the auditor.',
      );
    } catch (error) {
      // the API logs it (spec §8); the dialog stays with the refusal for a retry
      refused(error);
    }
  };

  const maySend =
    poll.status === 'expert' &&
    can(poll, 'CAN_SEE_SEND_FOR_REVIEW_BUTTON') &&
    can(poll, 'CAN_SEND_FOR_REVIEW');
  const mayDecide =
    poll.status === 'supervisor_review' && can(poll, 'CAN_SEE_APPROVE_AND_RETURN_BUTTONS');
  const mayComment =
    poll.status === 'supervisor_review' && can(poll, 'CAN_EDIT_SUPERVISOR_COMMENT');
  const dialog = confirming ? CONFIRMATIONS[confirming] : CONFIRMATIONS.send;

  return (
    <section aria-labelledby="report-title">
      <h1 id="report-title">Audit report</h1>
      <p>
        The auditor sends the report for supervisor review; the supervisor approves it or returns it
        to the auditor with at least one comment saying why.
      </p>
      <div className={surveyStyles.actionsRow}>
        {maySend && (
          <Button
            type="button"
            variant="primary"
            busy={sending}
            disabled={missing.length > 0}
            aria-describedby={missing.length > 0 ? 'report-missing' : undefined}
            onClick={() => ask('send')}
          >
            {sending ? 'Sending…' : 'Send for supervisor review'}
          </Button>
        )}
        {mayDecide && (
          <>
            <Button
              type="button"
              variant="primary"
              disabled={deciding || missing.length > 0}
              aria-describedby={missing.length > 0 ? 'report-missing' : undefined}
              onClick={() => ask('approve')}
            >
              {approving ? 'Approving…' : 'Approve'}
            </Button>
            <Button
              type="button"
              disabled={deciding || loadingReport}
              aria-describedby="return-rule"
              onClick={() => void askReturn()}
            >
              {loadingReport ? 'Checking comments…' : returning ? 'Returning…' : 'Return'}
            </Button>
          </>
        )}
      </div>
      {(maySend || mayDecide) && missing.length > 0 && (
        <MissingSummary
          missing={missing}
          step={maySend ? 'send' : 'approve'}
          summaryPath={maySend && can(poll, 'CAN_EDIT_SUMMARY') ? `${base}/summary` : null}
        />
      )}
      {mayDecide && (
        <p id="return-rule" className={surveyStyles.ruleHint}>
          Returning the report needs at least one supervisor comment that says why.
        </p>
      )}
      <ReportContent />
      {can(poll, 'CAN_VIEW_SUPERVISOR_COMMENT') &&
        (report.isLoading ? (
          <LoadingScreen label="Loading the report…" />
        ) : (
          <SupervisorComments
            pollId={poll.id}
            comments={report.data?.supervisor_comments ?? []}
            drivers={drivers.map(({ id, name }) => ({ id, name }))}
            editable={mayComment}
          />
        ))}
      <ConfirmDialog
        open={confirming !== null}
        title={dialog.title}
        confirmLabel={dialog.confirmLabel}
        busyLabel={dialog.busyLabel}
        busy={sending || deciding}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void (confirming === 'send' ? send() : decideReport())}
      >
        <p>{dialog.text}</p>
        <Refusal messages={refusal} />
      </ConfirmDialog>
    </section>
  );
}

/** Said when a review step is refused without a reason. */
export const REVIEW_FAILED =
  'The report could not be updated. Check your connection and try again.';

/** Each irreversible step of the report asks first, saying what follows. */
const CONFIRMATIONS = {
  send: {
    title: 'Send the audit report for supervisor review?',
    confirmLabel: 'Send for review',
    busyLabel: 'Sending…',
    text: 'Your answers, findings and summary can no longer be changed unless the supervisor returns the report.',
  },
  approve: {
    title: 'Approve the audit report?',
    confirmLabel: 'Approve',
    busyLabel: 'Approving…',
    text: 'The review is completed and the report becomes final.',
  },
  return: {
    title: 'Return the audit report?',
    confirmLabel: 'Return',
    busyLabel: 'Returning…',
    text: 'The report goes back to the auditor with your comments.',
  },
} as const;

/** What the report lacks before it may be sent or approved, with the way to write it. */
function MissingSummary({
  missing,
  step,
  summaryPath,
}: {
  missing: readonly SummaryKey[];
  step: keyof typeof REPORT_SUMMARY_RULES;
  summaryPath: string | null;
}) {
  return (
    <div id="report-missing" className={surveyStyles.missingSummary}>
      <p>
        {step === 'send'
          ? 'The report cannot be sent for review yet:'
          : 'The report cannot be approved yet:'}
      </p>
      <ul>
        {missing.map((key) => (
          <li key={key}>{REPORT_SUMMARY_RULES[step][key]}</li>
        ))}
      </ul>
      {summaryPath && (
        <p>
          <Link to={summaryPath}>Write them in the Summary step</Link>
        </p>
      )}
    </div>
  );
}

function SupervisorComments({
  pollId,
  comments,
  drivers,
  editable,
}: {
  pollId: number;
  comments: {
    id: number;
    driver: { id: number; name: string } | null;
    text: string;
    author: { id: number; name: string; login: string };
    created_at: string;
  }[];
  drivers: { id: number; name: string }[];
  editable: boolean;
}) {
  const [deleteComment, { isLoading: deleting }] = useDeleteSupervisorCommentMutation();
  const [edited, setEdited] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const focusAfter = useFocusAfterAction();
  // A comment added, or edited and saved or left: the comment, or its Edit button.
  const focusComment = (commentId: number, part = '') =>
    focusAfter(() =>
      document.querySelector<HTMLElement>(
        `.supervisor-comments [data-comment-id="${commentId}"] ${part}`.trim(),
      ),
    );

  return (
    <section aria-labelledby="supervisor-comments-title">
      <h2 id="supervisor-comments-title">Supervisor comments</h2>
      {comments.length === 0 ? (
        <p className="muted">No supervisor comment yet.</p>
      ) : (
        <ul className={`supervisor-comments ${surveyStyles.supervisorComments}`}>
          {comments.map((comment) => (
            <li key={comment.id} data-comment-id={comment.id}>
              <p className="muted">
                {comment.driver ? comment.driver.name : 'Whole report'} ·{' '}
                {personLabel(comment.author)} · {formatDateTime(comment.created_at)}
              </p>
              {edited === comment.id ? (
                <EditCommentForm
                  pollId={pollId}
                  commentId={comment.id}
                  text={comment.text}
                  onDone={() => {
                    setEdited(null);
                    focusComment(comment.id, '[data-action="edit"]');
                  }}
                />
              ) : (
                <p className={surveyStyles.prose}>{comment.text}</p>
              )}
              {editable && edited !== comment.id && (
                <div className={surveyStyles.actionsRow}>
                  <Button type="button" data-action="edit" onClick={() => setEdited(comment.id)}>
                    Edit
                  </Button>
                  <Button type="button" onClick={() => setRemoving(comment.id)}>
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <AddCommentForm
          pollId={pollId}
          drivers={drivers}
          onAdded={(commentId) => focusComment(commentId)}
        />
      )}
      <DeleteDialog
        target={removing}
        title="Delete this comment?"
        busy={deleting}
        onDelete={async (commentId) => {
          await deleteComment({ pollId, commentId }).unwrap();
          notify.success(SUPERVISOR_COMMENT_MESSAGES.deleted);
        }}
        onClose={() => setRemoving(null)}
      >
        <p>The comment is removed from the report.</p>
      </DeleteDialog>
    </section>
  );
}

/** What a change to the supervisor comments says (issue 33: every save says so). */
export const SUPERVISOR_COMMENT_MESSAGES = {
  added: 'The supervisor comment has been added.',
  saved: 'The supervisor comment has been saved.',
  deleted: 'The supervisor comment has been deleted.',
};

const COMMENT_MAX = SURVEY_TEXT_LIMITS.longText;
const commentText = requiredText('Write the comment.')
  .max(COMMENT_MAX, `Keep the comment to ${COMMENT_MAX} characters or fewer.`)
  .transform((text) => text.trim());
const addCommentSchema = z.object({ driver_id: z.string(), text: commentText });
const editCommentSchema = z.object({ text: commentText });

/** A new supervisor comment, about the whole report or one driver. */
function AddCommentForm({
  pollId,
  drivers,
  onAdded,
}: {
  pollId: number;
  drivers: { id: number; name: string }[];
  onAdded: (commentId: number) => void;
}) {
  const [addComment] = useAddSupervisorCommentMutation();
  const form = useZodForm(addCommentSchema, { defaultValues: { driver_id: '', text: '' } });
  const { register, formState, control } = form;
  const text = useWatch({ control, name: 'text' });
  const { dialog } = useUnsavedChangesGuard(formState.isDirty);

  const add = async ({ driver_id, text }: z.output<typeof addCommentSchema>) => {
    try {
      const added = await addComment({
        pollId,
        text,
        driver_id: driver_id ? Number(driver_id) : null,
      }).unwrap();
      form.reset();
      notify.success(SUPERVISOR_COMMENT_MESSAGES.added);
      onAdded(added.id);
    } catch (error) {
      // kept for another try; the error toast says why
      applyDrfErrors(error, form.setError, {
        fields: ['driver_id', 'text'],
        toastShowsRest: true,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={add}
      className={surveyStyles.commentForm}
      aria-label="New supervisor comment"
    >
      <Field name="driver_id" label="About" id="supervisor-comment-driver">
        <select {...register('driver_id')}>
          <option value="">The whole report</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="text"
        label="Supervisor comment"
        id="supervisor-comment-text"
        maxLength={COMMENT_MAX}
      >
        <textarea rows={3} maxLength={COMMENT_MAX} {...register('text')} />
      </Field>
      <p>
        <Button
          type="submit"
          variant="primary"
          disabled={formState.isSubmitting || text.trim() === ''}
        >
          {formState.isSubmitting ? 'Adding…' : 'Add comment'}
        </Button>
      </p>
      {dialog}
    </Form>
  );
}

/** A comment's text in place, with Save and Cancel. */
function EditCommentForm({
  pollId,
  commentId,
  text: current,
  onDone,
}: {
  pollId: number;
  commentId: number;
  text: string;
  onDone: () => void;
}) {
  const [editComment] = useEditSupervisorCommentMutation();
  const form = useZodForm(editCommentSchema, { defaultValues: { text: current } });
  const { register, formState, control } = form;
  const text = useWatch({ control, name: 'text' });

  const save = async (values: z.output<typeof editCommentSchema>) => {
    try {
      await editComment({ pollId, commentId, text: values.text }).unwrap();
      notify.success(SUPERVISOR_COMMENT_MESSAGES.saved);
      onDone();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['text'], toastShowsRest: true });
    }
  };

  return (
    <Form form={form} onSubmit={save} aria-label="Edit the comment">
      <Field
        name="text"
        label={<span className="visually-hidden">Edit the comment</span>}
        id={`comment-edit-${commentId}`}
      >
        <textarea rows={3} maxLength={COMMENT_MAX} {...register('text')} />
      </Field>
      <div className={surveyStyles.actionsRow}>
        <Button
          type="submit"
          variant="primary"
          disabled={formState.isSubmitting || text.trim() === ''}
        >
          {formState.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
