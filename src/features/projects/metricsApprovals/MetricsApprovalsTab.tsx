import { Gavel, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime, personLabel } from '../../../api/contract/display';
import {
  APPROVAL_METRIC_INFO,
  APPROVAL_METRICS,
  formatMetricValue,
  formatPeriod,
  METRICS_CREATE_FLAG,
  METRICS_EDIT_FLAG,
  SUBMISSION_EVENT_LABELS,
  SUBMISSION_STATE_LABELS,
  SUBMISSION_STATES,
  type MetricSubmission,
  type SubmissionState,
} from '../../../api/contract/metricsApprovals';
import { clearing, oneOf, useUrlParams } from '../../../shared/lib/searchParams';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ListCount } from '../../../shared/ui/ListCount';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { RowActions } from '../../../shared/ui/RowActions';
import { EmptyState, NoMatch } from '../../../shared/ui/EmptyState';
import { SelectFilters, type SelectFilterSpec } from '../../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce } from '../../../shared/ui/FilterPanel';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { safeHref } from '../../../shared/lib/safeHref';
import { useGetCurrentUserQuery } from '../../auth/api';
import type { CardTabProps } from '../card/cardTab';
import { DetailLine, Stack, Toolbar, layoutClass } from '../../../shared/ui/Layout';
import { useGetMetricSubmissionsQuery } from './api';
import { DecisionDialog, SubmissionDialog } from './MetricsDialogs';
import styles from './metrics.module.css';

const STATE_TONES: Record<SubmissionState, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  approved: 'success',
  returned: 'warning',
};

const FILTER_PARAMS = ['metric', 'state', 'period'] as const;
const METRIC_LABELS = Object.fromEntries(
  APPROVAL_METRICS.map((metric) => [metric, APPROVAL_METRIC_INFO[metric].label]),
);

export interface SubmissionFilters {
  metric?: string;
  state?: string;
  period?: string;
}

/** The submissions the filters keep. */
export function filterSubmissions(
  rows: readonly MetricSubmission[],
  filters: SubmissionFilters,
): MetricSubmission[] {
  return rows.filter(
    (row) =>
      (!filters.metric || row.metric === filters.metric) &&
      (!filters.state || row.state === filters.state) &&
      (!filters.period || row.period === filters.period),
  );
}

type Dialog =
  | { kind: 'submit'; submission: MetricSubmission | null }
  | { kind: 'review'; submission: MetricSubmission };

/** The submissions' columns: metric and period first (with its comment and history). */
const SUBMISSION_COLUMNS: Column<MetricSubmission>[] = [
  {
    id: 'metric',
    header: 'Metric and period',
    rowHeader: true,
    className: styles.metric,
    cell: (row) => (
      <>
        {APPROVAL_METRIC_INFO[row.metric].label}
        <span className={styles.period}>{formatPeriod(row.period)}</span>
        {row.comment && <DetailLine>“{row.comment}”</DetailLine>}
        {row.history.length > 0 && <SubmissionHistory row={row} />}
      </>
    ),
  },
  {
    id: 'value',
    header: 'Value and evidence',
    className: styles.evidence,
    cell: (row) => (
      <>
        <span className={styles.value}>{formatMetricValue(row.metric, row.value)}</span>
        {row.evidence ? (
          <a
            className={styles.file}
            href={safeHref(row.evidence.url)}
            download={row.evidence.file_name}
          >
            {row.evidence.file_name}
          </a>
        ) : (
          <DetailLine>No evidence yet</DetailLine>
        )}
      </>
    ),
  },
  {
    id: 'submitted',
    header: 'Submitted',
    cell: (row) => (
      <>
        {row.submitted_by.name}
        {row.submitted_at && <DetailLine>{formatDate(row.submitted_at)}</DetailLine>}
      </>
    ),
  },
  {
    id: 'state',
    header: 'State and review',
    className: styles.review,
    cell: (row) => (
      <>
        <Badge tone={STATE_TONES[row.state]}>{SUBMISSION_STATE_LABELS[row.state]}</Badge>
        {row.reviewed_by && row.reviewed_at && (
          <DetailLine>
            {row.state === 'submitted' ? 'Returned by' : 'By'} {row.reviewed_by.name},{' '}
            {formatDate(row.reviewed_at)}
          </DetailLine>
        )}
        {row.decision_comment && <DetailLine>“{row.decision_comment}”</DetailLine>}
      </>
    ),
  },
];

/**
 * The Metrics approvals tab: each metric value submitted for a month, with its evidence, its
 * state and its history. With CAN_CREATE_METRICS_APPROVAL a value is submitted (and a returned
 * one of one's own resubmitted); with CAN_EDIT_METRICS_APPROVAL another's submitted value is
 * approved or returned with a comment. Filtered by metric, state and period through the URL;
 * read-only without either flag.
 */
export default function MetricsApprovalsTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetMetricSubmissionsQuery(
    project.id,
  );
  const { data: user } = useGetCurrentUserQuery();
  const mayCreate = permissions.includes(METRICS_CREATE_FLAG);
  const mayReview = permissions.includes(METRICS_EDIT_FLAG);
  const { params, update } = useUrlParams();
  const periods = [...new Set((data ?? []).map((row) => row.period))].sort().reverse();
  const filters = {
    metric: oneOf(APPROVAL_METRICS, params.get('metric')) ?? '',
    state: oneOf(SUBMISSION_STATES, params.get('state')) ?? '',
    period: /^\d{4}-\d{2}$/.test(params.get('period') ?? '') ? params.get('period')! : '',
  };
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const mine = (row: MetricSubmission) => user !== undefined && row.submitted_by.id === user.id;
  const canResubmit = (row: MetricSubmission) =>
    mayCreate && mine(row) && (row.state === 'returned' || row.state === 'draft');
  const canReview = (row: MetricSubmission) =>
    mayReview && row.state === 'submitted' && user !== undefined && !mine(row);

  const submitButton = mayCreate ? (
    <Button
      variant="primary"
      icon={Plus}
      onClick={() => setDialog({ kind: 'submit', submission: null })}
    >
      Submit a metric value
    </Button>
  ) : null;
  const resetFilters = () => update(clearing(FILTER_PARAMS));

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the metrics approvals…', rows: 6, columns: 6 } }}
      failed="The metrics approvals could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="No metric value submitted yet" actions={submitButton ?? undefined}>
          <p>
            Each month’s metric values show here with their evidence once submitted, waiting for the
            QC lead’s approval.
          </p>
        </EmptyState>
      }
    >
      {(data) => {
        const shown = filterSubmissions(data, filters);
        const waiting = data.filter((row) => row.state === 'submitted').length;
        const returned = data.filter((row) => row.state === 'returned').length;
        const anyActions = data.some((row) => canResubmit(row) || canReview(row));
        const filtered = FILTER_PARAMS.some((param) => filters[param] !== '');
        const selects: SelectFilterSpec<(typeof FILTER_PARAMS)[number]>[] = [
          {
            param: 'metric',
            label: 'Metric',
            anyLabel: 'Any metric',
            options: APPROVAL_METRICS,
            labels: METRIC_LABELS,
          },
          {
            param: 'state',
            label: 'State',
            anyLabel: 'Any state',
            options: SUBMISSION_STATES,
            labels: SUBMISSION_STATE_LABELS,
          },
          {
            param: 'period',
            label: 'Period',
            anyLabel: 'Any period',
            options: periods,
            labels: Object.fromEntries(periods.map((period) => [period, formatPeriod(period)])),
            unknownLabel: formatPeriod,
          },
        ];
        return (
          <>
            <FilterPanel
              className={layoutClass.filters}
              label="Filter the metric values"
              resetLabel="Reset filters"
              canReset={filtered}
              onReset={resetFilters}
              active={selectFiltersInForce(selects, filters)}
              onChange={update}
            >
              <SelectFilters
                idPrefix="metrics"
                filters={selects}
                values={filters}
                onChange={update}
              />
            </FilterPanel>
            <Toolbar>
              <ListCount shown={shown.length} total={data.length} one="value" many="values">
                {` · ${waiting} waiting for review · ${returned} returned`}
                {!mayCreate && !mayReview && ' · read-only for you'}
              </ListCount>
              {submitButton}
            </Toolbar>
            {shown.length === 0 ? (
              <NoMatch title="No metric value matches the filters" onReset={resetFilters} />
            ) : (
              <DataTable
                caption={`Metrics approvals of ${project.name}`}
                busy={isFetching}
                columns={withActions(
                  SUBMISSION_COLUMNS,
                  anyActions &&
                    ((row) => {
                      const name = `${APPROVAL_METRIC_INFO[row.metric].label}, ${formatPeriod(row.period)}`;
                      return (
                        <RowActions of={name}>
                          {canReview(row) && (
                            <Button
                              size="sm"
                              icon={Gavel}
                              onClick={() => setDialog({ kind: 'review', submission: row })}
                            >
                              Review… <span className="visually-hidden">{name}</span>
                            </Button>
                          )}
                          {canResubmit(row) && (
                            <Button
                              size="sm"
                              icon={Upload}
                              onClick={() => setDialog({ kind: 'submit', submission: row })}
                            >
                              {row.state === 'draft' ? 'Attach evidence…' : 'Resubmit…'}{' '}
                              <span className="visually-hidden">{name}</span>
                            </Button>
                          )}
                        </RowActions>
                      );
                    }),
                )}
                rows={shown}
                rowKey={(row) => row.id}
              />
            )}
          </>
        );
      }}
    </AsyncContent>
  );

  return (
    <Stack>
      {content}
      {dialog?.kind === 'submit' && (
        <SubmissionDialog
          projectId={project.id}
          submission={dialog.submission}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'review' && (
        <DecisionDialog
          projectId={project.id}
          submission={dialog.submission}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** The life of a submission, oldest step first, behind a disclosure. */
function SubmissionHistory({ row }: { row: MetricSubmission }) {
  return (
    <details className={styles.history}>
      <summary>History ({row.history.length})</summary>
      <ol>
        {row.history.map((event, index) => (
          <li key={index}>
            <strong>{SUBMISSION_EVENT_LABELS[event.kind]}</strong>{' '}
            {formatMetricValue(row.metric, event.value)} by{' '}
            <span title={personLabel(event.by)}>{event.by.name}</span>, {formatDateTime(event.at)}
            {event.comment && <DetailLine>“{event.comment}”</DetailLine>}
          </li>
        ))}
      </ol>
    </details>
  );
}
