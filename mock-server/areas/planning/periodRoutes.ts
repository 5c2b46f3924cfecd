import { Router } from 'express';
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
import { plannedWeeksOutside } from '../../../src/api/contract/planner';
import { authOf } from '../../auth/middleware';
import {
  FieldErrors,
  choiceField,
  dateField,
  drf,
  rejected,
  requireObjectBody,
  requiredText,
} from '../../drf';
import { toPlannerPeriod, plannerPeriods, type StoredPlannerPeriod } from './periods';
import type { StoredPlannedCheck } from './state';
import { mutate, type MockDb } from '../../store/db';
import { needsFlags } from '../../routes/projects';
import { nextId } from '../../lib/ids';

const BASE = '/planner-periods/';

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

/**
 * The check planner's periods: `GET /api/planner-periods/` (CAN_VIEW_PLANNER_PERIODS), every
 * period by start date; `POST` (CAN_CREATE_PLANNER_PERIOD) a draft or an open one; `PATCH
 * …/{id}/` (CAN_EDIT_PLANNER_PERIOD) the name, the dates or the next state of a draft or open
 * period, its dates only so far as the checks planned in it stay inside. A refused write is a
 * DRF 400 or 403 and stores nothing.
 */
export function plannerPeriodRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get(BASE, needsFlags(PLANNER_PERIOD_FLAGS.view), (_req, res) => {
    res.json(plannerPeriods(db.getState()));
  });

  router.post(BASE, needsFlags(PLANNER_PERIOD_FLAGS.create), requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const name = requiredText(errors, body, 'name', PERIOD_NAME_MAX);
    const start_date = dateField(errors, body, 'start_date');
    const end_date = dateField(errors, body, 'end_date');
    const state = choiceField(errors, body, 'state', NEW_PERIOD_STATES, true) ?? 'draft';
    checkDates(errors, { start_date, end_date, state }, db.getState().plannerPeriods);
    if (rejected(res, errors)) return;
    let created: StoredPlannerPeriod | undefined;
    mutate(db, (draft) => {
      const now = new Date().toISOString();
      created = {
        id: nextId(draft.plannerPeriods),
        name,
        start_date,
        end_date,
        state,
        planner_started_at: null,
        created_by_id: persona.userId,
        created_at: now,
        updated_at: now,
      };
      draft.plannerPeriods.push(created);
    });
    res.status(201).json(toPlannerPeriod(db.getState(), created!));
  });

  router.patch(
    `${BASE}:periodId/`,
    needsFlags(PLANNER_PERIOD_FLAGS.edit),
    requireObjectBody,
    (req, res) => {
      const id = Number(req.params.periodId);
      const stored = db.getState().plannerPeriods.find((period) => period.id === id);
      if (!stored) {
        drf.notFound(res);
        return;
      }
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      if (stored.state === 'closed') {
        errors.add('non_field_errors', PERIOD_RULES.closed);
        rejected(res, errors);
        return;
      }
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
      checkDates(errors, { id, ...next }, db.getState().plannerPeriods);
      checkPlannedWeeks(errors, stored, next, db.getState().plannedChecks);
      if (rejected(res, errors)) return;
      mutate(db, (draft) => {
        const period = draft.plannerPeriods.find((candidate) => candidate.id === id)!;
        const changed = (['name', 'start_date', 'end_date', 'state'] as const).filter(
          (field) => period[field] !== next[field],
        );
        if (changed.length === 0) return false;
        period.name = next.name;
        period.start_date = next.start_date;
        period.end_date = next.end_date;
        period.state = next.state;
        period.updated_at = new Date().toISOString();
        return true;
      });
      const saved = db.getState().plannerPeriods.find((period) => period.id === id)!;
      res.json(toPlannerPeriod(db.getState(), saved));
    },
  );

  return router;
}
