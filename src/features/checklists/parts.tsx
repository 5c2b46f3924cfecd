import { formatDate } from '../../api/contract/display';
import {
  CHECKLIST_STATE_LABELS,
  isChecklistOverdue,
  type Checklist,
  type ChecklistProject,
  type ChecklistState,
} from '../../api/contract/checklists';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { StatusPill } from '../../shared/ui/StatusPill';
import styles from './checklists.module.css';

const STATE_TONES: Record<ChecklistState, BadgeTone> = {
  available: 'info',
  in_progress: 'warning',
  submitted: 'success',
  declined: 'danger',
  canceled: 'neutral',
};

/** A checklist's state on a pill: 'Available', 'In progress', 'Submitted'… */
export const ChecklistStateBadge = ({ state }: { state: ChecklistState }) => (
  <StatusPill status={state} labels={CHECKLIST_STATE_LABELS} tones={STATE_TONES} />
);

/** 'Handmade Ball panel (PRJ-0001)'. */
export const projectLabel = (project: ChecklistProject) =>
  project.code ? `${project.name} (${project.code})` : project.name;

/** The due date, marked 'Overdue' when it has passed and the checklist still waits. */
export function DueDate({
  checklist,
  today,
}: {
  checklist: Pick<Checklist, 'due_date' | 'state'>;
  today: string;
}) {
  return (
    <span className={styles.due}>
      {formatDate(checklist.due_date)}
      {isChecklistOverdue(checklist, today) && <Badge tone="danger">Overdue</Badge>}
    </span>
  );
}

/** 'answered of all' with a bar; the words are what assistive technology reads. */
export function ChecklistProgress({
  checklist,
}: {
  checklist: Pick<Checklist, 'answered_count' | 'items_count'>;
}) {
  const { answered_count: answered, items_count: total } = checklist;
  const percent = total > 0 ? Math.round((answered / total) * 100) : 0;
  return (
    <span className={styles.progress}>
      <span className={styles.progressTrack} aria-hidden="true">
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </span>
      <span>
        {answered} of {total}
        <span className="visually-hidden"> items answered</span>
      </span>
    </span>
  );
}
