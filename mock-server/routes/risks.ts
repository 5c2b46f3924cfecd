import { Router, type Request, type Response } from 'express';
import {
  CAPABILITY_PERMISSIONS,
  FIELD_PERMISSIONS,
  RISK_KINDS,
  RISK_LEVELS,
  type DuplicatesGroup,
  type Risk,
  type RiskListItem,
  type RiskScope,
} from '../../src/api/contract/risks';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import { FieldErrors, drf, requireObjectBody } from '../drf';
import { rejected } from '../polls/access';
import { buildRiskVolume, type StoredRisk } from '../seed/risks';
import type { MockState } from '../seed/seed';
import { mutate, type MockDb } from '../store/db';
import { invalidPage, pageBody, readPaging } from './paging';

/** The risk list is fetched whole by the SPA, which filters it in the browser. */
const RISK_PAGE_MAX = 10_000;
const VIEW_FLAGS = ['CAN_PERFORM_ALL_ACTIONS', 'CAN_VIEW_RISK', 'CAN_VIEW_ISSUE', 'CAN_VIEW_RISKS'];

export interface RiskRouteOptions {
  /** Extra generated risks in project 1 (the 10 000-row bench), kept out of the stored state. */
  riskVolume?: number;
}

/** Everyone with a risk-viewing flag sees every risk; anyone else only what was transferred to them. */
export function canSee(persona: Persona, risk: StoredRisk): boolean {
  if (VIEW_FLAGS.some((flag) => persona.permissions.includes(flag))) return true;
  return risk.transfer?.to.id === persona.userId;
}

/** Spec §6 flags narrowed to this risk: none for a transfer's receiver, only reopen when closed. */
export function riskPermissions(persona: Persona, risk: StoredRisk): string[] {
  const all = persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS');
  const has = (flag: string | null): flag is string =>
    flag !== null && (all || persona.permissions.includes(flag));
  const view = risk.kind === 'risk' ? 'CAN_VIEW_RISK' : 'CAN_VIEW_ISSUE';
  if (
    risk.transfer?.to.id === persona.userId &&
    !VIEW_FLAGS.some((flag) => persona.permissions.includes(flag))
  )
    return [view];
  const capabilities = CAPABILITY_PERMISSIONS[risk.kind];
  if (risk.status === 'closed') return [view, ...[capabilities.reopen].filter(has)].sort();
  const flags = [
    ...Object.values(FIELD_PERMISSIONS[risk.kind]),
    ...Object.values(capabilities),
    view,
  ].filter(has);
  return [...new Set(flags)].sort();
}

export const toListItem = (risk: StoredRisk): RiskListItem => ({
  id: risk.id,
  kind: risk.kind,
  level: risk.level,
  scope: risk.scope,
  project: risk.project,
  account: risk.account,
  statement: risk.statement,
  category: risk.category,
  status: risk.status,
  resolution: risk.resolution,
  probability: risk.probability,
  impact: risk.impact,
  rating: risk.rating,
  priority: risk.priority,
  severity: risk.severity,
  response_strategy: risk.response_strategy,
  owner: risk.owner,
  due_date: risk.due_date,
  labels: risk.labels,
  visibility_tags: risk.visibility_tags,
  duplicates_group: risk.duplicates_group,
  poll_id: risk.poll_id,
  created_at: risk.created_at,
  updated_at: risk.updated_at,
});

const newestFirst = (a: StoredRisk, b: StoredRisk) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/**
 * Risk lists: `GET /api/risks/`, `GET /api/risks/{id}/`, `GET /api/risk-scopes/`, the duplicates
 * groups and their actions, and the e-mailed Excel export.
 */
export function riskRoutes(db: MockDb, options: RiskRouteOptions = {}): Router {
  const router = Router({ strict: true });
  let volume: StoredRisk[] | undefined;
  const allRisks = (state: MockState): StoredRisk[] => {
    if (!options.riskVolume) return state.risks;
    volume ??= buildRiskVolume(options.riskVolume, 100_000, state.projects[0]!, state.people);
    return [...state.risks, ...volume];
  };

  router.get('/risks/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = choice(errors, query, 'level', RISK_LEVELS);
    const kind = choice(errors, query, 'kind', RISK_KINDS);
    const scope = integer(errors, query, 'scope');
    const poll = integer(errors, query, 'poll');
    if (rejected(res, errors)) return;
    const rows = allRisks(db.getState())
      .filter(
        (risk) =>
          canSee(persona, risk) &&
          (!level || risk.level === level) &&
          (!kind || risk.kind === kind) &&
          (scope === undefined || risk.scope.id === scope) &&
          (poll === undefined || risk.poll_id === poll),
      )
      .sort(newestFirst)
      .map(toListItem);
    sendLargePage(req, res, rows);
  });

  router.get('/risks/:id/', (req, res) => {
    const { persona } = authOf(res.locals);
    const risk = allRisks(db.getState()).find(
      (candidate) => candidate.id === Number(req.params.id),
    );
    if (!risk || !canSee(persona, risk)) {
      drf.notFound(res);
      return;
    }
    const body: Risk = { ...risk, user_permissions: riskPermissions(persona, risk) };
    res.json(body);
  });

  router.get('/risk-scopes/', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = choice(errors, query, 'level', RISK_LEVELS);
    if (!level && !errors.toJSON().level) errors.add('level', 'This field is required.');
    if (rejected(res, errors) || !level) return;
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    const state = db.getState();
    const scopes: RiskScope[] = (
      level === 'project'
        ? state.projects
        : level === 'account'
          ? state.accounts
          : level === 'business_line'
            ? state.businessLines
            : state.businessSegments
    )
      .map(({ id, name }) => ({ id, name, level }))
      .filter((scope) => !search || scope.name.toLowerCase().includes(search))
      .sort((a, b) => a.name.localeCompare(b.name));
    sendLargePage(req, res, scopes);
  });

  router.get('/risk-duplicates/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = choice(errors, query, 'level', RISK_LEVELS);
    const scope = integer(errors, query, 'scope');
    if (rejected(res, errors)) return;
    const state = db.getState();
    const groups = state.duplicateGroups
      .map((group) => groupBody(state, group.id))
      .filter((group): group is DuplicatesGroup => group !== null)
      .filter(
        (group) =>
          canSee(
            persona,
            state.risks.find((risk) => risk.id === group.initial.id)!,
          ) &&
          (!level || group.initial.level === level) &&
          (scope === undefined || group.initial.scope.id === scope),
      );
    res.json(groups);
  });

  /** Runs a duplicates action after the checks every one of them shares; answers the group. */
  const duplicatesAction = (
    path: string,
    needsRisk: boolean,
    apply: (state: MockState, groupId: number, riskId: number) => void,
  ) => {
    router.post(`/risk-duplicates/:groupId/${path}/`, requireObjectBody, (req, res) => {
      const { persona } = authOf(res.locals);
      const groupId = Number(req.params.groupId);
      const state = db.getState();
      const group = groupBody(state, groupId);
      if (!group) {
        drf.notFound(res);
        return;
      }
      const initial = state.risks.find((risk) => risk.id === group.initial.id)!;
      if (
        !riskPermissions(persona, initial).includes(
          CAPABILITY_PERMISSIONS[initial.kind].resolution ?? '',
        )
      ) {
        drf.forbidden(res);
        return;
      }
      const riskId = (req.body as Record<string, unknown>).risk_id;
      if (needsRisk) {
        const errors = new FieldErrors();
        if (riskId === undefined || riskId === null)
          errors.add('risk_id', 'This field is required.');
        else if (!group.duplicates.some((risk) => risk.id === riskId))
          errors.add('risk_id', 'This risk is not a duplicate in the group.');
        if (rejected(res, errors)) return;
      }
      mutate(db, (current) => apply(current, groupId, riskId as number));
      res.json(groupBody(db.getState(), groupId));
    });
  };

  duplicatesAction('merge', false, (state, groupId) => {
    const group = groupBody(state, groupId)!;
    const initial = state.risks.find((risk) => risk.id === group.initial.id)!;
    for (const duplicate of group.duplicates) {
      const items = state.riskActionItems.filter((item) => item.risk_id === duplicate.id);
      for (const item of items)
        state.riskActionItems.push({
          ...item,
          id: state.riskActionItems.reduce((max, next) => Math.max(max, next.id), 0) + 1,
          risk_id: initial.id,
        });
      initial.action_items_count += items.length;
      closeAsDuplicate(state, duplicate.id, `Merged into risk ${initial.id}.`);
    }
    initial.updated_at = new Date().toISOString();
  });
  duplicatesAction('close', true, (state, _groupId, riskId) =>
    closeAsDuplicate(state, riskId, 'Closed as a duplicate.'),
  );
  duplicatesAction('not-duplicate', true, (state, groupId, riskId) => {
    const group = state.duplicateGroups.find((candidate) => candidate.id === groupId)!;
    group.excluded.push(riskId);
    const risk = state.risks.find((candidate) => candidate.id === riskId)!;
    risk.duplicates_group = null;
  });

  router.post('/risks/export/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const ids = (req.body as Record<string, unknown>).ids;
    const errors = new FieldErrors();
    const known = new Set(
      allRisks(db.getState())
        .filter((risk) => canSee(persona, risk))
        .map((risk) => risk.id),
    );
    if (!Array.isArray(ids) || ids.length === 0) errors.add('ids', 'Choose at least one risk.');
    else if (ids.some((id) => !known.has(id as number)))
      errors.add('ids', 'Some of these risks do not exist.');
    if (rejected(res, errors)) return;
    const email = `${persona.login || persona.id}@example.com`;
    const count = (ids as number[]).length;
    mutate(db, (state) => {
      state.sentEmails.push({
        to: email,
        subject: `Your Excel export of ${count} risks and issues`,
        count,
        at: new Date().toISOString(),
      });
    });
    res.status(202).json({ email, count });
  });

  return router;
}

function closeAsDuplicate(state: MockState, riskId: number, comment: string) {
  const risk = state.risks.find((candidate) => candidate.id === riskId)!;
  risk.status = 'closed';
  risk.resolution = 'duplicate';
  risk.resolution_comment = comment;
  risk.updated_at = new Date().toISOString();
}

/** A group as the SPA sees it: initial first created; open duplicates not marked otherwise. */
function groupBody(state: MockState, groupId: number): DuplicatesGroup | null {
  const group = state.duplicateGroups.find((candidate) => candidate.id === groupId);
  if (!group) return null;
  const members = group.risk_ids
    .map((id) => state.risks.find((risk) => risk.id === id)!)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const [initial, ...rest] = members;
  const duplicates = rest.filter(
    (risk) => risk.status === 'open' && !group.excluded.includes(risk.id),
  );
  if (!initial || duplicates.length === 0) return null;
  return { id: group.id, initial: toListItem(initial), duplicates: duplicates.map(toListItem) };
}

function sendLargePage<T>(req: Request, res: Response, items: T[]): void {
  const query = req.query as Record<string, unknown>;
  const paging = readPaging({ ...query, page_size: undefined });
  const requested = Number(query.page_size);
  if (!paging) {
    invalidPage(res);
    return;
  }
  const pageSize =
    Number.isInteger(requested) && requested > 0
      ? Math.min(requested, RISK_PAGE_MAX)
      : paging.pageSize;
  const start = (paging.page - 1) * pageSize;
  const body = pageBody(req, items.length, items.slice(start, start + pageSize), {
    page: paging.page,
    pageSize,
  });
  if (!body) {
    invalidPage(res);
    return;
  }
  res.json(body);
}

function choice<T extends string>(
  errors: FieldErrors,
  query: Record<string, unknown>,
  field: string,
  choices: readonly T[],
): T | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    errors.add(
      field,
      `Select a valid choice. ${String(value)} is not one of the available choices.`,
    );
    return undefined;
  }
  return value as T;
}

function integer(errors: FieldErrors, query: Record<string, unknown>, field: string) {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) {
    errors.add(field, 'Enter a whole number.');
    return undefined;
  }
  return number;
}
