import { Paperclip, Trash2 } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import {
  CHECKLIST_ANSWER_LABELS,
  CHECKLIST_ANSWERS,
  CHECKLIST_LIMITS,
  CHECKLIST_UPLOAD,
  type ChecklistAnswer,
  type ChecklistItem,
  type ChecklistItemPatch,
} from '../../api/contract/checklists';
import { Button } from '../../shared/ui/Button';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
import { FileUpload, fileSize } from '../../shared/ui/FileUpload';
import { Spinner } from '../../shared/ui/LoadingScreen';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import { safeHref } from '../../shared/lib/safeHref';
import { notify } from '../../shared/lib/toasts';
import {
  useDeleteChecklistFileMutation,
  useSaveChecklistItemMutation,
  useUploadChecklistFilesMutation,
} from './api';
import styles from './checklists.module.css';

/** A comment is saved once the user pauses typing (or leaves the box). */
export const COMMENT_SAVE_DEBOUNCE_MS = 800;

/** What attaching and removing an item's files say, as the project card's file lists do (issue 33). */
export const ITEM_FILE_MESSAGES = {
  attached: (count: number, item: number) =>
    count === 1
      ? `The file has been attached to item ${item}.`
      : `The files have been attached to item ${item}.`,
  removed: (name: string, item: number) => `“${name}” has been removed from item ${item}.`,
};

const SEGMENTS = CHECKLIST_ANSWERS.map((value) => ({
  value,
  label: CHECKLIST_ANSWER_LABELS[value],
}));

type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** The server's words for a refused save, or a plain sentence. */
function failureOf(error: unknown): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (data && typeof data === 'object') {
    const messages = Object.values(data as Record<string, unknown>).flatMap((value) =>
      Array.isArray(value) ? value.filter((m) => typeof m === 'string') : [],
    );
    const detail = (data as { detail?: unknown }).detail;
    if (messages.length > 0) return messages.join(' ');
    if (typeof detail === 'string') return detail;
  }
  return 'The connection failed.';
}

/**
 * One item of a checklist: its statement, the Yes / No / N/A answer (saved at once), a comment
 * (saved after a pause or on leaving the box) and its attachments (spec §5, checked before they
 * are sent). A save shows 'Saving…' then 'Saved'; a failed one keeps what was typed, says why and
 * offers to try again. `highlight` marks an item a submit is waiting on.
 */
export const ChecklistItemCard = memo(function ChecklistItemCard({
  checklistId,
  number,
  item,
  editable,
  highlight,
}: {
  checklistId: number;
  number: number;
  item: ChecklistItem;
  editable: boolean;
  highlight: 'unanswered' | 'unexplained' | null;
}) {
  const id = useId();
  const [answer, setAnswer] = useState<ChecklistAnswer | null>(item.answer);
  const [comment, setComment] = useState(item.comment);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [saveItem] = useSaveChecklistItemMutation();
  const [uploadFiles, uploading] = useUploadChecklistFilesMutation();
  const [deleteFile, deleting] = useDeleteChecklistFileMutation();
  const [removing, setRemoving] = useState<ChecklistItem['attachments'][number] | null>(null);

  // Saves run one at a time per item, the latest values last: an older answer never lands after a newer one.
  const latest = useRef<ChecklistItemPatch>({ answer: item.answer, comment: item.comment });
  const inFlight = useRef(false);
  const queued = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = async () => {
    if (inFlight.current) {
      queued.current = true;
      return;
    }
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    const patch = { ...latest.current };
    try {
      await saveItem({ checklistId, itemId: item.id, patch }).unwrap();
      setStatus(queued.current ? { kind: 'saving' } : { kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: failureOf(error) });
      queued.current = false;
    } finally {
      inFlight.current = false;
    }
    if (queued.current) {
      queued.current = false;
      void send();
    }
  };
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const flushComment = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    void sendRef.current();
  };
  // A comment still waiting for its pause is saved when the page is left.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void sendRef.current();
      }
    },
    [],
  );

  const choose = (next: ChecklistAnswer) => {
    setAnswer(next);
    latest.current = { ...latest.current, answer: next };
    clearTimeout(timer.current);
    timer.current = undefined;
    void send();
  };

  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const needsComment = answer === 'no';
  const flagged =
    highlight === 'unanswered'
      ? 'Answer this item before submitting.'
      : highlight === 'unexplained'
        ? 'Say why in the comment: a “No” needs one.'
        : null;

  return (
    <li
      className={flagged ? `${styles.item} ${styles.itemFlagged}` : styles.item}
      data-item-id={item.id}
    >
      <div className={styles.itemHead}>
        <p className={styles.itemText} id={`${id}-text`}>
          <span className={styles.itemNumber}>{number}.</span> {item.text}
        </p>
        <SegmentedControl
          legend={
            <>
              Answer to item {number}: {item.text}
            </>
          }
          hideLegend
          segments={SEGMENTS}
          value={answer}
          onChange={choose}
          disabled={!editable}
          describedBy={
            [item.hint && hintId, flagged && `${id}-flag`].filter(Boolean).join(' ') || undefined
          }
        />
      </div>
      {item.hint && (
        <p className={styles.itemHint} id={hintId}>
          {item.hint}
        </p>
      )}
      {flagged && (
        <p className={styles.itemFlag} id={`${id}-flag`}>
          {flagged}
        </p>
      )}
      {editable ? (
        <div className={styles.comment}>
          <label htmlFor={`${id}-comment`}>
            Comment on item {number}
            {needsComment && <span className="muted"> (required for a “No”)</span>}
          </label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            maxLength={CHECKLIST_LIMITS.comment}
            value={comment}
            aria-describedby={statusId}
            onChange={(event) => {
              setComment(event.target.value);
              latest.current = { ...latest.current, comment: event.target.value };
              clearTimeout(timer.current);
              timer.current = setTimeout(flushComment, COMMENT_SAVE_DEBOUNCE_MS);
            }}
            onBlur={() => {
              if (timer.current) flushComment();
            }}
          />
        </div>
      ) : (
        comment && (
          <p className={styles.readComment}>
            <span className="muted">Comment: </span>
            {comment}
          </p>
        )
      )}
      <div className={styles.files}>
        {item.attachments.length > 0 && (
          <ul className={styles.fileList} aria-label={`Files of item ${number}`}>
            {item.attachments.map((file) => (
              <li key={file.id}>
                <Paperclip size={14} aria-hidden="true" />{' '}
                <a href={safeHref(file.url)} download={file.name}>
                  {file.name}
                </a>{' '}
                <span className="muted">({fileSize(file.size)})</span>
                {editable && (
                  <Button
                    size="sm"
                    variant="quiet-link"
                    icon={Trash2}
                    onClick={() => setRemoving(file)}
                  >
                    Remove <span className="visually-hidden">{file.name}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {editable && (
          <FileUpload
            label={`Attach files to item ${number}`}
            rule={CHECKLIST_UPLOAD}
            held={item.attachments.length}
            busy={uploading.isLoading}
            onUpload={async (files) => {
              await uploadFiles({ checklistId, itemId: item.id, files }).unwrap();
              notify.success(ITEM_FILE_MESSAGES.attached(files.length, number));
            }}
          />
        )}
      </div>
      {editable && <SaveState id={statusId} status={status} onRetry={() => void send()} />}
      <DeleteDialog
        target={removing}
        title={`Remove “${removing?.name ?? ''}”?`}
        busy={deleting.isLoading}
        onDelete={async (file) => {
          await deleteFile({ checklistId, itemId: item.id, attachmentId: file.id }).unwrap();
          notify.success(ITEM_FILE_MESSAGES.removed(file.name, number));
        }}
        onClose={() => setRemoving(null)}
      >
        <p>The file is removed from this item for good.</p>
      </DeleteDialog>
    </li>
  );
});

/** The item's save state, announced politely: saving, saved, or why it failed with a retry. */
function SaveState({
  id,
  status,
  onRetry,
}: {
  id: string;
  status: SaveStatus;
  onRetry: () => void;
}) {
  return (
    <p id={id} className={styles.saveState} role="status">
      {status.kind === 'saving' && (
        <>
          <Spinner /> Saving…
        </>
      )}
      {status.kind === 'saved' && <span className={styles.saved}>Saved</span>}
      {status.kind === 'failed' && (
        <span className={styles.failed}>
          Not saved: {status.message} What you typed is kept.{' '}
          <Button size="sm" variant="quiet-link" onClick={onRetry}>
            Try again
          </Button>
        </span>
      )}
    </p>
  );
}
