import { safeHref } from './safeHref';

/**
 * Spec §5: free text in comments shows its angle brackets as typed (escaped, never markup) and
 * its plain URLs as links. The text is cut into parts that React renders as text nodes and
 * anchors, so nothing a user wrote ever reaches innerHTML.
 */
export type RichTextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) addresses and bare `www.` ones; quotes and angle brackets end an address. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Sentence punctuation after an address belongs to the sentence, not to the address. */
const TRAILING = /[.,;:!?'"]+$/;

export function richTextParts(text: string): RichTextPart[] {
  const parts: RichTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = trimAddress(match[0]);
    // Only web addresses become links: no `javascript:`, no `data:`.
    const href = safeHref(/^www\./i.test(raw) ? `https://${raw}` : raw);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return mergeText(parts);
}

/** The text with `&`, `<` and `>` escaped, for places that need HTML (e-mails, exports). */
export function escapeAngles(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Drops trailing punctuation and a closing bracket the address did not open. */
function trimAddress(address: string): string {
  let trimmed = address;
  for (;;) {
    const before = trimmed;
    trimmed = trimmed.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (trimmed.endsWith(close) && count(trimmed, open) < count(trimmed, close))
        trimmed = trimmed.slice(0, -1);
    }
    if (trimmed === before) return trimmed;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

function mergeText(parts: RichTextPart[]): RichTextPart[] {
  const merged: RichTextPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.kind === 'text' && previous?.kind === 'text') previous.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}
