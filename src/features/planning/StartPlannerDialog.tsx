import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../api/contract/display';
import {
  START_PROBLEMS,
  START_RULES,
  type PlannerColumn,
  type StaleWeekAction,
  type StartPreviewRow,
} from '../../api/contract/planner';
import { POLL_MODEL_LABELS, POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { notify } from '../../shared/lib/toasts';
import { Badge } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadFailed } from '../../shared/ui/EmptyState';
import { cellClass, DataTable } from '../../shared/ui/DataTable';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/LoadingScreen';
import { Refusal, refusalMessages } from '../../shared/ui/Refusal';
import { useGetStartPreviewQuery, useStartPlannerMutation } from './plannerApi';
import { weekLabel, weekShort } from './plannerGrid';
import styles from './planner.module.css';

/** How many ready rows the preview lists; the rest are counted. */
const READY_SHOWN = 100;

/** How many checks to follow up the preview names; the rest are counted. */
const FOLLOW_UPS_SHOWN = 10;

export const START_MESSAGES = {
  started: (count: number, period: string, withoutMainExpert = 0) =>
    `The planner of ${period} has started: ${count} ${count === 1 ? 'check was' : 'checks were'} created in status New.${
      withoutMainExpert === 0
        ? ''
        : withoutMainExpert === 1
          ? ' 1 has no main expert yet: assign one on the check.'
          : ` ${withoutMainExpert} have no main expert yet: assign one on each check.`
    }`,
} as const;

/**
 * Starting the planner of a period (CAN_START_CHECK_PLANNER): the preview first (every check it
 * would create, and every planned check that stops it with what to fix), then one confirmation.
 * It is all or nothing: with a problem left nothing can be started; a refusal from the server
 * stays in the dialog. A warning (a health check without a main expert) never stops it: the
 * checks concerned are named, to be followed up on the check once it starts. Success reports the
 * count and leads to the checks.
 */
export function StartPlannerDialog({
  period,
  onOpenCheck,
  onClose,
}: {
  period: PlannerColumn;
  onOpenCheck: (plannedCheckId: number) => void;
  onClose: () => void;
}) {
  const preview = useGetStartPreviewQuery(period.id, { refetchOnMountOrArgChange: true });
  const [start, starting] = useStartPlannerMutation();
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const data = preview.data;
  const problems = data?.rows.filter((row) => row.problems.length > 0) ?? [];
  const ready = data?.rows.filter((row) => row.problems.length === 0) ?? [];
  const canStart = data !== undefined && data.blocked_by === null && problems.length === 0;
  // Planned checks whose week is over: moved or removed in the start itself.
  const stale = problems.filter(isStale);
  // The other problems are fixed one by one first. Removing the stale ones also clears the other
  // problems they have; moving them keeps those.
  const otherProblems = problems.filter(hasOtherProblem);
  const waits = {
    move: otherProblems.length,
    remove: otherProblems.filter((row) => !isStale(row)).length,
  };
  const [staleAction, setStaleAction] = useState<StaleWeekAction | null>(null);
  // Checks to follow up once they are created: the ones a stale_weeks choice removes are not.
  const followUps = (data?.rows ?? []).filter(
    (row) => row.warnings.length > 0 && (row.problems.length === 0 || isStale(row)),
  );
  const followUpsOf = (action?: StaleWeekAction) =>
    followUps.filter((row) => (action === 'move' ? true : row.problems.length === 0)).length;

  const confirm = async (stale_weeks?: StaleWeekAction) => {
    setRefusal(null);
    try {
      const result = await start({
        periodId: period.id,
        ...(stale_weeks && { stale_weeks }),
      }).unwrap();
      notify.success(START_MESSAGES.started(result.created, period.name, followUpsOf(stale_weeks)));
      onClose();
    } catch (error) {
      setStaleAction(null);
      setRefusal(refusalMessages(error, 'The planner could not be started. Try again.'));
      void preview.refetch();
    }
  };

  let body;
  if (preview.isLoading)
    body = (
      <p className={styles.loadingLine}>
        <Spinner /> Loading what the start would create…
      </p>
    );
  else if (preview.isError || !data)
    body = (
      <LoadFailed
        title="The preview could not be loaded"
        titleLevel={3}
        onRetry={() => void preview.refetch()}
      />
    );
  else
    body = (
      <>
        {data.with_problems > 0 ? (
          <p className={styles.blocked}>
            {data.with_problems} planned {data.with_problems === 1 ? 'check needs' : 'checks need'}{' '}
            attention first: nothing is created until every one is fixed.{' '}
            {stale.length > 0
              ? 'Open one to change it; the ones whose week is over can be moved or removed in the start below.'
              : 'Open one to change it.'}
          </p>
        ) : data.blocked_by ? (
          <p className={styles.blocked}>{data.blocked_by}</p>
        ) : (
          <p>
            {data.ready} {data.ready === 1 ? 'check is' : 'checks are'} ready to be created. Each
            becomes a check in status New that its participants see in their checks list.
          </p>
        )}
        {stale.length > 0 && data.blocked_by === START_RULES.problems(problems.length) && (
          <StaleWeekChoice
            count={stale.length}
            waits={waits}
            nextWeek={data.next_week}
            busy={starting.isLoading}
            onChoose={setStaleAction}
          />
        )}
        {followUps.length > 0 && (data.blocked_by === null || problems.length > 0) && (
          <FollowUps rows={followUps} onOpenCheck={onOpenCheck} />
        )}
        {problems.length > 0 && (
          <PreviewTable
            caption="Planned checks that need attention"
            rows={problems}
            onOpenCheck={onOpenCheck}
          />
        )}
        {ready.length > 0 && (
          <PreviewTable
            caption="Checks the start will create"
            rows={ready.slice(0, READY_SHOWN)}
            onOpenCheck={onOpenCheck}
          />
        )}
        {ready.length > READY_SHOWN && (
          <p className="muted">…and {ready.length - READY_SHOWN} more ready checks.</p>
        )}
      </>
    );

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={`Start the planner of ${period.name}?`}
      description={`${formatDate(period.start_date)} to ${formatDate(period.end_date)}: every planned check of the period becomes a real check at once, or none does. A period starts once.`}
      busy={starting.isLoading}
      actions={
        <>
          <Button onClick={onClose} disabled={starting.isLoading}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={!canStart || starting.isLoading}
            onClick={() => void confirm()}
          >
            {starting.isLoading
              ? 'Starting…'
              : canStart
                ? `Create ${data.ready} ${data.ready === 1 ? 'check' : 'checks'}`
                : 'Start planner'}
          </Button>
        </>
      }
    >
      {body}
      <Refusal messages={refusal} />
      {staleAction && data && (
        <StaleWeekConfirm
          action={staleAction}
          count={stale.length}
          ready={data.ready}
          nextWeek={data.next_week}
          period={period.name}
          busy={starting.isLoading}
          onConfirm={() => void confirm(staleAction)}
          onCancel={() => setStaleAction(null)}
        />
      )}
      <p className="muted">
        The new checks are listed in <Link to="/checks?status=new">Checks</Link>.
      </p>
    </Dialog>
  );
}

const isStale = (row: StartPreviewRow) => row.problems.includes(START_PROBLEMS.weekOver);
const hasOtherProblem = (row: StartPreviewRow) =>
  row.problems.some((problem) => problem !== START_PROBLEMS.weekOver);

/** The planned checks whose week is over: move them to the next week that can run, or drop them. */
function StaleWeekChoice({
  count,
  waits,
  nextWeek,
  busy,
  onChoose,
}: {
  count: number;
  /** For each choice, the planned checks with another problem it waits for (fixed first). */
  waits: Record<StaleWeekAction, number>;
  nextWeek: string | null;
  busy: boolean;
  onChoose: (action: StaleWeekAction) => void;
}) {
  const otherProblems = waits.remove;
  // Stale checks that have another problem too: removed, they are gone; moved, they stay.
  const moveOnlyWaits = nextWeek !== null && waits.remove === 0 && waits.move > 0;
  return (
    <div
      role="group"
      aria-labelledby="stale-weeks-title"
      aria-describedby={
        otherProblems > 0 ? 'stale-weeks-wait' : moveOnlyWaits ? 'stale-weeks-move-wait' : undefined
      }
      className={styles.staleChoice}
    >
      <p id="stale-weeks-title">
        {count === 1
          ? '1 planned check runs in a week that is over. Start the planner with it'
          : `${count} planned checks run in weeks that are over. Start the planner with them`}{' '}
        moved or removed, in one step:
      </p>
      {otherProblems > 0 && (
        <p id="stale-weeks-wait" className="muted">
          First fix the {otherProblems === 1 ? 'planned check' : `${otherProblems} planned checks`}{' '}
          with another problem below.
        </p>
      )}
      {moveOnlyWaits && (
        <p id="stale-weeks-move-wait" className="muted">
          {waits.move === 1
            ? '1 of them has another problem below: fix it before moving them, or remove them all.'
            : `${waits.move} of them have another problem below: fix them before moving them, or remove them all.`}
        </p>
      )}
      <div className={styles.staleActions}>
        {nextWeek && (
          <Button
            variant="primary"
            disabled={busy || waits.move > 0}
            onClick={() => onChoose('move')}
          >
            Move {count === 1 ? 'it' : 'them'} to {weekShort(nextWeek)}…
          </Button>
        )}
        <Button disabled={busy || waits.remove > 0} onClick={() => onChoose('remove')}>
          Remove {count === 1 ? 'it' : 'them'} from the plan…
        </Button>
      </div>
    </div>
  );
}

/**
 * The checks the start creates without a main expert (START_WARNINGS): named, never a refusal.
 * Each opens its planned check, to name one now; once started, its check's page assigns one.
 */
function FollowUps({
  rows,
  onOpenCheck,
}: {
  rows: readonly StartPreviewRow[];
  onOpenCheck: (plannedCheckId: number) => void;
}) {
  const count = rows.length;
  return (
    <section aria-labelledby="start-follow-ups" className={styles.followUps}>
      <p id="start-follow-ups">
        {count === 1
          ? '1 health check has no main expert yet. The start creates it all the same:'
          : `${count} health checks have no main expert yet. The start creates them all the same:`}{' '}
        assign a main expert on the check once it starts (“Assign expert” on its page, opened from
        its planned check), or open it here to name one now.
      </p>
      <ul>
        {rows.slice(0, FOLLOW_UPS_SHOWN).map((row) => (
          <li key={row.planned_check_id}>
            <Button variant="quiet-link" onClick={() => onOpenCheck(row.planned_check_id)}>
              {row.project.name}
            </Button>{' '}
            <span className="muted">
              {POLL_TYPE_LABELS[row.type]}, {weekShort(row.planned_week)}
            </span>
          </li>
        ))}
      </ul>
      {count > FOLLOW_UPS_SHOWN && <p className="muted">…and {count - FOLLOW_UPS_SHOWN} more.</p>}
    </section>
  );
}

/** The one confirmation of a start that moves or removes the planned checks whose week is over. */
function StaleWeekConfirm({
  action,
  count,
  ready,
  nextWeek,
  period,
  busy,
  onConfirm,
  onCancel,
}: {
  action: StaleWeekAction;
  count: number;
  ready: number;
  nextWeek: string | null;
  period: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const checks = (n: number) => `${n} planned ${n === 1 ? 'check' : 'checks'}`;
  const created = action === 'move' ? ready + count : ready;
  return (
    <ConfirmDialog
      open
      title={
        action === 'move'
          ? `Move ${checks(count)} to ${nextWeek ? weekShort(nextWeek) : 'the next week'} and start?`
          : `Remove ${checks(count)} from the plan and start?`
      }
      confirmLabel={action === 'move' ? 'Move and start' : 'Remove and start'}
      busyLabel="Starting…"
      destructive={action === 'remove'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {action === 'move'
          ? `They run ${nextWeek ? weekLabel(nextWeek) : 'in the next week'}, due on its Friday.`
          : `They leave the plan of ${period}.`}{' '}
        Then {created} {created === 1 ? 'check is' : 'checks are'} created in status New at once. A
        period starts once.
      </p>
    </ConfirmDialog>
  );
}

function PreviewTable({
  caption,
  rows,
  onOpenCheck,
}: {
  caption: string;
  rows: readonly StartPreviewRow[];
  onOpenCheck: (plannedCheckId: number) => void;
}) {
  return (
    <DataTable caption={caption} showCaption compact>
      <thead>
        <tr>
          <th scope="col">Project</th>
          <th scope="col">Check</th>
          <th scope="col">Week</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.planned_check_id}>
            <th scope="row" className={styles.previewProject}>
              <Button variant="quiet-link" onClick={() => onOpenCheck(row.planned_check_id)}>
                {row.project.name}
              </Button>
              <span className={styles.projectMeta}>{row.account.name}</span>
            </th>
            <td>
              {POLL_TYPE_LABELS[row.type]} ({POLL_MODEL_LABELS[row.model]})
            </td>
            <td className={cellClass.nowrap}>
              {weekShort(row.planned_week)}
              <span className={styles.projectMeta}>Due {formatDate(row.due_date)}</span>
            </td>
            <td>
              {row.problems.length === 0 ? (
                <Badge tone="success">Ready</Badge>
              ) : (
                <ul className={styles.problemList}>
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
              {row.warnings.length > 0 && (
                <ul className={styles.warningList}>
                  {row.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
