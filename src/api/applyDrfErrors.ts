import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './baseQuery';

/** Where the form-level messages go: `errors.root.server`, shown by the kit's `FormAlert`. */
export const SERVER_ERROR = 'root.server';

/** Said above the form when a failure names no problem of its own. */
export const SAVE_FAILED = 'The change could not be saved. Nothing you typed is lost: try again.';
export const SAVE_FORBIDDEN = 'You may not make this change.';

export interface DrfErrorOptions<TFieldValues extends FieldValues> {
  /**
   * The form's fields, in the order the form shows them: a 400 message under one of these names
   * goes on that field, and the first field in error takes the focus.
   */
  fields?: readonly FieldPath<TFieldValues>[];
  /** API field names that differ from the form's: `{ project_id: 'project' }`. */
  rename?: Readonly<Record<string, FieldPath<TFieldValues>>>;
  /** The form-level message when the failure names nothing (no body, an HTML page). */
  fallback?: string;
  /**
   * When the error toast already shows the failure (the call is not `silent`), leave the
   * form-level alert out and put only the field messages on their fields. For dialogs whose
   * failures the toast reports, so that the same words do not show twice.
   */
  toastShowsRest?: boolean;
}

/** What was put where, for a caller that needs to know. */
export interface AppliedDrfErrors {
  /** The form fields that got a message, in the form's order. */
  fields: string[];
  /** The form-level messages (empty when none was set). */
  form: string[];
}

/**
 * The one mapping of a failed call onto a react-hook-form form (spec §8, DRF conventions).
 * A 400 body `{field: ['msg', …]}` puts each field's messages on that field when it is one of
 * `fields` (or named in `rename`), nested messages (`experts: [{user_id: ['…']}]`) included.
 * Everything else (`non_field_errors`, `detail`, unknown fields, other statuses, network errors)
 * goes to `root.server`, the form-level alert. The first field in error, in the form's order,
 * takes the focus through `setError(…, { shouldFocus: true })`.
 */
export function applyDrfErrors<TFieldValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TFieldValues>,
  options: DrfErrorOptions<TFieldValues> = {},
): AppliedDrfErrors {
  const { fields = [], rename = {}, fallback, toastShowsRest = false } = options;
  const { status, data, silent } = (error ?? {}) as Partial<ApiError>;
  const byField = new Map<string, string[]>();
  const form: string[] = [];

  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (key === 'code') continue;
      const messages = flatten(value);
      const field: string | undefined =
        rename[key] ?? ((fields as readonly string[]).includes(key) ? key : undefined);
      if (status === 400 && field) byField.set(field, [...(byField.get(field) ?? []), ...messages]);
      else form.push(...messages);
    }
  } else if (typeof data === 'string' && data.trim() && !looksLikeHtml(data)) {
    form.push(data.trim());
  }
  if (byField.size === 0 && form.length === 0)
    form.push(fallback ?? (status === 403 ? SAVE_FORBIDDEN : SAVE_FAILED));

  const order = [...fields, ...Object.values(rename)].filter(
    (field, index, all) => all.indexOf(field) === index,
  );
  const inError = order.filter((field) => byField.has(field));
  inError.forEach((field, index) => {
    setError(
      field as FieldPath<TFieldValues>,
      { type: 'server', message: (byField.get(field) ?? []).join(' ') },
      { shouldFocus: index === 0 },
    );
  });
  const showForm = form.length > 0 && !(toastShowsRest && silent === false);
  if (showForm) setError(SERVER_ERROR, { type: 'server', message: form.join('\n') });
  return { fields: inError, form: showForm ? form : [] };
}

/** DRF nests the messages of lists and nested serializers. */
function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

/** A proxy's or server's error page says nothing a form should repeat. */
const looksLikeHtml = (text: string) => /^\s*</.test(text);
