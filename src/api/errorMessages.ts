import type { ApiError } from './baseQuery';

/** What the error toast of spec §8 shows for a failed call. */
export interface ErrorMessage {
  /** `Field "x":` lines with their messages. */
  fields: { field: string; messages: string[] }[];
  /** String values of the body, to show as (sanitized) HTML. */
  html: string[];
}

export const FALLBACK_TITLE = 'Something went wrong';
export const FALLBACK_HINT = 'Please contact support team via email or chat';

/** Lists an object body by field, nested serializers as `parent.child`; strings stay HTML. */
export function describeApiError(error: ApiError): ErrorMessage {
  const message: ErrorMessage = { fields: [], html: [] };
  const { data } = error;
  if (typeof data === 'string') {
    if (data.trim()) message.html.push(data);
  } else if (data && typeof data === 'object') {
    collect(data as Record<string, unknown>, '', message);
  }
  return message;
}

export function isEmptyMessage(message: ErrorMessage): boolean {
  return message.fields.length === 0 && message.html.length === 0;
}

function collect(body: Record<string, unknown>, prefix: string, message: ErrorMessage): void {
  for (const [key, value] of Object.entries(body)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (prefix) message.fields.push({ field, messages: [value] });
      else if (key !== 'code') message.html.push(value);
    } else if (Array.isArray(value)) {
      message.fields.push({
        field,
        messages: value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))),
      });
    } else if (value && typeof value === 'object') {
      collect(value as Record<string, unknown>, field, message);
    }
  }
}
