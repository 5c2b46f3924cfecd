import type { ApiError } from '../../../api/baseQuery';

/** Messages per server field name (`statement`, `scope_id`, …). */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * A DRF failure as the forms show it: a 400 `{field: ['…']}` beside its fields, anything else
 * (`{detail}`, a 403 naming the refused field, an unknown field) above the form.
 */
export function readServerErrors(
  error: unknown,
  knownFields: readonly string[],
): { fields: FieldErrors; form: string[] } {
  const fields: FieldErrors = {};
  const form: string[] = [];
  const { status, data } = (error ?? {}) as Partial<ApiError>;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (key === 'code') continue;
      const messages = flatten(value);
      if (knownFields.includes(key)) fields[key] = [...(fields[key] ?? []), ...messages];
      else form.push(...messages);
    }
  } else if (typeof data === 'string' && data.trim() && status !== 500) {
    form.push(data);
  }
  if (Object.keys(fields).length === 0 && form.length === 0)
    form.push(
      status === 403
        ? 'You may not make this change.'
        : 'The change could not be saved. Nothing you typed is lost: try again.',
    );
  return { fields, form };
}

/** DRF nests messages of lists and nested objects (`labels: {1: ['…']}`). */
function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

/** The messages of one field, read after its label and input (`aria-describedby`). */
export function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <span id={id} className="risk-form-error">
      {messages.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </span>
  );
}

/** Messages about the whole form, announced when they appear. */
export function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="risk-form-errors" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** `aria-describedby` from hint and error ids, or nothing. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
