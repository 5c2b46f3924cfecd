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
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { FieldErrors, queryChoice } from '../../lib/drf';
import type { MockRequest } from '../../lib/http';
import { orderBy, type SortKey } from '../../lib/ordering';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/routes';
import type { MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { canSee, checkRefOf, latestDueFirst, projectOf } from '../checks/model';
import type { StoredPoll } from '../checks/state';
import { comparisonsFor } from '../compare/model';
import { seesOutcomes, toOutcome } from '../survey/findings';

/**
 * The views across checks: `GET /api/check-overviews/`, `/api/check-summaries/` and
 * `/api/check-outcomes/`, over the checks the user may see (as `GET /api/polls/`), each behind its
 * flag, with the same filters, DRF paging and ordering.
 */
export const checkViews: Area = {
  feature: 'checkViews',
  routes: ({ db }) => [
    route.get('/check-overviews/', (req) => {
      const { persona } = req.auth;
      requireFlags(persona, CHECK_VIEW_FLAGS.overviews);
      const filters = readFilters(req);
      // Every check's row, computed once per version of the parts of the state it reads.
      const all = db.memo('checkViews:overviews', (state) => {
        const details = new Map(state.projectDetails.map((d) => [d.project_id, d]));
        return allChecks(state).map(({ poll, base }) => {
          const detail = details.get(poll.project_id);
          const row: CheckOverviewRow = {
            ...base,
            description: detail?.description ?? '',
            expert_description: detail?.expert_description ?? '',
          };
          return { poll, row };
        });
      });
      const rows = all
        .filter(({ poll }) => canSee(persona, poll))
        .map(({ row }) => row)
        .filter(
          (row) =>
            matches(row, filters) &&
            searched(filters.search, row, [row.description, row.expert_description]),
        );
      return pageOf(req, orderBy<CheckOverviewRow>(rows, filters.ordering, VIEW_KEYS));
    }),

    route.get('/check-summaries/', (req) => {
      const { persona } = req.auth;
      requireFlags(persona, CHECK_VIEW_FLAGS.summaries);
      const filters = readFilters(req);
      const comparable = comparisonsFor(db.readState(), persona);
      const rows = visibleRows(db, persona)
        .map(({ poll, base }): CheckSummaryRow => {
          const { checks, roles } = comparable(poll);
          return {
            ...base,
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
      return pageOf(req, orderBy<CheckSummaryRow>(rows, filters.ordering, VIEW_KEYS));
    }),

    route.get('/check-outcomes/', (req) => {
      const { persona } = req.auth;
      requireFlags(persona, CHECK_VIEW_FLAGS.outcomes);
      const filters = readFilters(req, true);
      const state = db.readState();
      const audits = new Map(
        visibleRows(db, persona)
          .filter(({ poll }) => poll.type === 'audit_check' && seesOutcomes(persona, poll))
          .map((checked) => [checked.poll.id, checked]),
      );
      const rows: CheckOutcomeRow[] = [];
      for (const outcome of state.outcomes) {
        const checked = audits.get(outcome.poll_id);
        if (!checked) continue;
        const row: CheckOutcomeRow = {
          ...checked.base,
          finding: toOutcome(state, outcome),
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
      return pageOf(req, orderBy<CheckOutcomeRow>(rows, filters.ordering, OUTCOME_KEYS));
    }),
  ],
};

interface Filters {
  search: string;
  account: string;
  period?: string;
  model?: string;
  status?: string;
  severity?: OutcomeSeverity;
  ordering: unknown;
}

/** The query's filters; a malformed one ends the handler with a 400 naming its field. */
function readFilters({ query }: MockRequest, withSeverity = false): Filters {
  const errors = new FieldErrors();
  const text = (field: string) => {
    const value = query[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
  const model = queryChoice(errors, query, 'model', POLL_MODELS);
  const status = queryChoice(errors, query, 'status', POLL_STATUSES);
  const severity = withSeverity
    ? queryChoice(errors, query, 'severity', OUTCOME_SEVERITIES)
    : undefined;
  let period: string | undefined;
  if (query.period !== undefined && query.period !== '') {
    if (typeof query.period === 'string' && isPeriod(query.period)) period = query.period;
    else errors.add('period', PERIOD_MESSAGE);
  }
  errors.refuseIfAny();
  return {
    search: text('search'),
    account: text('account'),
    period,
    model,
    status,
    severity,
    ordering: query.ordering,
  };
}

interface CheckedPoll {
  poll: StoredPoll;
  /** The row's check, project and account (shared: spread it into a row, never change it). */
  base: CheckViewRowBase;
}

/** Every check with its row's check, project and account, the latest due date first. */
function allChecks(state: MockState): CheckedPoll[] {
  return [...state.polls]
    .sort(latestDueFirst)
    .map((poll) => ({ poll, base: rowBase(state, poll) }));
}

/**
 * The checks the user may see, in the default order (the latest due date first), with their
 * rows' common part, computed once per version of the checks and projects (the views' memo).
 */
function visibleRows(db: MockDb, persona: Persona): CheckedPoll[] {
  return db.memo('checkViews:checks', allChecks).filter(({ poll }) => canSee(persona, poll));
}

function rowBase(state: MockState, poll: StoredPoll): CheckViewRowBase {
  const project = projectOf(state, poll);
  return {
    check: checkRefOf(poll),
    project: { id: project.id, name: project.name },
    account: { id: project.account_id, name: project.account },
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

type AnyRow = CheckViewRowBase & Partial<CheckOutcomeRow>;

const SORT_KEYS: Record<(typeof CHECK_OUTCOME_ORDERING_FIELDS)[number], SortKey<AnyRow>> = {
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

/** DRF's OrderingFilter of a view: its fields' keys only; ties keep the default order. */
const keysOf = (fields: readonly (keyof typeof SORT_KEYS)[]) =>
  Object.fromEntries(fields.map((field) => [field, SORT_KEYS[field]]));

const VIEW_KEYS = keysOf(CHECK_VIEW_ORDERING_FIELDS);
const OUTCOME_KEYS = keysOf(CHECK_OUTCOME_ORDERING_FIELDS);
