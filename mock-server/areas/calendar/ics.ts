import { addDays, format, parseISO } from 'date-fns';
import type { CalendarEvent } from '../../../src/api/contract/calendar';
import { nowIso } from '../../lib/clock';

/**
 * The events as an iCalendar file (RFC 5545): all-day events, the end day exclusive as the RFC
 * wants. Whatever a user typed reaches the file only as escaped text, so a title can never end its
 * event or start another one in the reader's calendar. Each event links to its page on the origin
 * of `origin` (the request's address).
 */
export function toICalendar(events: readonly CalendarEvent[], origin: string): string {
  const stamp = `${nowIso().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Project Excellence Platform//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Project Excellence: my items',
  ];
  for (const event of events) {
    const url = event.path === null ? undefined : webAddress(event.path, origin);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsText(`${event.id}@project-excellence`)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(parseISO(event.start))}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(parseISO(event.end), 1))}`,
      `SUMMARY:${icsText(event.title)}`,
      ...(event.project ? [`LOCATION:${icsText(event.project.name)}`] : []),
      ...(url ? [`URL:${url}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break (CRLF,
 * a lone CR or LF) written as `\n`. Dropped: the control characters the RFC forbids in a content
 * line (U+0000 to U+001F but the tab, and U+007F), the C1 ones too (some readers take U+0085 for a
 * line break), and the halves of broken surrogate pairs, which no encoding can carry.
 */
export function icsText(text: string): string {
  return text
    .replace(/(?![\t\r\n])\p{Cc}|\p{Cs}/gu, '')
    .replace(/[\\;,]/g, (special) => `\\${special}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets of UTF-8 go on in continuation lines that start with a space. */
const MAX_OCTETS = 75;

/**
 * A content line folded at 75 octets (RFC 5545 §3.1), always between two characters: a character
 * of several octets (an emoji is four) moves whole to the next line rather than being cut.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

const utf8Octets = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

const icsDate = (date: Date) => format(date, 'yyyyMMdd');

/** The event's page on this origin as an absolute address (a URI value, not TEXT), or none. */
function webAddress(path: string, origin: string): string | undefined {
  try {
    const base = new URL(origin);
    const url = new URL(path, base);
    const web = base.protocol === 'http:' || base.protocol === 'https:';
    return web && url.origin === base.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}
