import { useId, useRef, useState } from 'react';
import { FILE_ERROR, fileAllowed, type UploadRule } from '../../api/contract/risks';
import { FileDropZone } from './FileDropZone';
import { Spinner } from './LoadingScreen';
import styles from './FileUpload.module.css';

const MB = 1024 * 1024;

/** '2 KB', '1.4 MB': a file's size as the lists show it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** What the hint says of an upload kind: 'Up to 3 files of 50 MB each: doc, docx, …'. */
export function ruleText(rule: UploadRule): string {
  const size = `${Math.round(rule.maxBytes / MB)} MB`;
  const count =
    rule.maxFiles === 1
      ? `One file of up to ${size}`
      : `Up to ${rule.maxFiles} files of ${size} each`;
  return `${count}: ${rule.extensions.join(', ')}.`;
}

/**
 * Spec §5 before anything is sent: every chosen file must pass the rule (extension, size, not
 * empty) and, with the files the record `held` already, there may be no more than the rule's
 * count. Otherwise the whole choice is refused with the spec §5 message and nothing is sent.
 */
export function refusal(rule: UploadRule, chosen: readonly File[], held: number): string | null {
  if (chosen.length === 0) return null;
  const fits = chosen.every((file) => fileAllowed(rule, file));
  return fits && held + chosen.length <= rule.maxFiles ? null : FILE_ERROR;
}

/**
 * The server's words for a refused upload (`{files: [...]}`, `{non_field_errors: [...]}` as for a
 * record decided meanwhile, or `{detail}`), or a plain fallback.
 */
function failureOf(error: unknown): string {
  const data = (error as { data?: unknown } | undefined)?.data as
    { files?: unknown; non_field_errors?: unknown; detail?: unknown } | undefined;
  for (const list of [data?.files, data?.non_field_errors])
    if (Array.isArray(list) && list.every((line) => typeof line === 'string') && list.length > 0)
      return list.join(' ');
  if (typeof data?.detail === 'string') return data.detail;
  return 'The upload failed. Nothing was stored: try again.';
}

/**
 * A file input that uploads what is chosen (or dropped on it) at once, after the spec §5 check: a refused choice
 * says why (role alert) and never leaves the browser. With `held` at the rule's count the input is
 * disabled until a file is removed.
 */
export function FileUpload({
  label,
  rule,
  held = 0,
  busy,
  disabled = false,
  onUpload,
}: {
  label: string;
  /** Shown but not usable (a read-only record). */
  disabled?: boolean;
  rule: UploadRule;
  /** Files the record holds already (they count against `rule.maxFiles`). */
  held?: number;
  busy: boolean;
  /** Sends the files; rejects with the failed call's error. */
  onUpload: (files: File[]) => Promise<unknown>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const full = held >= rule.maxFiles;

  const choose = async (chosen: File[]) => {
    // Emptied at once, so that the same file can be chosen again.
    if (input.current) input.current.value = '';
    const refused = refusal(rule, chosen, held);
    setMessage(refused);
    if (refused || chosen.length === 0) return;
    try {
      await onUpload(chosen);
    } catch (error) {
      setMessage(failureOf(error));
    }
  };

  const hint = full ? `${ruleText(rule)} Remove a file to add another.` : ruleText(rule);
  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.uploadLabel}>
        {label}
      </label>
      <FileDropZone disabled={busy || full || disabled} onFiles={(files) => void choose(files)}>
        <input
          ref={input}
          id={id}
          type="file"
          multiple={rule.maxFiles > 1}
          accept={rule.extensions.map((extension) => `.${extension}`).join(',')}
          disabled={busy || full || disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={[`${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ')}
          onChange={(event) => void choose(Array.from(event.target.files ?? []))}
        />
      </FileDropZone>
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      <span className={styles.hint} role="status">
        {busy && (
          <>
            <Spinner /> Uploading…
          </>
        )}
      </span>
      {message && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
