import {
  NEEDS_MAIN_EXPERT,
  PLANNER_FLAGS,
  STALE_WEEK_ACTIONS,
  START_RULES,
  fridayOf,
  plannedWeeksOutside,
  runnableWeeks,
  weekCanRun,
  type StaleWeekAction,
  type StartRefusal,
  type StartResult,
} from '../../../src/api/contract/planner';
import {
  NEW_PERIOD_STATES,
  NEXT_PERIOD_STATE,
  PERIOD_NAME_MAX,
  PERIOD_RULES,
  PLANNER_PERIOD_FLAGS,
  PLANNER_PERIOD_STATES,
  clashingOpenPeriod,
  overlapFields,
  type PeriodCandidate,
} from '../../../src/api/contract/plannerPeriods';
import type { PollType, RespondentRole } from '../../../src/api/contract/polls';
import { now, nowIso, today } from '../../lib/clock';
import { FieldErrors, choiceField, dateField, requiredText } from '../../lib/drf';
import { badRequest, created, json, notFound, ruleBroken } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { permitted } from '../../lib/permitted';
import type { Route } from '../../lib/routes';
import { newPoll } from '../checks/newPoll';
import type { ProjectVolume } from '../projects/volume';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { startPreview, toPlannerColumn } from './plan';
import { plannerPeriods, toPlannerPeriod } from './periods';
import type { StoredPlannedCheck, StoredPlannerPeriod } from './state';

const BASE = '/planner-periods/';
const ONE = `${BASE}:periodId/`;

/**
 * The planner's periods: `GET /api/planner-periods/` (CAN_VIEW_PLANNER_PERIODS), every period by
 * start date; `POST` (CAN_CREATE_PLANNER_PERIOD) a draft or an open one; `PATCH …/{id}/`
 * (CAN_EDIT_PLANNER_PERIOD) the name, the dates or the next state of a draft or open period, its
 * dates only so far as the checks planned in it stay inside. And the start of a period's planner,
 * `GET|POST …/{id}/start/` (CAN_START_CHECK_PLANNER): the preview, then every planned check
 * becomes a check (the ones whose week is over moved to the next week or removed first, when the
 * body's `stale_weeks` says so). A refused write is a DRF 400, 403 or 404 and stores nothing.
 */
export function periodRoutes(db: MockDb, volume: ProjectVolume): Route[] {
  const periodOf = (rawId: unknown): StoredPlannerPeriod => {
    const id = Number(rawId);
    return db.getState().plannerPeriods.find((period) => period.id === id) ?? notFound();
  };
  const start = permitted(PLANNER_FLAGS.start);

  return [
    permitted(PLANNER_PERIOD_FLAGS.view).get(BASE, () => json(plannerPeriods(db.getState()))),

    permitted(PLANNER_PERIOD_FLAGS.create).post(BASE, ({ body, auth }) => {
      const errors = new FieldErrors();
      const name = requiredText(errors, body, 'name', PERIOD_NAME_MAX);
      const start_date = dateField(errors, body, 'start_date');
      const end_date = dateField(errors, body, 'end_date');
      const state = choiceField(errors, body, 'state', NEW_PERIOD_STATES, true) ?? 'draft';
      checkDates(errors, { start_date, end_date, state }, db.getState().plannerPeriods);
      errors.refuseIfAny();
      const at = nowIso();
      const period: StoredPlannerPeriod = {
        id: nextId(db.getState().plannerPeriods),
        name,
        start_date,
        end_date,
        state,
        planner_started_at: null,
        created_by_id: auth.persona.userId,
        created_at: at,
        updated_at: at,
      };
      mutate(db, (draft) => {
        draft.plannerPeriods.push(period);
      });
      return created(toPlannerPeriod(db.getState(), period));
    }),

    permitted(PLANNER_PERIOD_FLAGS.edit).patch(ONE, ({ params, body }) => {
      const stored = periodOf(params.periodId);
      if (stored.state === 'closed') ruleBroken(PERIOD_RULES.closed);
      const errors = new FieldErrors();
      const next = {
        name: 'name' in body ? requiredText(errors, body, 'name', PERIOD_NAME_MAX) : stored.name,
        start_date:
          'start_date' in body ? dateField(errors, body, 'start_date') : stored.start_date,
        end_date: 'end_date' in body ? dateField(errors, body, 'end_date') : stored.end_date,
        state: choiceField(errors, body, 'state', PLANNER_PERIOD_STATES, true) ?? stored.state,
      };
      if (next.state !== stored.state && next.state !== NEXT_PERIOD_STATE[stored.state])
        errors.add('state', PERIOD_RULES.transition(stored.state));
      // A period that stays open or is opened now must clear the other open ones.
      checkDates(errors, { id: stored.id, ...next }, db.getState().plannerPeriods);
      checkPlannedWeeks(errors, stored, next, db.getState().plannedChecks);
      errors.refuseIfAny();
      mutate(db, (draft) => {
        const period = draft.plannerPeriods.find((candidate) => candidate.id === stored.id)!;
        const changed = (['name', 'start_date', 'end_date', 'state'] as const).filter(
          (field) => period[field] !== next[field],
        );
        if (changed.length === 0) return false;
        Object.assign(period, next, { updated_at: nowIso() });
        return true;
      });
      return json(toPlannerPeriod(db.getState(), periodOf(stored.id)));
    }),

    start.get(`${ONE}start/`, ({ params }) =>
      json(startPreview(db.readState(), periodOf(params.periodId), volume, today())),
    ),

    start.post(`${ONE}start/`, ({ params, auth, body }) => {
      const period = periodOf(params.periodId);
      const errors = new FieldErrors();
      const stale = choiceField(errors, body, 'stale_weeks', STALE_WEEK_ACTIONS, true);
      errors.refuseIfAny();
      // The planned checks whose week is over, moved or removed first: only if the start succeeds.
      const plan = withStaleWeeks(db.readState(), period, stale, today());
      const preview = startPreview(plan.state, period, volume, today());
      if (preview.blocked_by !== null) {
        const refusal: StartRefusal = {
          non_field_errors: [preview.blocked_by],
          problems: preview.rows.filter((row) => row.problems.length > 0),
        };
        return json(refusal, 400);
      }
      const pollIds: number[] = [];
      mutate(db, (draft) => {
        plan.apply(draft);
        const at = now();
        const first = nextId(draft.polls);
        preview.rows.forEach((row, index) => {
          const check = draft.plannedChecks.find(
            (candidate) => candidate.id === row.planned_check_id,
          )!;
          const id = first + index;
          draft.polls.push(
            newPoll(
              id,
              {
                type: check.type,
                model: check.model,
                index: '',
                project_id: check.project_id,
                team: draft.projectTeams.find((team) => team.project_id === check.project_id),
                roles: respondentRolesOf(check.type),
                experts: check.experts,
                fallbackUserId: auth.persona.userId,
                teamManagerAnswers: true,
                due_date: fridayOf(check.planned_week),
                custom_check_config: null,
              },
              at,
            ),
          );
          check.poll_id = id;
          pollIds.push(id);
        });
        const target = draft.plannerPeriods.find((candidate) => candidate.id === period.id)!;
        target.planner_started_at = at.toISOString();
        target.updated_at = at.toISOString();
      });
      const result: StartResult = {
        period: toPlannerColumn(periodOf(period.id)),
        created: pollIds.length,
        poll_ids: pollIds,
      };
      return created(result);
    }),
  ];
}

/**
 * The plan as the start sees it once the planned checks of the period whose week is over are
 * moved to its first week that can still run, or removed (`stale_weeks`); `apply` makes the same
 * change in the store. No week left to move to is a 400 on `stale_weeks`.
 */
function withStaleWeeks(
  state: MockState,
  period: StoredPlannerPeriod,
  action: StaleWeekAction | undefined,
  today: string,
): { state: MockState; apply: (draft: MockState) => void } {
  const isStale = (check: StoredPlannedCheck) =>
    check.period_id === period.id &&
    check.poll_id === null &&
    !weekCanRun(check.planned_week, today);
  if (!action || !state.plannedChecks.some(isStale)) return { state, apply: () => {} };
  const nextWeek = runnableWeeks(period, today)[0];
  if (action === 'move' && !nextWeek)
    badRequest({ stale_weeks: [START_RULES.noWeekLeft(period.name)] });
  const at = nowIso();
  const changed = (checks: StoredPlannedCheck[]) =>
    action === 'remove'
      ? checks.filter((check) => !isStale(check))
      : checks.map((check) =>
          isStale(check) ? { ...check, planned_week: nextWeek!, updated_at: at } : check,
        );
  return {
    state: { ...state, plannedChecks: changed(state.plannedChecks) },
    apply: (draft) => {
      draft.plannedChecks = changed(draft.plannedChecks);
    },
  };
}

/** Who answers a planned check besides its experts: the manager, and the QC lead of a health check. */
const respondentRolesOf = (type: PollType): RespondentRole[] =>
  NEEDS_MAIN_EXPERT.includes(type) ? ['pm', 'qcl'] : ['pm'];

/**
 * The rules across fields, once each field is valid on its own: the end after the start (on
 * `end_date`), and an open period overlapping no other open one (on the date that falls inside
 * it, naming it).
 */
function checkDates(
  errors: FieldErrors,
  candidate: PeriodCandidate,
  others: readonly StoredPlannerPeriod[],
) {
  if (!candidate.start_date || !candidate.end_date) return;
  if (candidate.end_date <= candidate.start_date) {
    errors.add('end_date', PERIOD_RULES.endAfterStart);
    return;
  }
  const clash = clashingOpenPeriod(candidate, others);
  if (clash)
    for (const field of overlapFields(candidate, clash))
      errors.add(field, PERIOD_RULES.overlap(clash));
}

/**
 * A period's new dates must keep the checks already planned in it (`planned_week`): a date that
 * was changed and would leave some outside is refused on its field, naming how many and the
 * first week. A date left as it was is not blamed, and dates already wrong are left to their
 * own messages.
 */
function checkPlannedWeeks(
  errors: FieldErrors,
  stored: StoredPlannerPeriod,
  next: Pick<StoredPlannerPeriod, 'start_date' | 'end_date'>,
  checks: readonly StoredPlannedCheck[],
) {
  if (!next.start_date || !next.end_date || next.end_date <= next.start_date) return;
  const weeks = checks
    .filter((check) => check.period_id === stored.id)
    .map((check) => check.planned_week);
  const outside = plannedWeeksOutside(next, weeks);
  for (const field of ['start_date', 'end_date'] as const) {
    const cut = outside[field];
    if (cut && next[field] !== stored[field])
      errors.add(field, PERIOD_RULES.plannedOutside(cut.count, cut.first));
  }
}
