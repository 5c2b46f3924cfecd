import { Router, type Response } from 'express';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import {
  ACCOUNT_TARGETS_VIEW_FLAGS,
  PERIOD_MESSAGE,
  PROJECT_TARGET_KINDS,
  TARGET_DECIMALS,
  TARGET_EDIT_FLAGS,
  TARGET_KIND_NOUNS,
  TARGET_METRIC_INFO,
  TARGET_METRICS,
  formatTargetValue,
  isPeriod,
  type ProjectTargetKind,
  type TargetKind,
  type TargetMetric,
} from '../../../src/api/contract/targets';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import {
  choiceField,
  drf,
  FieldErrors,
  REQUIRED,
  rejected,
  requireObjectBody,
  patchedFields,
} from '../../drf';
import { detailsOf, recordProjectChange } from '../projects/model';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { accountTargets, projectTargets, toTarget, type StoredTarget } from './model';
import { lacksFlag } from '../../routes/projects';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';

const SECTION = 'Targets';
const NOT_A_NUMBER = 'A valid number is required.';
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * DRF's DecimalField for a target value: a number (or a numeric text) within the metric's range,
 * with at most TARGET_DECIMALS decimals. `optional` lets it be left out or null (the actual value).
 */
function valueField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  metric: TargetMetric | undefined,
  optional: boolean,
): number | null {
  const raw = body[field];
  if (raw === undefined || raw === null || raw === '') {
    if (!optional) errors.add(field, REQUIRED);
    return null;
  }
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && NUMBER_TEXT.test(raw.trim())) value = Number(raw.trim());
  else {
    errors.add(field, NOT_A_NUMBER);
    return null;
  }
  if (!Number.isFinite(value)) {
    errors.add(field, NOT_A_NUMBER);
    return null;
  }
  const scaled = value * 10 ** TARGET_DECIMALS;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    errors.add(field, `Ensure that there are no more than ${TARGET_DECIMALS} decimal places.`);
    return null;
  }
  if (metric) {
    const { min, max } = TARGET_METRIC_INFO[metric];
    if (value < min) errors.add(field, `Ensure this value is greater than or equal to ${min}.`);
    else if (value > max) errors.add(field, `Ensure this value is less than or equal to ${max}.`);
  }
  return value;
}

function periodField(errors: FieldErrors, body: Record<string, unknown>): string {
  const value = body.period;
  if (value === undefined || value === null || value === '') errors.add('period', REQUIRED);
  else if (typeof value !== 'string' || !isPeriod(value.trim()))
    errors.add('period', PERIOD_MESSAGE);
  else return value.trim();
  return '';
}

const describe = (target: Pick<StoredTarget, 'metric' | 'period' | 'planned' | 'actual'>) =>
  `${TARGET_METRIC_INFO[target.metric].label}, ${target.period}: planned ${formatTargetValue(
    target.metric,
    target.planned,
  )}, actual ${formatTargetValue(target.metric, target.actual)}`;

interface Scope {
  kind: 'project' | 'account';
  id: number;
}

/** The stored targets of a scope (a project's two kinds, or an account's own). */
const inScope = (target: StoredTarget, scope: Scope) =>
  scope.kind === 'project'
    ? target.project_id === scope.id
    : target.kind === 'account' && target.account_id === scope.id;

const scopeExists = (state: MockState, scope: Scope) =>
  scope.kind === 'project'
    ? detailsOf(state, scope.id) !== undefined
    : state.accounts.some((account) => account.id === scope.id);

/**
 * The body of a new target, checked as a serializer would: metric, period, planned, actual, and
 * one metric per period for the kind (a 400 on `period`).
 */
function readNewTarget(
  state: MockState,
  scope: Scope,
  kind: TargetKind | undefined,
  body: Record<string, unknown>,
  errors: FieldErrors,
) {
  const metric = choiceField(errors, body, 'metric', TARGET_METRICS);
  const period = periodField(errors, body);
  const planned = valueField(errors, body, 'planned', metric, false);
  const actual = valueField(errors, body, 'actual', metric, true);
  if (
    kind &&
    metric &&
    period &&
    state.targets.some(
      (target) =>
        inScope(target, scope) &&
        target.kind === kind &&
        target.metric === metric &&
        target.period === period,
    )
  )
    errors.add(
      'period',
      `A “${TARGET_METRIC_INFO[metric].label}” target for ${period} already exists here.`,
    );
  return { metric: metric!, period, planned: planned ?? 0, actual };
}

const PATCHABLE = ['planned', 'actual'] as const;

/**
 * Targets: a project's (`/api/projects/{id}/targets/`, its own and the account's for it) and an
 * account's (`/api/accounts/{id}/targets/`). Reading needs the card (an account's: the card or
 * the account tab); each kind is written with its own flag (TARGET_EDIT_FLAGS). A project's
 * changes go to its History under 'Targets'.
 */
export function targetRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  const scopeOf = (res: Response, kind: Scope['kind'], rawId: unknown) => {
    const scope: Scope = { kind, id: Number(rawId) };
    if (!scopeExists(db.getState(), scope)) {
      drf.notFound(res);
      return undefined;
    }
    return scope;
  };

  const mayRead = (res: Response, persona: Persona, kind: Scope['kind']) => {
    if (kind === 'project') return !lacksFlag(res, persona, PROJECT_CARD_FLAG);
    if (ACCOUNT_TARGETS_VIEW_FLAGS.some((flag) => persona.permissions.includes(flag))) return true;
    drf.forbidden(
      res,
      `You do not have permission to perform this action (${ACCOUNT_TARGETS_VIEW_FLAGS.join(' or ')}).`,
    );
    return false;
  };

  /** The stored target of the scope, or a 404. */
  const targetOf = (res: Response, scope: Scope, rawId: unknown) => {
    const id = Number(rawId);
    const target = db
      .getState()
      .targets.find((candidate) => candidate.id === id && inScope(candidate, scope));
    if (!target) drf.notFound(res);
    return target;
  };

  for (const kind of ['project', 'account'] as const) {
    const base = kind === 'project' ? '/projects/:id/targets/' : '/accounts/:id/targets/';

    router.get(base, (req, res) => {
      const { persona } = authOf(res.locals);
      if (!mayRead(res, persona, kind)) return;
      const scope = scopeOf(res, kind, req.params.id);
      if (!scope) return;
      const state = db.getState();
      res.json(
        kind === 'project' ? projectTargets(state, scope.id) : accountTargets(state, scope.id),
      );
    });

    router.post(base, requireObjectBody, (req, res) => {
      const { persona } = authOf(res.locals);
      if (!mayRead(res, persona, kind)) return;
      const scope = scopeOf(res, kind, req.params.id);
      if (!scope) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      let targetKind: TargetKind | undefined = kind === 'account' ? 'account' : undefined;
      if (kind === 'project') {
        targetKind = PROJECT_TARGET_KINDS.find((candidate) => candidate === body.kind);
        const flags = PROJECT_TARGET_KINDS.map((candidate) => TARGET_EDIT_FLAGS[candidate]);
        if (!targetKind) {
          // Without a kind the flag is unknown: one of the two lets the body be checked.
          if (!flags.some((flag) => persona.permissions.includes(flag))) {
            drf.forbidden(
              res,
              `You do not have permission to perform this action (${flags.join(' or ')}).`,
            );
            return;
          }
          choiceField<ProjectTargetKind>(errors, body, 'kind', PROJECT_TARGET_KINDS);
        }
      }
      if (targetKind && lacksFlag(res, persona, TARGET_EDIT_FLAGS[targetKind])) return;
      const values = readNewTarget(db.getState(), scope, targetKind, body, errors);
      if (rejected(res, errors)) return;
      let created: StoredTarget | undefined;
      mutate(db, (draft) => {
        created = {
          id: nextId(draft.targets),
          kind: targetKind!,
          project_id: kind === 'project' ? scope.id : null,
          account_id: kind === 'account' ? scope.id : null,
          ...values,
          updated_at: new Date().toISOString(),
          updated_by_id: persona.userId,
        };
        draft.targets.push(created);
        if (kind === 'project')
          recordProjectChange(draft, scope.id, personOf(draft, persona.userId), {
            section: SECTION,
            field: TARGET_KIND_NOUNS[targetKind!],
            old_value: '',
            new_value: describe(created),
          });
      });
      res.status(201).json(toTarget(db.getState(), created!));
    });

    router.patch(`${base}:targetId/`, requireObjectBody, (req, res) => {
      const { persona } = authOf(res.locals);
      if (!mayRead(res, persona, kind)) return;
      const scope = scopeOf(res, kind, req.params.id);
      if (!scope) return;
      const target = targetOf(res, scope, req.params.targetId);
      if (!target) return;
      if (lacksFlag(res, persona, TARGET_EDIT_FLAGS[target.kind])) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const fields = patchedFields(errors, body, PATCHABLE);
      const next = {
        planned:
          'planned' in body
            ? valueField(errors, body, 'planned', target.metric, false)
            : target.planned,
        actual:
          'actual' in body
            ? valueField(errors, body, 'actual', target.metric, true)
            : target.actual,
      };
      if (rejected(res, errors)) return;
      mutate(db, (draft) => {
        const stored = draft.targets.find((candidate) => candidate.id === target.id)!;
        const changed = fields.filter((field) => stored[field] !== next[field]);
        if (changed.length === 0) return false;
        for (const field of changed) {
          if (kind === 'project')
            recordProjectChange(draft, scope.id, personOf(draft, persona.userId), {
              section: SECTION,
              field: `${TARGET_METRIC_INFO[stored.metric].label}, ${stored.period}: ${field}`,
              old_value: formatTargetValue(stored.metric, stored[field]),
              new_value: formatTargetValue(stored.metric, next[field]),
            });
        }
        stored.planned = next.planned!;
        stored.actual = next.actual;
        stored.updated_at = new Date().toISOString();
        stored.updated_by_id = persona.userId;
        return true;
      });
      const saved = db.getState().targets.find((candidate) => candidate.id === target.id)!;
      res.json(toTarget(db.getState(), saved));
    });

    router.delete(`${base}:targetId/`, (req, res) => {
      const { persona } = authOf(res.locals);
      if (!mayRead(res, persona, kind)) return;
      const scope = scopeOf(res, kind, req.params.id);
      if (!scope) return;
      const target = targetOf(res, scope, req.params.targetId);
      if (!target) return;
      if (lacksFlag(res, persona, TARGET_EDIT_FLAGS[target.kind])) return;
      mutate(db, (draft) => {
        draft.targets = draft.targets.filter((candidate) => candidate.id !== target.id);
        if (kind === 'project')
          recordProjectChange(draft, scope.id, personOf(draft, persona.userId), {
            section: SECTION,
            field: TARGET_KIND_NOUNS[target.kind],
            old_value: describe(target),
            new_value: '',
          });
      });
      res.status(204).end();
    });
  }

  return router;
}
