import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, personLabel } from '../../api/contract/display';
import { notify } from '../../shared/lib/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
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
import { can, useSurvey } from './context';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';

/** Spec §5: the warning when a report would be returned without a supervisor comment. */
export const SUPERVISOR_COMMENT_WARNING =
  'Please provide at least one Supervisor comment as a reason for the returned audit report';

/** `/audit-survey/{id}/report`: supervisor comments and the review actions of spec §4. */
export default function AuditReport() {
  const { poll, drivers } = useSurvey();
  const navigate = useNavigate();
  const report = useGetReportQuery(poll.id, {
    skip: !can(poll, 'CAN_VIEW_SUPERVISOR_COMMENT'),
  });
  const [fetchReport, { isFetching: loadingReport }] = useLazyGetReportQuery();
  const [sendForReview, { isLoading: sending }] = useSendForReviewMutation();
  const [decide, { isLoading: deciding, originalArgs }] = useDecideReportMutation();
  const [confirming, setConfirming] = useState<'approve' | 'return' | null>(null);
  const approving = deciding && originalArgs?.status === 'review_completed';
  const returning = deciding && originalArgs?.status === 'expert';

  const done = (message: string) => {
    notify.success(message);
    navigate(`/checks/${poll.id}`);
  };

  const send = async () => {
    try {
      await sendForReview(poll.id).unwrap();
      done('The audit report has been sent for supervisor review.');
    } catch {
      // the error toast tells the user; the API logs it (spec §8)
    }
  };

  /** Spec §5: the report info is fetched first; without a comment, a warning and no modal. */
  const askReturn = async () => {
    try {
      const info = await fetchReport(poll.id).unwrap();
      if (!info.is_supervisor_comments_filled) {
        notify.warning(SUPERVISOR_COMMENT_WARNING, { toastId: 'supervisor-comment-warning' });
        return;
      }
      setConfirming('return');
    } catch {
      // reported by the error toast middleware; no dialog opens
    }
  };

  const confirm = async () => {
    const status = confirming === 'approve' ? 'review_completed' : 'expert';
    try {
      await decide({ pollId: poll.id, status }).unwrap();
      setConfirming(null);
      done(
        status === 'review_completed'
          ? 'The audit report has been approved.'
          : 'The audit report has been returned to the auditor.',
      );
    } catch {
      // the error toast tells the user; the API logs it (spec §8); the dialog stays for a retry
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

  return (
    <section aria-labelledby="report-title">
      <h1 id="report-title">Audit report</h1>
      <p>
        The auditor sends the report for supervisor review; the supervisor approves it or returns it
        to the auditor with at least one comment saying why.
      </p>
      <div className="actions-row">
        {maySend && (
          <button
            type="button"
            className="button button-primary"
            disabled={sending}
            onClick={() => void send()}
          >
            {sending ? 'Sending…' : 'Send for supervisor review'}
          </button>
        )}
        {mayDecide && (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={deciding}
              onClick={() => setConfirming('approve')}
            >
              {approving ? 'Approving…' : 'Approve'}
            </button>
            <button
              type="button"
              className="button"
              disabled={deciding || loadingReport}
              onClick={() => void askReturn()}
            >
              {loadingReport ? 'Checking comments…' : returning ? 'Returning…' : 'Return'}
            </button>
          </>
        )}
      </div>
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
        title={confirming === 'approve' ? 'Approve the audit report?' : 'Return the audit report?'}
        confirmLabel={confirming === 'approve' ? 'Approve' : 'Return'}
        busy={deciding}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          {confirming === 'approve'
            ? 'The review is completed and the report becomes final.'
            : 'The report goes back to the auditor with your comments.'}
        </p>
      </ConfirmDialog>
    </section>
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
  const [addComment, { isLoading: adding }] = useAddSupervisorCommentMutation();
  const [editComment, { isLoading: editing }] = useEditSupervisorCommentMutation();
  const [deleteComment, { isLoading: deleting }] = useDeleteSupervisorCommentMutation();
  const [text, setText] = useState('');
  const [driverId, setDriverId] = useState('');
  const [edited, setEdited] = useState<{ id: number; text: string } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const add = async () => {
    try {
      await addComment({
        pollId,
        text: text.trim(),
        driver_id: driverId ? Number(driverId) : null,
      }).unwrap();
      setText('');
      setDriverId('');
    } catch {
      // kept for another try
    }
  };

  return (
    <section aria-labelledby="supervisor-comments-title">
      <h2 id="supervisor-comments-title">Supervisor comments</h2>
      {comments.length === 0 ? (
        <p className="muted">No supervisor comment yet.</p>
      ) : (
        <ul className="supervisor-comments">
          {comments.map((comment) => (
            <li key={comment.id}>
              <p className="muted">
                {comment.driver ? comment.driver.name : 'Whole report'} ·{' '}
                {personLabel(comment.author)} · {formatDateTime(comment.created_at)}
              </p>
              {edited?.id === comment.id ? (
                <>
                  <label htmlFor={`comment-edit-${comment.id}`} className="visually-hidden">
                    Edit the comment
                  </label>
                  <textarea
                    id={`comment-edit-${comment.id}`}
                    rows={3}
                    value={edited.text}
                    onChange={(event) => setEdited({ id: comment.id, text: event.target.value })}
                  />
                  <div className="actions-row">
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={editing || edited.text.trim() === ''}
                      onClick={() =>
                        void editComment({
                          pollId,
                          commentId: comment.id,
                          text: edited.text.trim(),
                        })
                          .unwrap()
                          .then(() => setEdited(null))
                          .catch(() => undefined)
                      }
                    >
                      {editing ? 'Saving…' : 'Save'}
                    </button>
                    <button type="button" className="button" onClick={() => setEdited(null)}>
                      Cancel
                    </button>
                  </div>
                </>
              ) : (
                <p className="prose">{comment.text}</p>
              )}
              {editable && edited?.id !== comment.id && (
                <div className="actions-row">
                  <button
                    type="button"
                    className="button"
                    onClick={() => setEdited({ id: comment.id, text: comment.text })}
                  >
                    Edit
                  </button>
                  <button type="button" className="button" onClick={() => setRemoving(comment.id)}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="comment-form">
          <label htmlFor="supervisor-comment-driver">About</label>
          <select
            id="supervisor-comment-driver"
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
          >
            <option value="">The whole report</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </select>
          <label htmlFor="supervisor-comment-text">Supervisor comment</label>
          <textarea
            id="supervisor-comment-text"
            rows={3}
            maxLength={SURVEY_TEXT_LIMITS.longText}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <p>
            <button
              type="button"
              className="button button-primary"
              disabled={adding || text.trim() === ''}
              onClick={() => void add()}
            >
              {adding ? 'Adding…' : 'Add comment'}
            </button>
          </p>
        </div>
      )}
      <DeleteDialog
        target={removing}
        title="Delete this comment?"
        busy={deleting}
        onDelete={(commentId) => deleteComment({ pollId, commentId }).unwrap()}
        onClose={() => setRemoving(null)}
      >
        <p>The comment is removed from the report.</p>
      </DeleteDialog>
    </section>
  );
}
