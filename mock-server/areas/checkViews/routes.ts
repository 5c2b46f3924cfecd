import { Router, type Request, type Response } from 'express';
import {
  CHECK_OUTCOME_ORDERING_FIELDS,
  CHECK_VIEW_FLAGS,
  CHECK_VIEW_ORDERING_FIELDS,
  SEVERITY_RANK,
  quarterOf,
  type CheckOutcomeRow,
  type CheckOverviewRow,
  type CheckSummaryRow,
  type CheckViewRowBase,
} from '../../../src/api/contract/checkViews';
import {
  OUTCOME_SEVERITIES,
  POLL_MODELS,
  POLL_STATUSES,
  type OutcomeSeverity,
} from '../../../src/api/contract/polls';
import { PERIOD_MESSAGE, isPeriod } from '../../../src/api/contract/targets';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import { FieldErrors, INVALID_CHOICE, rejected } from '../../drf';
import { comparisonsFor } from '../compare/model';
import { seesOutcomes } from '../survey/findings';
import type { StoredPoll } from '../checks/state';
import { canSee } from '../checks/model';
import type { MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { sendPage } from '../../lib/paging';
import { needsFlags } from '../../routes/projects';
import { personOf } from '../../lib/people';

/**
 * The views across checks: `GET /api/check-overviews/`, `/api/check-summaries/` and
 * `/api/check-outcomes/`, over the checks the user may see (as `GET /api/polls/`), each behind its
 * flag, with the same filters, DRF paging and ordering.
 */
export function checkViewRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/check-overviews/', needsFlags(CHECK_VIEW_FLAGS.overviews), (req, res) => {
    const { persona } = authOf(res.locals);
    const filters = readFilters(req, res);
    if (!filters) return;
    const state = db.getState();
    const rows = visibleChecks(state, persona)
      .map((poll): CheckOverviewRow => {
        const details = state.projectDetails.find((d) => d.project_id === poll.project_id);
        return {
          ...rowBase(state, poll),
          description: details?.description ?? '',
          expert_description: details?.expert_description ?? '',
        };
      })
      .filter(
        (row) =>
          matches(row, filters) &&
          searched(filters.search, row, [row.description, row.expert_description]),
      );
    sendPage(req, res, ordered(rows, filters.ordering, CHECK_VIEW_ORDERING_FIELDS));
  });

  router.get('/check-summaries/', needsFlags(CHECK_VIEW_FLAGS.summaries), (req, res) => {
    const { persona } = authOf(res.locals);
    const filters = readFilters(req, res);
    if (!filters) return;
    const state = db.getState();
    const comparable = comparisonsFor(state, persona);
    const rows = visibleChecks(state, persona)
      .map((poll): CheckSummaryRow => {
        const { checks, roles } = comparable(poll);
        return {
          ...rowBase(state, poll),
          experts_summary: poll.experts_summary,
          pms_summary: poll.pms_summary,
          comparable: { checks: checks.length, roles },
        };
      })
      .filter(
        (row) =>
          matches(row, filters) &&
          searched(filters.search, row, [
            ...Object.values(row.experts_summary),
            ...Object.values(row.pms_summary),
          ]),
      );
    sendPage(req, res, ordered(rows, filters.ordering, CHECK_VIEW_ORDERING_FIELDS));
  });

  router.get('/check-outcomes/', needsFlags(CHECK_VIEW_FLAGS.outcomes), (req, res) => {
    const { persona } = authOf(res.locals);
    const filters = readFilters(req, res, true);
    if (!filters) return;
    const state = db.getState();
    const audits = new Map(
      visibleChecks(state, persona)
        .filter((poll) => poll.type === 'audit_check' && seesOutcomes(persona, poll))
        .map((poll) => [poll.id, poll]),
    );
    const rows: CheckOutcomeRow[] = [];
    for (const outcome of state.outcomes) {
      const poll = audits.get(outcome.poll_id);
      if (!poll) continue;
      const row: CheckOutcomeRow = {
        ...rowBase(state, poll),
        finding: {
          id: outcome.id,
          title: outcome.title,
          severity: outcome.severity,
          description: outcome.description,
          owner: outcome.owner_id === null ? null : personOf(state, outcome.owner_id),
          due_date: outcome.due_date,
          done_at: outcome.done_at,
        },
      };
      if (filters.severity && outcome.severity !== filters.severity) continue;
      if (!matches(row, filters)) continue;
      if (!searched(filters.search, row, [outcome.title, outcome.description])) continue;
      rows.push(row);
    }
    // The default order: the most serious findings first, then the latest checks.
    rows.sort(
      (a, b) =>
        SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] ||
        byDefaultOrder(a, b) ||
        a.finding.id - b.finding.id,
    );
    sendPage(req, res, ordered(rows, filters.ordering, CHECK_OUTCOME_ORDERING_FIELDS));
  });

  return router;
}

interface Filters {
  search: string;
  account: string;
  period?: string;
  model?: string;
  status?: string;
  severity?: OutcomeSeverity;
  ordering: string;
}

/** The query's filters; a malformed one is a 400 naming its field (and undefined). */
function readFilters(req: Request, res: Response, withSeverity = false): Filters | undefined {
  const query = req.query as Record<string, unknown>;
  const errors = new FieldErrors();
  const text = (field: string) => {
    const value = query[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
  const choice = (field: string, choices: readonly string[]) => {
    const value = query[field];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' || !choices.includes(value)) {
      errors.add(field, INVALID_CHOICE(value));
      return undefined;
    }
    return value;
  };
  const model = choice('model', POLL_MODELS);
  const status = choice('status', POLL_STATUSES);
  const severity = withSeverity
    ? (choice('severity', OUTCOME_SEVERITIES) as OutcomeSeverity | undefined)
    : undefined;
  let period: string | undefined;
  if (query.period !== undefined && query.period !== '') {
    if (typeof query.period === 'string' && isPeriod(query.period)) period = query.period;
    else errors.add('period', PERIOD_MESSAGE);
  }
  if (rejected(res, errors)) return undefined;
  return {
    search: text('search'),
    account: text('account'),
    period,
    model,
    status,
    severity,
    ordering: typeof query.ordering === 'string' ? query.ordering : '',
  };
}

/** The checks the user may see, in the default order: the latest due date first. */
function visibleChecks(state: MockState, persona: Persona): StoredPoll[] {
  return state.polls
    .filter((poll) => canSee(persona, poll))
    .sort((a, b) => (a.due_date < b.due_date ? 1 : a.due_date > b.due_date ? -1 : b.id - a.id));
}

function rowBase(state: MockState, poll: StoredPoll): CheckViewRowBase {
  const project = state.projects.find((candidate) => candidate.id === poll.project_id);
  return {
    check: {
      id: poll.id,
      index: poll.index,
      type: poll.type,
      model: poll.model,
      status: poll.status,
      due_date: poll.due_date,
    },
    project: { id: poll.project_id, name: project?.name ?? `Project ${poll.project_id}` },
    account: { id: project?.account_id ?? 0, name: project?.account_name ?? '' },
  };
}

function matches(row: CheckViewRowBase, filters: Filters): boolean {
  if (filters.model && row.check.model !== filters.model) return false;
  if (filters.status && row.check.status !== filters.status) return false;
  if (filters.period && quarterOf(row.check.due_date) !== filters.period) return false;
  if (filters.account && !row.account.name.toLowerCase().includes(filters.account)) return false;
  return true;
}

/** Search: project, account, index and the row's own texts, case-insensitive. */
function searched(search: string, row: CheckViewRowBase, texts: string[]): boolean {
  if (!search) return true;
  return [row.project.name, row.account.name, row.check.index, ...texts].some((text) =>
    text.toLowerCase().includes(search),
  );
}

const byDefaultOrder = (a: CheckViewRowBase, b: CheckViewRowBase) =>
  a.check.due_date < b.check.due_date ? 1 : a.check.due_date > b.check.due_date ? -1 : 0;

type SortKey = (row: CheckViewRowBase & Partial<CheckOutcomeRow>) => string | number;

const SORT_KEYS: Record<(typeof CHECK_OUTCOME_ORDERING_FIELDS)[number], SortKey> = {
  project: (row) => row.project.name.toLowerCase(),
  account: (row) => row.account.name.toLowerCase(),
  index: (row) => row.check.index.toLowerCase(),
  model: (row) => row.check.model,
  status: (row) => row.check.status,
  due_date: (row) => row.check.due_date,
  severity: (row) => (row.finding ? SEVERITY_RANK[row.finding.severity] : 0),
  // Findings without a corrective action sort after those with one.
  action_due_date: (row) => row.finding?.due_date ?? '9999-12-31',
};

/**
 * DRF's OrderingFilter over the allowed fields: comma-separated, `-` for descending, unknown
 * fields ignored; a stable sort, so ties keep the default order.
 */
function ordered<Row extends CheckViewRowBase>(
  rows: Row[],
  ordering: string,
  allowed: readonly string[],
): Row[] {
  const keys = ordering
    .split(',')
    .map((field) => field.trim())
    .filter((field) => allowed.includes(field.replace(/^-/, '')))
    .map((field) => ({
      key: SORT_KEYS[field.replace(/^-/, '') as keyof typeof SORT_KEYS],
      direction: field.startsWith('-') ? -1 : 1,
    }));
  if (keys.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const { key, direction } of keys) {
      const left = key(a);
      const right = key(b);
      if (left < right) return -direction;
      if (left > right) return direction;
    }
    return 0;
  });
}
