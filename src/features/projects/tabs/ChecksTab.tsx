import { Link } from 'react-router';
import { formatDate, personLabel } from '../../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../../api/contract/pollLabels';
import type { PollListItem } from '../../../api/contract/polls';
import { CREATE_PERMISSIONS } from '../../../api/contract/pollRules';
import { Button } from '../../../shared/ui/Button';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useGetPollsQuery } from '../../checks/api';
import { InvalidFlag, ProgressBar, StatusBadge } from '../../checks/embed';
import type { CardTabProps } from '../card/cardTab';
import { Stack, Toolbar } from '../../../shared/ui/Layout';

/** Checks of a project at once: a project has tens, never thousands. */
const PAGE_SIZE = 100;

/** A check's columns: the check (a link, the card's title), type, status, progress, people, dates. */
const CHECK_COLUMNS: Column<PollListItem>[] = [
  {
    id: 'check',
    header: 'Check',
    rowHeader: true,
    kind: 'date',
    cell: (poll) => (
      <Link to={`/checks/${poll.id}`}>
        Check {poll.id}
        {poll.index && ` · ${poll.index}`}
      </Link>
    ),
  },
  { id: 'type', header: 'Type', cell: (poll) => POLL_TYPE_LABELS[poll.type] },
  {
    id: 'status',
    header: 'Status',
    cell: (poll) => (
      <>
        <StatusBadge status={poll.status} /> {poll.is_invalid && <InvalidFlag />}
      </>
    ),
  },
  { id: 'progress', header: 'Progress', cell: (poll) => <ProgressBar percent={poll.progress} /> },
  {
    id: 'expert',
    header: 'Main expert',
    cell: (poll) => (poll.main_expert ? personLabel(poll.main_expert) : '—'),
  },
  { id: 'created', header: 'Created', kind: 'date', cell: (poll) => formatDate(poll.created_at) },
  { id: 'due', header: 'Due', kind: 'date', cell: (poll) => formatDate(poll.due_date) },
];

/** The Checks tab: this project's checks, newest first, each a link; start one with a create flag. */
export default function ChecksTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, refetch } = useGetPollsQuery({
    project: project.id,
    ordering: '-created_at',
    page_size: PAGE_SIZE,
  });
  const mayCreate = CREATE_PERMISSIONS.some((flag) => permissions.includes(flag));
  const start = mayCreate ? (
    <Button variant="primary" to={`/checks/configure_new?project=${project.id}`}>
      Start a check
    </Button>
  ) : null;

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the checks…', rows: 5, columns: 6 } }}
      failed="The checks could not be loaded"
    >
      {(data) => {
        if (data.results.length === 0)
          return (
            <EmptyState title="No checks on this project yet" actions={start}>
              <p>Health checks, self checks and audits of this project appear here.</p>
            </EmptyState>
          );
        return (
          <Stack>
            <Toolbar>
              <p className="muted">
                {data.count === 1 ? '1 check' : `${data.count} checks`}, newest first
              </p>
              {start}
            </Toolbar>
            <DataTable
              caption={`Checks of ${project.name}`}
              columns={CHECK_COLUMNS}
              rows={data.results}
              rowKey={(poll) => poll.id}
            />
          </Stack>
        );
      }}
    </AsyncContent>
  );
}
