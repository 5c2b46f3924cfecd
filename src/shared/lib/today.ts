import { addMonths, differenceInCalendarDays, format, parseISO, startOfMonth } from 'date-fns';

/**
 * The SPA's one clock for calendar dates. "Today" is the user's local calendar date, everywhere:
 * a due date is overdue once the user's own day has moved past it, whatever the UTC date is. The
 * API writes dates as `YYYY-MM-DD` and times as ISO instants; a date is compared as a date.
 * `toISOString()` gives the UTC date, which is a day off around midnight outside UTC: lint refuses
 * it in src/ (eslint.config.js), so "today" is only ever taken here. Every function takes `now`
 * for tests and for a screen that reads the clock once per render.
 */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** This month on the user's calendar, `YYYY-MM`. */
export function thisMonthIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM');
}

/** The month `offset` months from this one, `YYYY-MM` (negative: back). */
export function monthIso(offset: number, now: Date = new Date()): string {
  return format(addMonths(startOfMonth(now), offset), 'yyyy-MM');
}

/** The calendar date part of an API date or instant: `2026-11-20` of `2026-11-20T09:00:00Z`. */
const dateOf = (value: string) => value.slice(0, 10);

/** Past its due date on the user's calendar (due today is not overdue); no date: never. */
export function isOverdue(due: string | null | undefined, now: Date = new Date()): boolean {
  return !!due && dateOf(due) < todayIso(now);
}

/** Whole calendar days from today to the date: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(due: string, now: Date = new Date()): number {
  return differenceInCalendarDays(parseISO(dateOf(due)), now);
}

/** The quarters a period filter offers (`2026-Q4`): the next four, this one and the last eight, newest first. */
export function quarterChoices(now: Date = new Date()): string[] {
  const quarter = now.getFullYear() * 4 + Math.floor(now.getMonth() / 3);
  return Array.from({ length: 13 }, (_, offset) => {
    const at = quarter + 4 - offset;
    return `${Math.floor(at / 4)}-Q${(at % 4) + 1}`;
  });
}
