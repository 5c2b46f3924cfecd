import { CalendarPlus, Lock, Pencil, Play } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate } from '../../api/contract/display';
import { NAV_PERMISSIONS } from '../../api/contract/permissions';
import {
  PLANNER_PERIOD_FLAGS,
  PLANNER_PERIOD_STATE_LABELS,
  PLANNER_PERIOD_STATES,
  clashingOpenPeriod,
  periodLength,
  type PlannerPeriod,
  type PlannerPeriodState,
} from '../../api/contract/plannerPeriods';
import { codeIn, readParams, useUrlParams } from '../../shared/lib/searchParams';
import { notify } from '../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DataTable, withActions, type Column } from '../../shared/ui/DataTable';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import { SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce } from '../../shared/ui/FilterPanel';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetPlannerPeriodsQuery, useUpdatePlannerPeriodMutation } from './api';
import { PERIOD_MESSAGES, PeriodDialog } from './PeriodDialog';
import { Refusal, refusalMessages } from '../../shared/ui/Refusal';
import styles from './planning.module.css';

const STATE_TONES: Record<PlannerPeriodState, BadgeTone> = {
  draft: 'neutral',
  open: 'success',
  closed: 'info',
};

const STATE_FILTER: SelectFilterSpec<'state'> = {
  param: 'state',
  label: 'State',
  anyLabel: 'Any state',
  options: PLANNER_PERIOD_STATES,
  labels: PLANNER_PERIOD_STATE_LABELS,
};

/** A period's state on a pill: 'Draft', 'Open', 'Closed'. */
export const PeriodStateBadge = ({ state }: { state: PlannerPeriodState }) => (
  <Badge tone={STATE_TONES[state]}>{PLANNER_PERIOD_STATE_LABELS[state]}</Badge>
);

/** The list's columns: below 600 px each period is a card, its name first. */
const PERIOD_COLUMNS: Column<PlannerPeriod>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (period) => period.name },
  { id: 'start', header: 'Start', kind: 'date', cell: (period) => formatDate(period.start_date) },
  { id: 'end', header: 'End', kind: 'date', cell: (period) => formatDate(period.end_date) },
  {
    id: 'length',
    header: 'Length',
    kind: 'date',
    cell: (period) => periodLength(period.start_date, period.end_date),
  },
  { id: 'state', header: 'State', cell: (period) => <PeriodStateBadge state={period.state} /> },
];

/** A state change the user has asked for and not yet confirmed. */
type Step = { period: PlannerPeriod; to: 'open' | 'closed' };

/**
 * `/planning/periods`: the periods the check planner plans in, by start date, with their length
 * and state, filtered by state (in the URL). With CAN_CREATE_PLANNER_PERIOD a period is created;
 * with CAN_EDIT_PLANNER_PERIOD a draft or open one is edited, a draft opened and an open one
 * closed, each step confirmed first. Without the flags the list is read-only, with no buttons.
 */
export default function PlannerPeriodsPage() {
  const { params, update } = useUrlParams();
  const { state: stateFilter } = readParams(params, { state: codeIn(PLANNER_PERIOD_STATES) });
  const { data: user } = useGetCurrentUserQuery();
  const permissions = user?.permissions ?? [];
  const mayCreate = permissions.includes(PLANNER_PERIOD_FLAGS.create);
  const mayEdit = permissions.includes(PLANNER_PERIOD_FLAGS.edit);
  const { data: periods, isLoading, isError, isFetching, refetch } = useGetPlannerPeriodsQuery();
  const [editing, setEditing] = useState<PlannerPeriod | 'new' | null>(null);
  const [step, setStep] = useState<Step | null>(null);

  const shown = useMemo(
    () => (periods ?? []).filter((period) => !stateFilter || period.state === stateFilter),
    [periods, stateFilter],
  );
  const newPeriod = mayCreate ? (
    <Button variant="primary" icon={CalendarPlus} onClick={() => setEditing('new')}>
      New period
    </Button>
  ) : undefined;
  const resetFilter = () => update({ state: undefined });

  let content;
  if (isLoading) content = <TableSkeleton label="Loading the periods…" rows={3} columns={6} />;
  else if (isError || !periods)
    content = <LoadFailed title="The periods could not be loaded" onRetry={() => void refetch()} />;
  else if (periods.length === 0)
    content = (
      <EmptyState title="No periods yet" actions={newPeriod}>
        <p>
          {mayCreate
            ? 'Create the first period, a quarter for example, to plan checks in it.'
            : 'Periods appear here once a quality lead creates them.'}
        </p>
      </EmptyState>
    );
  else if (shown.length === 0)
    content = (
      <EmptyState
        title={`No ${PLANNER_PERIOD_STATE_LABELS[stateFilter!].toLowerCase()} periods`}
        actions={
          <Button type="button" onClick={resetFilter}>
            Show every state
          </Button>
        }
      >
        <p>Choose another state, or show them all.</p>
      </EmptyState>
    );
  else
    content = (
      <DataTable
        caption="Planner periods table"
        busy={isFetching}
        columns={withActions(
          PERIOD_COLUMNS,
          mayEdit &&
            ((period: PlannerPeriod) => (
              <PeriodActions
                period={period}
                onEdit={() => setEditing(period)}
                onStep={(to) => setStep({ period, to })}
              />
            )),
        )}
        rows={shown}
        rowKey={(period) => period.id}
      />
    );

  return (
    <section aria-labelledby="periods-title" className={styles.page}>
      <PageHeader
        titleId="periods-title"
        breadcrumb={
          permissions.includes(NAV_PERMISSIONS.checkPlanner)
            ? [{ label: 'Planner', to: '/planning' }]
            : undefined
        }
        title="Planner periods"
        subtitle="The stretches of time checks are planned in. A draft is prepared, an open period is planned in, a closed one is history; open periods never overlap."
        actions={newPeriod}
      />
      <FilterPanel
        className={styles.filters}
        label="Filter the periods"
        resetLabel="Reset filter"
        canReset={stateFilter !== undefined}
        onReset={resetFilter}
        active={selectFiltersInForce([STATE_FILTER], { state: stateFilter })}
        onChange={update}
      >
        <SelectFilters
          idPrefix="periods"
          filters={[STATE_FILTER]}
          values={{ state: stateFilter }}
          onChange={update}
        />
      </FilterPanel>
      {content}
      {editing !== null && (
        <PeriodDialog
          period={editing === 'new' ? undefined : editing}
          periods={periods ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <StepDialog
        step={step}
        periods={periods ?? []}
        onEdit={(period) => {
          setStep(null);
          setEditing(period);
        }}
        onClose={() => setStep(null)}
      />
    </section>
  );
}

/** A row's buttons: edit a draft or open period, open a draft, close an open one. */
function PeriodActions({
  period,
  onEdit,
  onStep,
}: {
  period: PlannerPeriod;
  onEdit: () => void;
  onStep: (to: 'open' | 'closed') => void;
}) {
  if (period.state === 'closed') return <span className="muted">Closed for good</span>;
  const named = (verb: string) => (
    <>
      {verb} <span className="visually-hidden">{period.name}</span>
    </>
  );
  return (
    <span className={styles.actions}>
      <Button size="sm" icon={Pencil} onClick={onEdit}>
        {named('Edit')}
      </Button>
      {period.state === 'draft' ? (
        <Button size="sm" icon={Play} onClick={() => onStep('open')}>
          {named('Open')}
        </Button>
      ) : (
        <Button size="sm" icon={Lock} onClick={() => onStep('closed')}>
          {named('Close')}
        </Button>
      )}
    </span>
  );
}

/**
 * Confirms opening a draft or closing an open period. A draft that would overlap an open period
 * (by the loaded list) is not offered to open: the dialog says why and leads to its dates.
 * A refusal from the server stays in the dialog.
 */
function StepDialog({
  step,
  periods,
  onEdit,
  onClose,
}: {
  step: Step | null;
  periods: readonly PlannerPeriod[];
  onEdit: (period: PlannerPeriod) => void;
  onClose: () => void;
}) {
  const [updatePeriod, updating] = useUpdatePlannerPeriodMutation();
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const period = step?.period;
  const clash =
    step?.to === 'open'
      ? clashingOpenPeriod({ ...step.period, state: 'open' }, periods)
      : undefined;
  const dates = (of: PlannerPeriod) => `${formatDate(of.start_date)} to ${formatDate(of.end_date)}`;

  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!step) return;
    try {
      await updatePeriod({ periodId: step.period.id, patch: { state: step.to } }).unwrap();
    } catch (error) {
      setRefusal(refusalMessages(error));
      return;
    }
    notify.success(step.to === 'open' ? PERIOD_MESSAGES.opened : PERIOD_MESSAGES.closed);
    close();
  };
  const alert = <Refusal messages={refusal} />;

  if (period && clash)
    return (
      <ConfirmDialog
        open
        title={`“${period.name}” cannot be opened yet`}
        confirmLabel="Change its dates"
        onConfirm={() => onEdit(period)}
        onCancel={close}
      >
        <p>
          It overlaps the open period “{clash.name}” ({dates(clash)}). Open periods cannot overlap:
          change the dates of “{period.name}”, or close “{clash.name}” first.
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      open={step !== null}
      title={
        period ? `${step?.to === 'open' ? 'Open' : 'Close'} “${period.name}”?` : 'Change the period'
      }
      confirmLabel={step?.to === 'closed' ? 'Close period' : 'Open period'}
      busyLabel={step?.to === 'closed' ? 'Closing…' : 'Opening…'}
      destructive={step?.to === 'closed'}
      busy={updating.isLoading}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {period && step?.to === 'open' && (
        <p>
          Checks can then be planned in it, {dates(period)}. An open period can be closed later; it
          cannot go back to draft.
        </p>
      )}
      {period && step?.to === 'closed' && (
        <p>
          <strong>Closing cannot be undone:</strong> a closed period cannot be reopened or edited.
          The checks planned in {period.name} stay as they are.
        </p>
      )}
      {alert}
    </ConfirmDialog>
  );
}
