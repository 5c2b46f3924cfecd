import { Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PersonRef } from '../../api/contract/actionRequests';
import { formatDate, formatDateTime } from '../../api/contract/display';
import {
  MODEL_CADENCE_MONTHS,
  fridayOf,
  type ExpertConflict,
  type PlannedCheck,
  type PlannerColumn,
  type PlannerProject,
} from '../../api/contract/planner';
import {
  EXPERT_KIND_LABELS,
  POLL_MODEL_LABELS,
  POLL_TYPE_LABELS,
} from '../../api/contract/pollLabels';
import { notify } from '../../shared/lib/toasts';
import { Badge } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Drawer } from '../../shared/ui/Drawer';
import { cardPath } from '../projects/embed';
import { isPlannable, nameOf, weekLabel } from './plannerGrid';
import { useRemovePlannedCheckMutation } from './plannerApi';
import styles from './planner.module.css';

export const REMOVED_MESSAGE = 'The check has been taken out of the plan.';

/**
 * planner-check-details: one planned check in a side panel (`?check={id}`): its project, period,
 * type, model, week and due date, experts with the weeks they clash, the note, who changed it
 * last, the project's last check and cadence, and the check it became once started. With
 * CAN_EDIT_CHECK_PLANNER and a period whose plan may change: edit, or take it out of the plan
 * (confirmed first).
 */
export function PlannedCheckPanel({
  check,
  project,
  period,
  account,
  people,
  conflicts,
  projectName,
  mayEdit,
  onEdit,
  onClose,
}: {
  check: PlannedCheck;
  project: PlannerProject | undefined;
  period: PlannerColumn | undefined;
  account: string | undefined;
  people: ReadonlyMap<number, PersonRef>;
  conflicts: readonly ExpertConflict[];
  projectName: (id: number) => string;
  mayEdit: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [remove, removing] = useRemovePlannedCheckMutation();
  const editable = mayEdit && period !== undefined && isPlannable(period) && check.poll_id === null;
  const name = project?.name ?? projectName(check.project_id);

  const confirmRemove = async () => {
    try {
      await remove(check.id).unwrap();
    } catch {
      // The error toast says why; the dialog stays for another try.
      return;
    }
    setAsking(false);
    notify.success(REMOVED_MESSAGE);
    onClose();
  };

  return (
    <Drawer open side="right" title="Planned check" onOpenChange={(open) => !open && onClose()}>
      <div className={styles.panel}>
        <p className={styles.panelLead}>
          <strong>{POLL_TYPE_LABELS[check.type]}</strong> for{' '}
          <Link to={cardPath(check.project_id)}>{name}</Link>
          {account ? ` (${account})` : ''}
        </p>
        {check.poll_id !== null ? (
          <p>
            <Badge tone="success">Started</Badge>{' '}
            <Link to={`/checks/${check.poll_id}`}>Open check {check.poll_id}</Link>
          </p>
        ) : (
          <p>
            <Badge tone="info">Planned</Badge>
          </p>
        )}
        <dl className={styles.facts}>
          <dt>Period</dt>
          <dd>{period?.name ?? `Period ${check.period_id}`}</dd>
          <dt>Model</dt>
          <dd>{POLL_MODEL_LABELS[check.model]}</dd>
          <dt>Week</dt>
          <dd>{weekLabel(check.planned_week)}</dd>
          <dt>Due date</dt>
          <dd>{formatDate(fridayOf(check.planned_week))}</dd>
          {project && (
            <>
              <dt>Last check</dt>
              <dd>
                {project.last_check
                  ? `${POLL_TYPE_LABELS[project.last_check.type]}, ${formatDate(project.last_check.finished_at)}`
                  : 'Never checked'}
                {project.due && (
                  <span className={`${styles.due} ${styles.dueLine}`}>
                    Due{project.due_since ? ` since ${formatDate(project.due_since)}` : ''} (every{' '}
                    {MODEL_CADENCE_MONTHS[project.model]} months)
                  </span>
                )}
              </dd>
            </>
          )}
        </dl>
        <h3 className={styles.panelHeading}>Experts</h3>
        {check.experts.length === 0 ? (
          <p className="muted">No expert yet.</p>
        ) : (
          <ul className={styles.panelList}>
            {check.experts.map((expert) => {
              const clash = conflicts.find((conflict) => conflict.user_id === expert.user_id);
              const others = clash?.check_ids.filter((id) => id !== check.id) ?? [];
              return (
                <li key={expert.user_id}>
                  {nameOf(people, expert.user_id)}{' '}
                  <span className="muted">({EXPERT_KIND_LABELS[expert.kind]})</span>
                  {others.length > 0 && (
                    <span className={styles.conflictLine}>
                      <TriangleAlert size={14} aria-hidden="true" /> Also planned that week on{' '}
                      {others.length} other {others.length === 1 ? 'check' : 'checks'}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <h3 className={styles.panelHeading}>Note</h3>
        <p className={check.note ? styles.note : 'muted'}>{check.note || 'No note.'}</p>
        <p className="muted">
          Last changed by {check.updated_by.name} on {formatDateTime(check.updated_at)}
        </p>
        {editable && (
          <div className={styles.panelActions}>
            <Button icon={Pencil} onClick={onEdit}>
              Edit
            </Button>
            <Button variant="danger" icon={Trash2} onClick={() => setAsking(true)}>
              Remove from plan
            </Button>
          </div>
        )}
        {mayEdit && !editable && check.poll_id === null && (
          <p className="muted">This period’s plan no longer changes.</p>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="Take this check out of the plan?"
        confirmLabel="Remove from plan"
        busyLabel="Removing…"
        destructive
        busy={removing.isLoading}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setAsking(false)}
      >
        <p>
          The {POLL_TYPE_LABELS[check.type].toLowerCase()} of {name} in{' '}
          {period?.name ?? 'this period'} is no longer planned. You can plan it again later.
        </p>
      </ConfirmDialog>
    </Drawer>
  );
}
