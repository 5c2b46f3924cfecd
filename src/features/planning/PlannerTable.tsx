import { CircleAlert, Plus, TriangleAlert, UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { PersonRef } from '../../api/contract/actionRequests';
import { formatDate } from '../../api/contract/display';
import type {
  ExpertConflict,
  PlannedCheck,
  PlannerColumn,
  PlannerProject,
} from '../../api/contract/planner';
import { PLANNER_PERIOD_STATE_LABELS } from '../../api/contract/plannerPeriods';
import { POLL_MODEL_LABELS, POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { cardPath } from '../projects/embed';
import { isPlannable, nameOf, weekShort, type PlanIndex } from './plannerGrid';
import styles from './planner.module.css';

/** Every row is this tall, so the virtualiser never measures. */
export const PLANNER_ROW_HEIGHT = 72;
const HEADER_HEIGHT = 52;
/** The width of a period's column; the sticky project columns come first. */
const PERIOD_WIDTH = 200;
const SELECT_WIDTH = 44;
const PROJECT_WIDTH = 260;
const STATUS_WIDTH = 170;

export interface PlannerTableProps {
  rows: readonly PlannerProject[];
  periods: readonly PlannerColumn[];
  plan: PlanIndex;
  people: ReadonlyMap<number, PersonRef>;
  accounts: ReadonlyMap<number, string>;
  conflicts: ReadonlyMap<number, ExpertConflict[]>;
  selected: ReadonlySet<number>;
  onSelect: (projectIds: number[], selected: boolean) => void;
  /** Present when the user may plan: an empty cell of a plannable period offers it. */
  onPlan?: (project: PlannerProject, period: PlannerColumn) => void;
  onOpen: (check: PlannedCheck) => void;
  /** The id the grid's caption has. */
  captionId: string;
  caption: string;
  /** Scrolls back to the first row whenever this changes (new filters). */
  scrollResetKey: string;
}

/**
 * The planner-projects grid on the DataTable: projects (rows) against periods (columns),
 * virtualised both ways (only the rows and the period columns in view are in the DOM;
 * aria-rowcount, aria-colcount and their indexes say where a cell sits). The project columns
 * stick to the left and the period headers to the top. Below 600 px each project is a card, its
 * name first, then its selection, its model and every period's plan under the period's name.
 */
export function PlannerTable(props: PlannerTableProps) {
  const { rows, periods, selected, onSelect, captionId, caption, scrollResetKey } = props;
  const { plan, people, accounts, conflicts, onPlan, onOpen } = props;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row.id));

  const columns = useMemo((): Column<PlannerProject>[] => {
    const cellProps = { plan, people, conflicts, onPlan, onOpen };
    return [
      {
        id: 'select',
        header: 'Select',
        width: SELECT_WIDTH,
        sticky: true,
        headerContent: (
          <input
            type="checkbox"
            aria-label={`Select all ${rows.length} projects shown`}
            checked={allSelected}
            ref={(box) => {
              if (box) box.indeterminate = someSelected;
            }}
            onChange={(event) =>
              onSelect(
                rows.map((row) => row.id),
                event.target.checked,
              )
            }
          />
        ),
        cell: (project) => (
          <input
            type="checkbox"
            aria-label={`Select ${project.name}`}
            checked={selected.has(project.id)}
            onChange={(event) => onSelect([project.id], event.target.checked)}
          />
        ),
      },
      {
        id: 'project',
        header: 'Project',
        rowHeader: true,
        width: PROJECT_WIDTH,
        sticky: true,
        cell: (project) => <ProjectHeader project={project} people={people} accounts={accounts} />,
      },
      {
        id: 'status',
        header: 'Model and last check',
        width: STATUS_WIDTH,
        sticky: true,
        cell: (project) => <ProjectStatus project={project} />,
      },
      ...periods.map((period): Column<PlannerProject> => ({
        id: `period-${period.id}`,
        header: period.name,
        headerContent: (
          <>
            <span className={styles.periodName}>{period.name}</span>
            <span className={styles.periodMeta}>
              {PLANNER_PERIOD_STATE_LABELS[period.state]}
              {period.planner_started_at
                ? ` · started ${formatDate(period.planner_started_at)}`
                : ''}
            </span>
          </>
        ),
        passiveHeader: true,
        width: PERIOD_WIDTH,
        cell: (project) => <PlanCell project={project} period={period} {...cellProps} />,
      })),
    ];
  }, [
    rows,
    periods,
    selected,
    allSelected,
    someSelected,
    onSelect,
    plan,
    people,
    accounts,
    conflicts,
    onPlan,
    onOpen,
  ]);

  return (
    <DataTable
      caption={caption}
      captionId={captionId}
      compact
      columns={columns}
      rows={rows}
      rowKey={(project) => project.id}
      rowClassName={() => styles.planRow}
      virtual={{ rowHeight: PLANNER_ROW_HEIGHT, headerHeight: HEADER_HEIGHT, overscan: 6 }}
      virtualColumns={{ width: PERIOD_WIDTH, overscan: 1 }}
      scrollResetKey={scrollResetKey}
      frameClassName={styles.gridFrame}
    />
  );
}

function ProjectHeader({
  project,
  people,
  accounts,
}: { project: PlannerProject } & Pick<PlannerTableProps, 'people' | 'accounts'>) {
  const manager = project.manager_id === null ? null : nameOf(people, project.manager_id);
  return (
    <span className={styles.projectText}>
      <Link to={cardPath(project.id)} className={styles.projectName}>
        {project.name}
      </Link>
      <span className={styles.projectMeta}>
        {[project.code, accounts.get(project.account_id)].filter(Boolean).join(' · ')}
      </span>
      {manager && <span className={styles.projectMeta}>PM {manager}</span>}
    </span>
  );
}

function ProjectStatus({ project }: { project: PlannerProject }) {
  const last = project.last_check;
  return (
    <span className={styles.projectText}>
      <span>{POLL_MODEL_LABELS[project.model]}</span>
      <span className={styles.projectMeta}>
        {last ? `Last ${formatDate(last.finished_at)}` : 'Never checked'}
      </span>
      {project.due && (
        <span className={styles.due}>
          <CircleAlert size={14} aria-hidden="true" />
          {project.due_since ? `Due since ${formatDate(project.due_since)}` : 'Due'}
        </span>
      )}
    </span>
  );
}

function PlanCell({
  project,
  period,
  plan,
  people,
  conflicts,
  onPlan,
  onOpen,
}: { project: PlannerProject; period: PlannerColumn } & Pick<
  PlannerTableProps,
  'plan' | 'people' | 'conflicts' | 'onPlan' | 'onOpen'
>) {
  const check = plan.get(project.id)?.get(period.id);
  if (!check) {
    if (onPlan && isPlannable(period))
      return (
        <button
          type="button"
          className={styles.planButton}
          data-cell={`${project.id}-${period.id}`}
          aria-label={`Plan a check for ${project.name} in ${period.name}`}
          onClick={() => onPlan(project, period)}
        >
          <Plus size={14} aria-hidden="true" />
          Plan
        </button>
      );
    return (
      <span className={styles.empty}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not planned</span>
      </span>
    );
  }
  const main = check.experts.find((expert) => expert.kind === 'main_expert');
  const lead = main ?? check.experts[0];
  const others = check.experts.length - (lead ? 1 : 0);
  const clash = conflicts.get(check.id);
  return (
    <button
      type="button"
      className={check.poll_id === null ? styles.planned : `${styles.planned} ${styles.started}`}
      data-cell={`${project.id}-${period.id}`}
      onClick={() => onOpen(check)}
      aria-label={`${POLL_TYPE_LABELS[check.type]} for ${project.name} in ${period.name}, ${weekShort(check.planned_week)}${clash ? ', expert conflict' : ''}`}
    >
      <span className={styles.plannedType}>
        {POLL_TYPE_LABELS[check.type]}
        {clash && <TriangleAlert size={14} className={styles.conflictIcon} aria-hidden="true" />}
      </span>
      <span className={styles.plannedMeta}>
        {check.poll_id === null ? weekShort(check.planned_week) : `Check ${check.poll_id}`}
      </span>
      <span className={styles.plannedMeta}>
        <UserRound size={12} aria-hidden="true" />
        {lead ? nameOf(people, lead.user_id) : 'No expert yet'}
        {others > 0 ? ` +${others}` : ''}
      </span>
    </button>
  );
}
