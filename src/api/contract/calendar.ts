/**
 * The calendar (spec §1 planner and calendar, §2 `/calendar`, §6 CAN_VIEW_SCHEDULER): one call
 * gives the dated records of a stretch of days as events. Spec §7 does not show it: this is the
 * call this product designs, DRF-style; the SPA, the mock server and the pacts share it.
 *
 * - a **check** spans its planned week, Monday to Friday (the week the planner planned it in when
 *   it came from the plan, else the week of its due date), and keeps its status;
 * - a **planned check** not yet started (src/api/contract/planner.ts) is a `check` event over its
 *   planned week, status `planned`, titled "Planned health check: {project}", with the path
 *   `/planning?check={id}` for those who may view the planner (else null); it shows to them and
 *   to its experts, for whom it is `mine`;
 * - a planner **period** gives two one-day events, its start and its end (with
 *   CAN_VIEW_PLANNER_PERIODS);
 * - an open **risk** or **issue** is an event on its due date (those the user may see);
 * - an open **action item** of a risk's action plan, or the open corrective action of an approved
 *   audit's finding, is an event on its due date.
 *
 * `mine` marks what is the user's own: a check they take part in or are planned on as an expert,
 * a risk, issue or action item they own.
 */
import type { PersonRef } from './actionRequests';
import type { NamedRef } from './risks';

export const CALENDAR_KINDS = ['check', 'period', 'risk', 'issue', 'action_item'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  check: 'Checks',
  period: 'Planner periods',
  risk: 'Risk due dates',
  issue: 'Issue due dates',
  action_item: 'Action item due dates',
};

/** The widest stretch one call answers, in days (a month view shows six weeks). */
export const CALENDAR_MAX_DAYS = 100;

/** The field errors of the query, the same in the mock and in the pacts. */
export const CALENDAR_QUERY_ERRORS = {
  endBeforeStart: 'The end must not be before the start.',
  tooWide: `Ask for at most ${CALENDAR_MAX_DAYS} days at once.`,
} as const;

/**
 * `GET /api/calendar/events/?start=YYYY-MM-DD&end=YYYY-MM-DD` (both days included; optional
 * `kind` (repeatable), `account`, `project` and `mine=true`): the events that touch the stretch,
 * by start date then title. A missing or malformed date, an end before the start or more than
 * CALENDAR_MAX_DAYS days is a 400 on the field; without CAN_VIEW_SCHEDULER a 403.
 */
export interface CalendarQuery {
  start: string;
  end: string;
  kind?: CalendarKind[];
  account?: number;
  project?: number;
  mine?: boolean;
}

export interface CalendarEvent {
  /**
   * Unique over kinds: `check-12`, `planned-check-5`, `period-3-start`, `risk-7`,
   * `action-item-40`, `finding-31`.
   */
  id: string;
  kind: CalendarKind;
  title: string;
  /** `YYYY-MM-DD`, the first day. */
  start: string;
  /** `YYYY-MM-DD`, the last day (included); the same as `start` for a one-day event. */
  end: string;
  /**
   * What the record's state says: a check's status, 'planned' for a planned check, 'start' or
   * 'end' of a period, 'open'.
   */
  status: string;
  project: NamedRef | null;
  account: NamedRef | null;
  owner: PersonRef | null;
  mine: boolean;
  /** Where the record opens in the app, or null when the user may not open it. */
  path: string | null;
}

/**
 * `GET /api/calendar/events/ics/` (same query; `mine` is implied): the user's own events of the
 * stretch as an iCalendar file (text/calendar), to add to their own calendar. Titles and project
 * names are RFC 5545 TEXT: `\`, `;` and `,` escaped, every line break (CR, LF, CRLF) as `\n`, control
 * characters dropped, lines folded at 75 octets between whole characters
 * (mock-server/calendar/ics.ts).
 */
export const CALENDAR_ICS_NAME = 'project-excellence-my-items.ics';
