import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  attachmentAllowed,
  type Attachment,
  type Risk,
} from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import { useFocusAfterAction } from '../../../shared/lib/focus';
import { notify } from '../../../shared/lib/toasts';
import { Field } from '../../../shared/ui/form/Field';
import { Form, FormAlert } from '../../../shared/ui/form/Form';
import { requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useAddCommentMutation, useGetCommentsQuery } from '../api';
import { RichText } from '../../../shared/ui/RichText';
import styles from './riskForms.module.css';
import { Button } from '../../../shared/ui/Button';
import { FileDropZone } from '../../../shared/ui/FileDropZone';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import { safeHref } from '../../../shared/lib/safeHref';
import detailStyles from '../riskDetail.module.css';

export const COMMENT_ADDED = 'Your comment has been added.';
export const TOO_MANY_FILES = `Attach up to ${ATTACHMENT_MAX_FILES} files to one comment.`;

const ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * The conversation about the risk. Comments show their text under the spec §5 rules (angle
 * brackets as typed, plain URLs linked) and their attachments as downloads. A file spec §5 does
 * not allow is refused with its message when chosen and is never sent.
 */
export function CommentsTab({ risk, mayComment }: { risk: Risk; mayComment: boolean }) {
  const { data: comments, isLoading, isError, refetch } = useGetCommentsQuery(risk.id);
  return (
    <div className="risk-comments">
      <h2>Comments</h2>
      {isLoading ? (
        <p className={detailStyles.riskFormHint}>Loading the comments…</p>
      ) : isError || !comments ? (
        <LoadFailed
          title="The comments could not be loaded"
          titleLevel={3}
          onRetry={() => void refetch()}
        />
      ) : comments.length === 0 ? (
        <p className={detailStyles.riskFormHint}>No comments yet.</p>
      ) : (
        <ol className={detailStyles.riskCommentList}>
          {comments.map((comment) => (
            <li key={comment.id} className={detailStyles.riskComment} data-comment-id={comment.id}>
              <p className={detailStyles.riskCommentHead}>
                <strong>{personLabel(comment.author)}</strong>{' '}
                <span className={detailStyles.riskFormHint}>
                  {formatDateTime(comment.created_at)}
                </span>
              </p>
              <RichText text={comment.text} />
              {comment.attachments.length > 0 && <Attachments attachments={comment.attachments} />}
            </li>
          ))}
        </ol>
      )}
      {mayComment ? (
        <CommentForm riskId={risk.id} />
      ) : (
        <p className={detailStyles.riskFormHint}>
          You can read the comments of this {risk.kind}, not add one.
        </p>
      )}
    </div>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  return (
    <ul className={detailStyles.riskAttachments} aria-label="Attached files">
      {attachments.map((file) => (
        <li key={file.id}>
          <a href={safeHref(file.url)} download={file.name}>
            {file.name}
          </a>{' '}
          <span className={detailStyles.riskFormHint}>({fileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

const commentSchema = z.object({
  text: requiredText('Write the comment.').pipe(
    z.string().max(TEXT_MAX, `Keep the comment to ${TEXT_MAX} characters or fewer.`),
  ),
  // Only files that passed the spec §5 check are ever in the list.
  files: z.array(z.custom<File>()),
});
type CommentValues = z.input<typeof commentSchema>;
const NO_COMMENT: CommentValues = { text: '', files: [] };

function CommentForm({ riskId }: { riskId: number }) {
  const form = useZodForm(commentSchema, { defaultValues: NO_COMMENT });
  const files = useWatch({ control: form.control, name: 'files' });
  // Why a chosen file was refused: said at once, the file never joins the list.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [addComment, { isLoading }] = useAddCommentMutation();
  const input = useRef<HTMLInputElement>(null);
  const focusAfter = useFocusAfterAction();

  const setFiles = (next: File[]) => {
    form.setValue('files', next, { shouldDirty: true });
    form.clearErrors('files');
  };

  const choose = (chosen: File[]) => {
    const allowed = chosen.filter(attachmentAllowed);
    const room = ATTACHMENT_MAX_FILES - files.length;
    const refused = allowed.length < chosen.length;
    setFiles([...files, ...allowed.slice(0, Math.max(room, 0))]);
    setRefusal(refused ? FILE_ERROR : allowed.length > room ? TOO_MANY_FILES : null);
    // The input is emptied so that the same file can be chosen again after a removal.
    if (input.current) input.current.value = '';
  };

  const submit = async (values: z.output<typeof commentSchema>) => {
    if (isLoading) return;
    // Check again on the way out: nothing spec §5 refuses is ever sent.
    const sendable = values.files.filter(attachmentAllowed).slice(0, ATTACHMENT_MAX_FILES);
    try {
      const added = await addComment({
        riskId,
        text: values.text.trim(),
        files: sendable,
      }).unwrap();
      notify.success(COMMENT_ADDED);
      // The new comment, once the list has it, so that the user reads what they sent.
      focusAfter(() =>
        document.querySelector<HTMLElement>(`.risk-comments [data-comment-id="${added.id}"]`),
      );
      form.reset(NO_COMMENT);
      setRefusal(null);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['text', 'files'] });
    }
  };

  return (
    <Form
      form={form}
      alert={false}
      onSubmit={submit}
      className={detailStyles.riskCommentForm}
      aria-labelledby="risk-comment-form-title"
    >
      <h3 id="risk-comment-form-title">Add a comment</h3>
      <FormAlert />
      <Field<CommentValues> name="text" label="Comment" hint="Web addresses become links.">
        <textarea rows={4} {...form.register('text')} />
      </Field>
      <Field<CommentValues>
        name="files"
        label="Attachments"
        hint={`Up to ${ATTACHMENT_MAX_FILES} files of 50 MB each: ${ATTACHMENT_EXTENSIONS.join(', ')}.`}
      >
        {(control) => (
          <>
            {/* A drop is a choice: the same checks, the same list. */}
            <FileDropZone disabled={files.length >= ATTACHMENT_MAX_FILES} onFiles={choose}>
              <input
                ref={input}
                id={control.id}
                type="file"
                multiple
                accept={ACCEPT}
                disabled={files.length >= ATTACHMENT_MAX_FILES}
                aria-invalid={refusal || control['aria-invalid'] ? true : undefined}
                aria-describedby={
                  [control['aria-describedby'], refusal && `${control.id}-refusal`]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                onChange={(event) => choose(Array.from(event.target.files ?? []))}
              />
            </FileDropZone>
            {refusal && (
              <span id={`${control.id}-refusal`} className={styles.refusal} role="alert">
                {refusal}
              </span>
            )}
            {files.length > 0 && (
              <ul className={detailStyles.riskChips} aria-label="Files to attach">
                {files.map((file, index) => (
                  <li key={`${file.name}-${index}`} className={detailStyles.riskChipItem}>
                    {file.name} ({fileSize(file.size)})
                    <button
                      type="button"
                      className={detailStyles.riskChipRemove}
                      aria-label={`Remove ${file.name}`}
                      onClick={() => {
                        setFiles(files.filter((_, other) => other !== index));
                        setRefusal(null);
                      }}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Field>
      <div className={detailStyles.riskFormActions}>
        <Button type="submit" variant="primary" busy={isLoading}>
          {isLoading ? 'Sending…' : 'Add comment'}
        </Button>
      </div>
    </Form>
  );
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
