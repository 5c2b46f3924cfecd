import { z } from '../../shared/ui/form/zod';
import {
  PERIOD_NAME_MAX,
  PERIOD_RULES,
  PLANNER_PERIOD_STATES,
  clashingOpenPeriod,
  overlapFields,
  type PlannerPeriod,
  type PlannerPeriodState,
} from '../../api/contract/plannerPeriods';
import { isIsoDate } from '../../shared/ui/dateText';
import { dateSchema, requiredText } from '../../shared/ui/form/schemas';

/** The dates of a period as a form holds them, and the state it is in (or is created in). */
export interface PeriodDates {
  start_date: string;
  end_date: string;
  state: PlannerPeriodState;
}

export type PeriodDateField = 'start_date' | 'end_date';

/**
 * What the server would refuse about a period's dates, checked against the periods the page has
 * loaded: the end after the start (on `end_date`), and an open period overlapping no other open
 * one (on the date inside it, naming it). Dates that are not days yet are left to their fields.
 * `id` is the period's own, so that it never clashes with itself.
 */
export function periodDateProblems(
  values: PeriodDates,
  periods: readonly PlannerPeriod[],
  id?: number,
): Partial<Record<PeriodDateField, string>> {
  const { start_date, end_date, state } = values;
  if (!isIsoDate(start_date) || !isIsoDate(end_date)) return {};
  if (end_date <= start_date) return { end_date: PERIOD_RULES.endAfterStart };
  const clash = clashingOpenPeriod({ id, start_date, end_date, state }, periods);
  if (!clash) return {};
  const message = PERIOD_RULES.overlap(clash);
  return Object.fromEntries(overlapFields(values, clash).map((field) => [field, message]));
}

/**
 * A period's form, in the order the dialog shows it (a wrong submit focuses the first field in
 * error): name, start, end, state. The state is a choice on a new period and the period's own
 * on an existing one (changed by the page's actions, not here).
 */
export function periodSchema(periods: readonly PlannerPeriod[], id?: number) {
  const problem = (field: PeriodDateField) => ({
    path: [field],
    error: (issue: { input: unknown }) =>
      periodDateProblems(issue.input as PeriodDates, periods, id)[field],
    // Checked even while the name is wrong, so that every problem shows at once.
    when: () => true,
  });
  return z
    .object({
      name: requiredText(PERIOD_RULES.nameRequired).refine(
        (name) => name.trim().length <= PERIOD_NAME_MAX,
        PERIOD_RULES.nameTooLong,
      ),
      start_date: dateSchema({ required: PERIOD_RULES.startRequired }),
      end_date: dateSchema({ required: PERIOD_RULES.endRequired }),
      state: z.enum(PLANNER_PERIOD_STATES),
    })
    .refine((values) => !periodDateProblems(values, periods, id).start_date, problem('start_date'))
    .refine((values) => !periodDateProblems(values, periods, id).end_date, problem('end_date'));
}

export type PeriodValues = z.input<ReturnType<typeof periodSchema>>;

/** The form's fields in the dialog's order; the server's 400s use the same names. */
export const PERIOD_FIELDS = ['name', 'start_date', 'end_date', 'state'] as const;
