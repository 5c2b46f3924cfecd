import type { ApiError } from '../../../api/baseQuery';
import {
  activityProblem,
  type RaciActivity,
  type RaciCell,
  type RaciMatrixPut,
} from '../../../api/contract/raci';

/** The cells being edited: activity code → role id → cell. */
export type RaciRows = Record<string, Record<string, RaciCell>>;

/** The rows of a matrix as the server has them. */
export const rowsOf = (activities: readonly RaciActivity[]): RaciRows =>
  Object.fromEntries(activities.map((activity) => [activity.code, { ...activity.cells }]));

/** How many cells differ from the server's. */
export function changedCells(activities: readonly RaciActivity[], rows: RaciRows): number {
  let changed = 0;
  for (const activity of activities)
    for (const [role, cell] of Object.entries(activity.cells))
      if ((rows[activity.code]?.[role] ?? '') !== cell) changed += 1;
  return changed;
}

/** The activities that break the one-A rule, by code, with the rule's message. */
export function ruleProblems(
  activities: readonly RaciActivity[],
  rows: RaciRows,
): Map<string, string> {
  const problems = new Map<string, string>();
  for (const activity of activities) {
    const problem = activityProblem(rows[activity.code] ?? activity.cells);
    if (problem) problems.set(activity.code, problem);
  }
  return problems;
}

/** The PUT body: every activity with every cell. */
export const putBodyOf = (rows: RaciRows): RaciMatrixPut => ({ activities: rows });

/** What a refused save or validation says: messages by activity code, and the rest. */
export interface RaciRefusal {
  byActivity: Record<string, string[]>;
  general: string[];
}

const SAVE_FAILED = 'The matrix could not be saved. Nothing you changed is lost: try again.';

const messagesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/**
 * A failed call of the matrix as the screen shows it: a 400's activities by code on their rows,
 * its other messages and every other failure in the alert above the actions.
 */
export function refusalOf(error: unknown, failed = SAVE_FAILED): RaciRefusal {
  const { status, data } = (error ?? {}) as Partial<ApiError>;
  const refusal: RaciRefusal = { byActivity: {}, general: [] };
  if (status === 403) return { ...refusal, general: ['You may not change this matrix.'] };
  if (status === 404) return { ...refusal, general: ['This project or its matrix is not there.'] };
  if (status !== 400 || !data || typeof data !== 'object' || Array.isArray(data))
    return { ...refusal, general: [failed] };
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (field === 'activities' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [code, messages] of Object.entries(value as Record<string, unknown>))
        refusal.byActivity[code] = messagesOf(messages);
    } else refusal.general.push(...messagesOf(value));
  }
  if (refusal.general.length === 0 && Object.keys(refusal.byActivity).length === 0)
    refusal.general.push(failed);
  return refusal;
}

/** 'Fix the 2 activities that break the rule before saving.' */
export function ruleRefusal(count: number, before: 'saving' | 'validating'): string {
  const what = count === 1 ? 'the activity that breaks' : `the ${count} activities that break`;
  return `Fix ${what} the rule before ${before}: exactly one A (accountable) per activity.`;
}
