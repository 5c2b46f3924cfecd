/**
 * Planner periods (spec §1 the check planner, §2 `/planning/periods`, §6 the planner flags): the
 * stretches of time checks are planned in, a quarter as a rule. Spec §7 does not show the calls:
 * these are the ones this product designs, DRF-style. The SPA, the mock server and the pact tests
 * import these types, texts and rules, so the form and the server refuse the same things in the
 * same words.
 *
 * A period is created as a draft (or opened at once), opened when planning starts and closed when
 * it is over: draft → open → closed, never back. Open periods never overlap; a closed one is
 * history and changes no more.
 */
import type { PersonRef } from './actionRequests';
import { formatDate } from './display';

export const PLANNER_PERIOD_STATES = ['draft', 'open', 'closed'] as const;
export type PlannerPeriodState = (typeof PLANNER_PERIOD_STATES)[number];

export const PLANNER_PERIOD_STATE_LABELS: Record<PlannerPeriodState, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
};

/** The states a new period may start in. */
export const NEW_PERIOD_STATES = ['draft', 'open'] as const;
export type NewPeriodState = (typeof NEW_PERIOD_STATES)[number];

/** Viewing the periods needs the first; creating and editing (state changes too) the others. */
export const PLANNER_PERIOD_FLAGS = {
  view: 'CAN_VIEW_PLANNER_PERIODS',
  create: 'CAN_CREATE_PLANNER_PERIOD',
  edit: 'CAN_EDIT_PLANNER_PERIOD',
} as const;

/** A period's name is at most this long. */
export const PERIOD_NAME_MAX = 100;

/** The one step each state may take (a PATCH of `state`); a closed period takes none. */
export const NEXT_PERIOD_STATE: Record<PlannerPeriodState, PlannerPeriodState | null> = {
  draft: 'open',
  open: 'closed',
  closed: null,
};

/** The rules' words, the same in the form and in the server's 400 answers. */
export const PERIOD_RULES = {
  nameRequired: 'Give the period a name.',
  nameTooLong: `Keep the name to ${PERIOD_NAME_MAX} characters or fewer.`,
  startRequired: 'Choose the start date.',
  endRequired: 'Choose the end date.',
  endAfterStart: 'The end date must be after the start date.',
  /** On `start_date` and/or `end_date`: the day that falls inside the other open period. */
  overlap: (other: Pick<PlannerPeriod, 'name' | 'start_date' | 'end_date'>) =>
    `Overlaps the open period “${other.name}” (${formatDate(other.start_date)} to ${formatDate(other.end_date)}).`,
  /**
   * On the date (`start_date` or `end_date`) whose change would leave checks planned in the period
   * (`planned_week`) outside it: how many, and the first such week on that side.
   */
  plannedOutside: (count: number, firstWeek: string) =>
    count === 1
      ? `1 planned check falls outside these dates (week of ${formatDate(firstWeek)}). Move it in the planner first.`
      : `${count} planned checks fall outside these dates (first: week of ${formatDate(firstWeek)}). Move them in the planner first.`,
  /** `non_field_errors` of any change to a closed period. */
  closed: 'A closed period cannot be reopened or edited.',
  /** On `state`: a step other than draft → open → closed (a closed period has its own text). */
  transition: (from: 'draft' | 'open') =>
    `A period in ${PLANNER_PERIOD_STATE_LABELS[from]} can only move on to ${
      PLANNER_PERIOD_STATE_LABELS[from === 'draft' ? 'open' : 'closed']
    }.`,
} as const;

/** `GET /api/planner-periods/`: every period, by start date (then id). */
export interface PlannerPeriod {
  id: number;
  name: string;
  /** `YYYY-MM-DD`, the first day of the period. */
  start_date: string;
  /** `YYYY-MM-DD`, the last day of the period (included). */
  end_date: string;
  state: PlannerPeriodState;
  created_by: PersonRef;
  created_at: string;
  updated_at: string;
}

/** `POST /api/planner-periods/` (CAN_CREATE_PLANNER_PERIOD): a draft unless `state` says open. */
export interface NewPlannerPeriod {
  name: string;
  start_date: string;
  end_date: string;
  state?: NewPeriodState;
}

/**
 * `PATCH /api/planner-periods/{id}/` (CAN_EDIT_PLANNER_PERIOD): the name and dates of a draft or
 * open period, or its next state (NEXT_PERIOD_STATE). Opening a draft checks the overlap again.
 */
export interface PlannerPeriodPatch {
  name?: string;
  start_date?: string;
  end_date?: string;
  state?: PlannerPeriodState;
}

/** The dates of a period to check: its own id (left out for a new one), start, end, state. */
export interface PeriodCandidate {
  id?: number;
  start_date: string;
  end_date: string;
  state: PlannerPeriodState;
}

/** True when the days of the two periods (both ends included) share at least one. */
export const periodsOverlap = (
  a: Pick<PlannerPeriod, 'start_date' | 'end_date'>,
  b: Pick<PlannerPeriod, 'start_date' | 'end_date'>,
) => a.start_date <= b.end_date && b.start_date <= a.end_date;

/**
 * The open period the candidate would overlap, when the candidate is open itself (or about to
 * be): the first by start date, never the candidate. Dates are ISO, so text order is day order.
 */
export function clashingOpenPeriod<
  P extends Pick<PlannerPeriod, 'id' | 'start_date' | 'end_date' | 'state'>,
>(candidate: PeriodCandidate, periods: readonly P[]): P | undefined {
  if (candidate.state !== 'open') return undefined;
  return [...periods]
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
    .find(
      (period) =>
        period.id !== candidate.id && period.state === 'open' && periodsOverlap(candidate, period),
    );
}

/**
 * Which date fields an overlap is reported on: the start when it falls inside the other period,
 * the end when it does, both when the candidate holds the whole other period.
 */
export function overlapFields(
  candidate: Pick<PlannerPeriod, 'start_date' | 'end_date'>,
  other: Pick<PlannerPeriod, 'start_date' | 'end_date'>,
): ('start_date' | 'end_date')[] {
  const inside = (day: string) => other.start_date <= day && day <= other.end_date;
  const fields: ('start_date' | 'end_date')[] = [];
  if (inside(candidate.start_date)) fields.push('start_date');
  if (inside(candidate.end_date)) fields.push('end_date');
  return fields.length > 0 ? fields : ['start_date', 'end_date'];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days of a period, both ends included: 92 for October 1 to December 31. */
export function periodDays(startDate: string, endDate: string): number {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  return Math.round((end - start) / DAY_MS) + 1;
}

/** A period's length as a planner reads it: '13 weeks', '13 weeks 1 day', '6 days'. */
export function periodLength(startDate: string, endDate: string): string {
  const days = periodDays(startDate, endDate);
  if (!Number.isFinite(days) || days < 1) return '—';
  const weeks = Math.floor(days / 7);
  const rest = days % 7;
  const parts = [];
  if (weeks > 0) parts.push(`${weeks} ${weeks === 1 ? 'week' : 'weeks'}`);
  if (rest > 0) parts.push(`${rest} ${rest === 1 ? 'day' : 'days'}`);
  return parts.join(' ');
}
