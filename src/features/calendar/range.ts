import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { CalendarEvent, CalendarKind } from '../../api/contract/calendar';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
};

/** The agenda shows this many days from its date. */
export const AGENDA_DAYS = 30;

/** Weeks start on Monday: checks are planned by working week. */
export const WEEK = { weekStartsOn: 1 } as const;

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** The day the URL names, or undefined for a missing or impossible one. */
export function dayParam(value: string | null): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parseISO(value);
  return isValid(date) && isoDay(date) === value ? date : undefined;
}

/** The days a view of `date` shows, both included: the weeks of a month, a week, a day, 30 days. */
export function visibleRange(view: CalendarView, date: Date): { start: string; end: string } {
  if (view === 'month')
    return {
      start: isoDay(startOfWeek(startOfMonth(date), WEEK)),
      end: isoDay(endOfWeek(endOfMonth(date), WEEK)),
    };
  if (view === 'week')
    return { start: isoDay(startOfWeek(date, WEEK)), end: isoDay(endOfWeek(date, WEEK)) };
  if (view === 'day') return { start: isoDay(date), end: isoDay(date) };
  return { start: isoDay(date), end: isoDay(addDays(date, AGENDA_DAYS - 1)) };
}

/** The date a step back or forward lands on in a view. */
export function step(view: CalendarView, date: Date, direction: -1 | 1): Date {
  if (view === 'month') return addMonths(startOfMonth(date), direction);
  if (view === 'week') return addWeeks(date, direction);
  if (view === 'day') return addDays(date, direction);
  return addDays(date, direction * AGENDA_DAYS);
}

/** What the range is called: 'November 2026', 'Nov 23 – 29, 2026', 'Nov 23 – Dec 22, 2026'. */
export function rangeLabel(view: CalendarView, date: Date): string {
  if (view === 'month') return format(date, 'MMMM yyyy');
  if (view === 'day') return format(date, 'EEEE, MMMM d, yyyy');
  const { start, end } = visibleRange(view, date);
  const first = parseISO(start);
  const last = parseISO(end);
  const sameYear = first.getFullYear() === last.getFullYear();
  const sameMonth = sameYear && first.getMonth() === last.getMonth();
  return `${format(first, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(
    last,
    sameMonth ? 'd, yyyy' : 'MMM d, yyyy',
  )}`;
}

export interface CalendarFilters {
  kinds: ReadonlySet<CalendarKind>;
  account?: number;
  project?: number;
  mine: boolean;
}

/** The events the filters keep (the server answers the whole range once; filters are instant). */
export function filterEvents(
  events: readonly CalendarEvent[],
  { kinds, account, project, mine }: CalendarFilters,
): CalendarEvent[] {
  return events.filter(
    (event) =>
      kinds.has(event.kind) &&
      (!mine || event.mine) &&
      (account === undefined || event.account?.id === account) &&
      (project === undefined || event.project?.id === project),
  );
}

/** The accounts or projects the events name, by name: the options of a filter. */
export function placesOf(
  events: readonly CalendarEvent[],
  which: 'account' | 'project',
): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const event of events) {
    const place = event[which];
    if (place) byId.set(place.id, place.name);
  }
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}
