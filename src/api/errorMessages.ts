import type { ApiError } from './baseQuery';

/** What the error toast of spec §8 shows for a failed call. */
export interface ErrorMessage {
  /** `Field "x":` lines with their messages. */
  fields: { field: string; messages: string[] }[];
  /** String values of the body, to show as (sanitized) HTML. */
  html: string[];
  /**
   * A body that is text rather than a DRF object (Django's HTML error pages, a proxy's page), as
   * its words only: shown as plain text, never as markup.
   */
  text: string[];
}

export const FALLBACK_TITLE = 'Something went wrong';
export const FALLBACK_HINT = 'Please contact support team via email or chat';

/**
 * Lists an object body by field, nested serializers as `parent.child`; its string values stay
 * HTML (spec §8). A whole body that is a string is a page, not a DRF answer: its text only.
 */
export function describeApiError(error: ApiError): ErrorMessage {
  const message: ErrorMessage = { fields: [], html: [], text: [] };
  const { data } = error;
  if (typeof data === 'string') {
    const text = plainText(data);
    if (text) message.text.push(text);
  } else if (data && typeof data === 'object') {
    collect(data as Record<string, unknown>, '', message);
  }
  return message;
}

export function isEmptyMessage(message: ErrorMessage): boolean {
  return message.fields.length === 0 && message.html.length === 0 && message.text.length === 0;
}

/**
 * The words of an HTML page or fragment, in one line: parsed in an inert document (no script
 * runs, no image loads), its head, scripts and styles left out, its text pieces joined by spaces
 * ("<h1>Not Found</h1><p>The requested…" is "Not Found The requested…").
 */
export function plainText(markup: string): string {
  const page = new DOMParser().parseFromString(markup, 'text/html');
  page.body.querySelectorAll('script, style, template, noscript').forEach((node) => node.remove());
  const pieces: string[] = [];
  const walker = page.createTreeWalker(page.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const piece = node.textContent?.replace(/\s+/g, ' ').trim();
    if (piece) pieces.push(piece);
  }
  return pieces.join(' ');
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
