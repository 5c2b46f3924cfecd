import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlert, Plus, TriangleAlert, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
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
import { cardPath } from '../projects/embed';
import { isPlannable, nameOf, weekShort, type PlanIndex } from './plannerGrid';
import styles from './planner.module.css';
import { ScrollBox } from '../../shared/ui/ScrollBox';

/** Every row is this tall, so the virtualiser never measures. */
export const PLANNER_ROW_HEIGHT = 72;
const HEADER_HEIGHT = 52;
/** The width of a period's column; the sticky project columns come first. */
const PERIOD_WIDTH = 200;
const SELECT_WIDTH = 44;
const PROJECT_WIDTH = 260;
const STATUS_WIDTH = 170;
const LEFT_WIDTH = SELECT_WIDTH + PROJECT_WIDTH + STATUS_WIDTH;

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
 * The planner-projects grid: projects (rows) against periods (columns) as one real <table>,
 * virtualised both ways: only the rows and the period columns in view (and a few either side)
 * are in the DOM, between spacers that keep the scroll size. The project columns stick to the
 * left and the period headers to the top; aria-rowcount, aria-colcount and their indexes tell
 * assistive technology where a cell sits among all of them.
 */
export function PlannerTable(props: PlannerTableProps) {
  const { rows, periods, selected, onSelect, captionId, caption, scrollResetKey } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here: nothing memoises the virtualisers' functions, so they stay fresh.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PLANNER_ROW_HEIGHT,
    overscan: 6,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: periods.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PERIOD_WIDTH,
    overscan: 1,
    paddingStart: LEFT_WIDTH,
    scrollPaddingStart: LEFT_WIDTH,
    getItemKey: (index) => periods[index]?.id ?? index,
  });

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const items = rowVirtualizer.getVirtualItems();
  const before = items[0] ? items[0].start - HEADER_HEIGHT : 0;
  const after = items.length ? rowVirtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columns = columnVirtualizer.getVirtualItems();
  const left = columns[0] ? columns[0].start - LEFT_WIDTH : 0;
  const right = columns.length
    ? columnVirtualizer.getTotalSize() - columns[columns.length - 1]!.end
    : 0;
  const shownPeriods = columns.flatMap((column) => {
    const period = periods[column.index];
    return period ? [{ period, index: column.index }] : [];
  });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row.id));
  const domColumns = 3 + shownPeriods.length + (left > 0 ? 1 : 0) + (right > 0 ? 1 : 0);

  return (
    <ScrollBox ref={scrollRef} className={styles.scroll} label={caption} always>
      <table
        className={styles.table}
        aria-rowcount={rows.length + 1}
        aria-colcount={3 + periods.length}
        style={{ width: columnVirtualizer.getTotalSize() }}
      >
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <colgroup>
          <col style={{ width: SELECT_WIDTH }} />
          <col style={{ width: PROJECT_WIDTH }} />
          <col style={{ width: STATUS_WIDTH }} />
          {left > 0 && <col style={{ width: left }} />}
          {shownPeriods.map(({ period }) => (
            <col key={period.id} style={{ width: PERIOD_WIDTH }} />
          ))}
          {right > 0 && <col style={{ width: right }} />}
        </colgroup>
        <thead>
          <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            <th scope="col" className={`${styles.sticky} ${styles.selectCell}`} aria-colindex={1}>
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
            </th>
            <th scope="col" className={`${styles.sticky} ${styles.projectCell}`} aria-colindex={2}>
              Project
            </th>
            <th scope="col" className={`${styles.sticky} ${styles.statusCell}`} aria-colindex={3}>
              Model and last check
            </th>
            {left > 0 && <td aria-hidden="true" className={styles.spacer} />}
            {shownPeriods.map(({ period, index }) => (
              <th key={period.id} scope="col" aria-colindex={index + 4}>
                <span className={styles.periodName}>{period.name}</span>
                <span className={styles.periodMeta}>
                  {PLANNER_PERIOD_STATE_LABELS[period.state]}
                  {period.planner_started_at
                    ? ` · started ${formatDate(period.planner_started_at)}`
                    : ''}
                </span>
              </th>
            ))}
            {right > 0 && <td aria-hidden="true" className={styles.spacer} />}
          </tr>
        </thead>
        <tbody>
          {before > 0 && <Spacer height={before} columns={domColumns} />}
          {items.map((item) => {
            const project = rows[item.index];
            if (!project) return null;
            return (
              <tr
                key={project.id}
                aria-rowindex={item.index + 2}
                style={{ height: PLANNER_ROW_HEIGHT }}
              >
                <td className={`${styles.sticky} ${styles.selectCell}`} aria-colindex={1}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${project.name}`}
                    checked={selected.has(project.id)}
                    onChange={(event) => onSelect([project.id], event.target.checked)}
                  />
                </td>
                <th
                  scope="row"
                  className={`${styles.sticky} ${styles.projectCell}`}
                  aria-colindex={2}
                >
                  <ProjectHeader project={project} {...props} />
                </th>
                <td className={`${styles.sticky} ${styles.statusCell}`} aria-colindex={3}>
                  <ProjectStatus project={project} />
                </td>
                {left > 0 && <td aria-hidden="true" className={styles.spacer} />}
                {shownPeriods.map(({ period, index }) => (
                  <td key={period.id} aria-colindex={index + 4} className={styles.planCell}>
                    <PlanCell project={project} period={period} {...props} />
                  </td>
                ))}
                {right > 0 && <td aria-hidden="true" className={styles.spacer} />}
              </tr>
            );
          })}
          {after > 0 && <Spacer height={after} columns={domColumns} />}
        </tbody>
      </table>
    </ScrollBox>
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
}: { project: PlannerProject; period: PlannerColumn } & PlannerTableProps) {
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

/** Stands in for the rows scrolled out of view. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacerRow}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
