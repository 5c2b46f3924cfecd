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
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { choiceField, FieldErrors, patchedFields, REQUIRED } from '../../lib/drf';
import { created, forbidden, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { detailsOf, recordProjectChange } from '../projects/model';
import { accountTargets, projectTargets, toTarget, type StoredTarget } from './model';
import { targetsSeed } from './seed';

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

/** 403 unless the persona holds one of `flags`, naming them all. */
function requireAnyFlag(persona: Persona, flags: readonly string[]): void {
  if (!flags.some((flag) => persona.permissions.includes(flag)))
    forbidden(`You do not have permission to perform this action (${flags.join(' or ')}).`);
}

/** Reading a project's targets needs the card, an account's the card or the account tab. */
function requireReader(persona: Persona, kind: Scope['kind']): void {
  if (kind === 'project') requireFlags(persona, PROJECT_CARD_FLAG);
  else requireAnyFlag(persona, ACCOUNT_TARGETS_VIEW_FLAGS);
}

/**
 * Targets: a project's (`/api/projects/{id}/targets/`, its own and the account's for it) and an
 * account's (`/api/accounts/{id}/targets/`). Reading needs the card (an account's: the card or
 * the account tab); each kind is written with its own flag (TARGET_EDIT_FLAGS). A project's
 * changes go to its History under 'Targets'.
 */
export const targets: Area = {
  feature: 'projects/targets',
  seed: [targetsSeed],
  routes: ({ db }) => {
    /** The reader's checks, then the project or account of the path (404 for an unknown one). */
    const scopeOf = (req: MockRequest, kind: Scope['kind']) => {
      requireReader(req.auth.persona, kind);
      const scope: Scope = { kind, id: Number(req.params.id) };
      if (!scopeExists(db.getState(), scope)) notFound();
      return scope;
    };

    /** The stored target of the path in the scope (404 for any other), and the flag to change it. */
    const targetOf = (req: MockRequest, kind: Scope['kind']) => {
      const scope = scopeOf(req, kind);
      const id = Number(req.params.targetId);
      const target =
        db
          .getState()
          .targets.find((candidate) => candidate.id === id && inScope(candidate, scope)) ??
        notFound();
      requireFlags(req.auth.persona, TARGET_EDIT_FLAGS[target.kind]);
      return { scope, target };
    };

    return (['project', 'account'] as const).flatMap((kind) => {
      const base = kind === 'project' ? '/projects/:id/targets/' : '/accounts/:id/targets/';
      return [
        route.get(base, (req) => {
          const scope = scopeOf(req, kind);
          const state = db.getState();
          return json(
            kind === 'project' ? projectTargets(state, scope.id) : accountTargets(state, scope.id),
          );
        }),

        route.post(base, (req) => {
          const { persona } = req.auth;
          const scope = scopeOf(req, kind);
          const { body } = req;
          const errors = new FieldErrors();
          let targetKind: TargetKind | undefined = kind === 'account' ? 'account' : undefined;
          if (kind === 'project') {
            targetKind = PROJECT_TARGET_KINDS.find((candidate) => candidate === body.kind);
            if (!targetKind) {
              // Without a kind the flag is unknown: one of the two lets the body be checked.
              requireAnyFlag(
                persona,
                PROJECT_TARGET_KINDS.map((candidate) => TARGET_EDIT_FLAGS[candidate]),
              );
              choiceField<ProjectTargetKind>(errors, body, 'kind', PROJECT_TARGET_KINDS);
            }
          }
          if (targetKind) requireFlags(persona, TARGET_EDIT_FLAGS[targetKind]);
          const values = readNewTarget(db.getState(), scope, targetKind, body, errors);
          errors.refuseIfAny();
          let added: StoredTarget | undefined;
          mutate(db, (draft) => {
            added = {
              id: nextId(draft.targets),
              kind: targetKind!,
              project_id: kind === 'project' ? scope.id : null,
              account_id: kind === 'account' ? scope.id : null,
              ...values,
              updated_at: nowIso(),
              updated_by_id: persona.userId,
            };
            draft.targets.push(added);
            if (kind === 'project')
              recordProjectChange(draft, scope.id, personOf(draft, persona.userId), {
                section: SECTION,
                field: TARGET_KIND_NOUNS[targetKind!],
                old_value: '',
                new_value: describe(added),
              });
          });
          return created(toTarget(db.getState(), added!));
        }),

        route.patch(`${base}:targetId/`, (req) => {
          const { persona } = req.auth;
          const { scope, target } = targetOf(req, kind);
          const { body } = req;
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
          errors.refuseIfAny();
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
            stored.updated_at = nowIso();
            stored.updated_by_id = persona.userId;
            return true;
          });
          const saved = db.getState().targets.find((candidate) => candidate.id === target.id)!;
          return json(toTarget(db.getState(), saved));
        }),

        route.delete(`${base}:targetId/`, (req) => {
          const { persona } = req.auth;
          const { scope, target } = targetOf(req, kind);
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
          return noContent();
        }),
      ];
    });
  },
};
