import { useRef, useState } from 'react';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  attachmentAllowed,
  type Attachment,
  type Risk,
} from '../../../api/contract/risks';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { useAddCommentMutation, useGetCommentsQuery } from '../api';
import { describedBy, FieldError, FormErrors, readServerErrors } from './formErrors';
import { RichText } from './RichText';

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
        <p className="risk-form-hint">Loading the comments…</p>
      ) : isError || !comments ? (
        <p role="alert">
          The comments could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : comments.length === 0 ? (
        <p className="risk-form-hint">No comments yet.</p>
      ) : (
        <ol className="risk-comment-list">
          {comments.map((comment) => (
            <li key={comment.id} className="risk-comment">
              <p className="risk-comment-head">
                <strong>{personLabel(comment.author)}</strong>{' '}
                <span className="risk-form-hint">{formatDateTime(comment.created_at)}</span>
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
        <p className="risk-form-hint">
          You can read the comments of this {risk.kind}, not add one.
        </p>
      )}
    </div>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  return (
    <ul className="risk-attachments" aria-label="Attached files">
      {attachments.map((file) => (
        <li key={file.id}>
          <a href={file.url} download={file.name}>
            {file.name}
          </a>{' '}
          <span className="risk-form-hint">({fileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

function CommentForm({ riskId }: { riskId: number }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string[] | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [addComment, { isLoading }] = useAddCommentMutation();
  const input = useRef<HTMLInputElement>(null);

  const choose = (chosen: File[]) => {
    const allowed = chosen.filter(attachmentAllowed);
    const room = ATTACHMENT_MAX_FILES - files.length;
    const refused = allowed.length < chosen.length;
    setFiles([...files, ...allowed.slice(0, Math.max(room, 0))]);
    setFileError(refused ? FILE_ERROR : allowed.length > room ? TOO_MANY_FILES : null);
    // The input is emptied so that the same file can be chosen again after a removal.
    if (input.current) input.current.value = '';
  };

  const submit = async () => {
    setFormErrors([]);
    if (!text.trim()) {
      setTextError(['Write the comment.']);
      document.getElementById('risk-comment-text')?.focus();
      return;
    }
    if (text.length > TEXT_MAX) {
      setTextError([`Keep the comment to ${TEXT_MAX} characters or fewer.`]);
      return;
    }
    // Only files that passed the spec §5 check are ever in the list; check again on the way out.
    const sendable = files.filter(attachmentAllowed).slice(0, ATTACHMENT_MAX_FILES);
    try {
      await addComment({ riskId, text: text.trim(), files: sendable }).unwrap();
      notify.success(COMMENT_ADDED);
      setText('');
      setFiles([]);
      setFileError(null);
      setTextError(undefined);
    } catch (error) {
      const server = readServerErrors(error, ['text', 'files']);
      setTextError(server.fields.text);
      if (server.fields.files) setFileError(server.fields.files.join(' '));
      setFormErrors(server.form);
    }
  };

  return (
    <form
      className="risk-comment-form"
      noValidate
      aria-labelledby="risk-comment-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isLoading) void submit();
      }}
    >
      <h3 id="risk-comment-form-title">Add a comment</h3>
      <FormErrors messages={formErrors} />
      <div className="risk-form-field">
        <label htmlFor="risk-comment-text">Comment</label>
        <textarea
          id="risk-comment-text"
          rows={4}
          value={text}
          aria-invalid={textError ? true : undefined}
          aria-describedby={describedBy(
            'risk-comment-text-hint',
            textError && 'risk-comment-text-error',
          )}
          onChange={(event) => {
            setText(event.target.value);
            setTextError(undefined);
          }}
        />
        <span id="risk-comment-text-hint" className="risk-form-hint">
          Web addresses become links.
        </span>
        <FieldError id="risk-comment-text-error" messages={textError} />
      </div>
      <div className="risk-form-field">
        <label htmlFor="risk-comment-files">Attachments</label>
        <input
          ref={input}
          id="risk-comment-files"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={files.length >= ATTACHMENT_MAX_FILES}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy(
            'risk-comment-files-hint',
            fileError && 'risk-comment-files-error',
          )}
          onChange={(event) => choose(Array.from(event.target.files ?? []))}
        />
        <span id="risk-comment-files-hint" className="risk-form-hint">
          Up to {ATTACHMENT_MAX_FILES} files of 50 MB each: {ATTACHMENT_EXTENSIONS.join(', ')}.
        </span>
        {fileError && (
          <span id="risk-comment-files-error" className="risk-form-error" role="alert">
            {fileError}
          </span>
        )}
        {files.length > 0 && (
          <ul className="risk-chips" aria-label="Files to attach">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="risk-chip-item">
                {file.name} ({fileSize(file.size)})
                <button
                  type="button"
                  className="risk-chip-remove"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setFiles(files.filter((_, other) => other !== index));
                    setFileError(null);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="risk-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Add comment'}
        </button>
      </div>
    </form>
  );
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
