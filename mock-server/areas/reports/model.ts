import { quarterOf, SEVERITY_RANK } from '../../../src/api/contract/checkViews';
import { personLabel } from '../../../src/api/contract/display';
import {
  type PlanOutcome,
  type ReportDefinition,
  type ReportFilterValues,
  type ReportKind,
  type ReportRow,
} from '../../../src/api/contract/reports';
import { PERIOD_MESSAGE, isPeriod } from '../../../src/api/contract/targets';
import type { Persona } from '../../auth/personas';
import { today } from '../../lib/clock';
import { FieldErrors, INVALID_CHOICE, NOT_A_STRING } from '../../lib/drf';
import { personOf } from '../../lib/people';
import { seesOutcomes } from '../survey/findings';
import { canSee as canSeePoll } from '../checks/model';
import type { MockState } from '../../store/state';
import { canSee as canSeeRisk } from '../risks/access';

/**
 * The report's filters from the query (or the export's body): a choice must be one of its codes,
 * a period a quarter; a text is trimmed; blank is no filter; other names are ignored.
 */
export function readFilters(
  report: ReportDefinition,
  source: Record<string, unknown>,
): ReportFilterValues {
  const errors = new FieldErrors();
  const filters: ReportFilterValues = {};
  for (const filter of report.filters) {
    const raw = source[filter.name];
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string') {
      errors.add(filter.name, NOT_A_STRING);
      continue;
    }
    const value = raw.trim();
    if (value === '') continue;
    if (filter.type === 'choice' && !Object.hasOwn(filter.labels ?? {}, value))
      errors.add(filter.name, INVALID_CHOICE(value));
    else if (filter.type === 'period' && !isPeriod(value)) errors.add(filter.name, PERIOD_MESSAGE);
    else filters[filter.name] = value;
  }
  errors.refuseIfAny();
  return filters;
}

/** A row, with the date its period filter reads the quarter from. */
interface Computed {
  row: ReportRow;
  periodDate?: string;
}

type Builder = (state: MockState, persona: Persona) => Computed[];

/** The whole report for these filters, in its default order or the `ordering` asked for. */
export function reportRows(
  state: MockState,
  persona: Persona,
  report: ReportDefinition,
  filters: ReportFilterValues,
  ordering: string,
): ReportRow[] {
  const rows = BUILDERS[report.kind](state, persona)
    .filter(({ row, periodDate }) =>
      report.filters.every((filter) => {
        const wanted = filters[filter.name];
        if (wanted === undefined) return true;
        if (filter.type === 'period') return !!periodDate && quarterOf(periodDate) === wanted;
        if (filter.type === 'text')
          return String(row[filter.name] ?? '')
            .toLowerCase()
            .includes(wanted.toLowerCase());
        return row[filter.name] === wanted;
      }),
    )
    .map(({ row }) => row);
  return ordered(rows, ordering, report);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Checks that count as done. */
const DONE = new Set(['finished', 'review_completed']);

const BUILDERS: Record<ReportKind, Builder> = {
  'check-results': (state, persona) => {
    const projects = new Map(state.projects.map((project) => [project.id, project]));
    return state.polls
      .filter((poll) => canSeePoll(persona, poll))
      .sort((a, b) => byText(b.due_date, a.due_date) || b.id - a.id)
      .map((poll) => {
        const project = projects.get(poll.project_id);
        return {
          periodDate: poll.due_date,
          row: {
            id: poll.id,
            index: poll.index,
            project: project?.name ?? `Project ${poll.project_id}`,
            account: project?.account_name ?? '',
            type: poll.type,
            model: poll.model,
            status: poll.status,
            due_date: poll.due_date,
            finished_at: day(poll.finished_at),
            risk_status: poll.experts_summary.risk_status,
          },
        };
      });
  },

  'planned-vs-completed': (state, persona) => {
    const projects = new Map(state.projects.map((project) => [project.id, project]));
    const periods = new Map(state.plannerPeriods.map((period) => [period.id, period.name]));
    const polls = new Map(state.polls.map((poll) => [poll.id, poll]));
    return state.plannedChecks
      .filter((planned) => projects.has(planned.project_id))
      .sort((a, b) => byText(a.planned_week, b.planned_week) || a.id - b.id)
      .map((planned) => {
        const project = projects.get(planned.project_id)!;
        const poll = planned.poll_id === null ? undefined : polls.get(planned.poll_id);
        const seen = poll && canSeePoll(persona, poll) ? poll : undefined;
        const outcome: PlanOutcome = !poll
          ? 'not_started'
          : poll.status === 'canceled'
            ? 'canceled'
            : DONE.has(poll.status)
              ? 'completed'
              : 'in_progress';
        return {
          periodDate: planned.planned_week,
          row: {
            id: planned.id,
            project: project.name,
            account: project.account_name,
            planner_period: periods.get(planned.period_id) ?? '',
            type: planned.type,
            model: planned.model,
            planned_week: planned.planned_week,
            check: seen?.index ?? null,
            check_status: seen?.status ?? null,
            outcome,
          },
        };
      });
  },

  'risk-register': (state, persona) =>
    state.risks
      .filter((risk) => canSeeRisk(persona, risk))
      .sort((a, b) => a.id - b.id)
      .map((risk) => ({
        row: {
          id: risk.id,
          kind: risk.kind,
          level: risk.level,
          scope: risk.scope.name,
          account: risk.account?.name ?? null,
          statement: risk.statement,
          status: risk.status,
          rating: risk.rating,
          priority: risk.priority,
          severity: risk.severity,
          owner: personLabel(risk.owner),
          due_date: risk.due_date,
        },
      })),

  'overdue-actions': (state, persona) => {
    const now = today();
    const risks = new Map(
      state.risks
        .filter((risk) => risk.status === 'open' && canSeeRisk(persona, risk))
        .map((risk) => [risk.id, risk]),
    );
    return state.riskActionItems
      .filter((item) => !item.done && item.due_date !== null && item.due_date < now)
      .filter((item) => risks.has(item.risk_id))
      .sort((a, b) => byText(a.due_date!, b.due_date!) || a.id - b.id)
      .map((item) => {
        const risk = risks.get(item.risk_id)!;
        return {
          row: {
            id: item.id,
            title: item.title,
            owner: personLabel(item.owner),
            due_date: item.due_date,
            days_overdue: Math.round((Date.parse(now) - Date.parse(item.due_date!)) / DAY_MS),
            risk_id: risk.id,
            statement: risk.statement,
            kind: risk.kind,
            level: risk.level,
            account: risk.account?.name ?? null,
          },
        };
      });
  },

  'audit-findings': (state, persona) => {
    const projects = new Map(state.projects.map((project) => [project.id, project]));
    const audits = new Map(
      state.polls
        .filter((poll) => poll.type === 'audit_check' && seesOutcomes(persona, poll))
        .map((poll) => [poll.id, poll]),
    );
    return state.outcomes
      .filter((outcome) => audits.has(outcome.poll_id))
      .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.id - b.id)
      .map((outcome) => {
        const poll = audits.get(outcome.poll_id)!;
        const project = projects.get(poll.project_id);
        return {
          periodDate: poll.due_date,
          row: {
            id: outcome.id,
            title: outcome.title,
            severity: outcome.severity,
            state: outcome.done_at ? 'done' : 'open',
            owner:
              outcome.owner_id === null ? null : personLabel(personOf(state, outcome.owner_id)),
            due_date: outcome.due_date,
            done_at: day(outcome.done_at),
            check: poll.index,
            project: project?.name ?? `Project ${poll.project_id}`,
            account: project?.account_name ?? '',
          },
        };
      });
  },

  'kpi-excluded': (state) => {
    const details = new Map(state.projectDetails.map((detail) => [detail.project_id, detail]));
    return state.projects
      .filter((project) => details.get(project.id)?.exclude_from_kpi)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((project) => {
        const detail = details.get(project.id)!;
        return {
          row: {
            id: project.id,
            name: project.name,
            code: detail.code,
            account: project.account_name,
            delivery_unit: project.delivery_unit,
            status: detail.status,
            start_date: detail.start_date,
            end_date: detail.end_date,
          },
        };
      });
  },
};

/**
 * DRF's OrderingFilter over the report's columns: comma-separated, `-` for descending, unknown
 * keys ignored; empty cells last; a stable sort, so ties keep the default order.
 */
function ordered(rows: ReportRow[], ordering: string, report: ReportDefinition): ReportRow[] {
  const keys = ordering
    .split(',')
    .map((field) => field.trim())
    .filter((field) => report.columns.some((column) => column.key === field.replace(/^-/, '')))
    .map((field) => ({ key: field.replace(/^-/, ''), direction: field.startsWith('-') ? -1 : 1 }));
  if (keys.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const { key, direction } of keys) {
      const left = a[key] ?? null;
      const right = b[key] ?? null;
      if (left === right) continue;
      if (left === null) return 1;
      if (right === null) return -1;
      const compared =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (compared !== 0) return compared * direction;
    }
    return 0;
  });
}
