import {
  CHECK_OUTCOME_ORDERING_FIELDS,
  CHECK_VIEW_FLAGS,
  type CheckOutcomeQuery,
  type CheckOutcomeRow,
} from '../../api/contract/checkViews';
import { formatDate, personLabel } from '../../api/contract/display';
import { OUTCOME_SEVERITY_LABELS } from '../../api/contract/pollLabels';
import { OUTCOME_SEVERITIES } from '../../api/contract/polls';
import { codeIn } from '../../shared/lib/searchParams';
import { Badge } from '../../shared/ui/Badge';
import { useGetCheckOutcomesQuery } from './api';
import {
  CheckLink,
  CheckViewList,
  checkColumns,
  ClampedText,
  surveyPath,
  useViewQuery,
  type ViewColumn,
  type ViewSpec,
} from './CheckViewList';
import styles from './checkViews.module.css';
import { isOverdue } from '../../shared/lib/today';

const COLUMNS: ViewColumn<CheckOutcomeRow>[] = [
  {
    label: 'Finding',
    rowHeader: true,
    cell: ({ check, project, finding }) => (
      <CheckLink
        to={surveyPath(check, 'outcomes')}
        label={finding.title}
        detail={`${project.name} · ${check.index}`}
      />
    ),
  },
  {
    label: 'Severity',
    ordering: 'severity',
    cell: ({ finding }) => (
      <span className={styles.severity} data-severity={finding.severity}>
        {OUTCOME_SEVERITY_LABELS[finding.severity]}
      </span>
    ),
  },
  {
    label: 'Description',
    wide: true,
    cell: ({ finding }) => <ClampedText text={finding.description} empty="No description." />,
  },
  {
    label: 'Corrective action',
    ordering: 'action_due_date',
    sortedAs: "Corrective action's due date",
    cell: ({ finding }) => <CorrectiveAction finding={finding} />,
  },
  { label: 'Project', ordering: 'project', cell: ({ project }) => project.name },
  ...checkColumns<CheckOutcomeRow>({ model: false }),
];

/** Who fixes the finding, by when, and whether it is done or overdue; 'None' without one. */
function CorrectiveAction({ finding }: { finding: CheckOutcomeRow['finding'] }) {
  const { owner, due_date: due, done_at: done } = finding;
  if (!owner || !due) return <span className={styles.empty}>None</span>;
  const overdue = !done && isOverdue(due);
  return (
    <>
      <span className={styles.label}>{personLabel(owner)}</span>
      <span className={styles.nowrap}>due {formatDate(due)}</span>{' '}
      {done ? (
        <Badge tone="success">Done {formatDate(done)}</Badge>
      ) : overdue ? (
        <Badge tone="danger">Overdue</Badge>
      ) : (
        <Badge tone="info">Open</Badge>
      )}
    </>
  );
}

const SPEC: ViewSpec<CheckOutcomeRow> = {
  id: 'outcomes',
  title: 'Audit outcomes',
  subtitle:
    'Every finding of the audits whose outcomes you may see, with its corrective action, the most serious first.',
  noun: 'audit findings',
  searchHint: 'Project, account, index or the finding',
  columns: COLUMNS,
  // The server's order without `ordering`: the most serious findings first.
  defaultOrdering: ['severity', false],
  orderingFields: CHECK_OUTCOME_ORDERING_FIELDS,
  extraSelects: [
    {
      param: 'severity',
      label: 'Severity',
      anyLabel: 'Any severity',
      options: OUTCOME_SEVERITIES,
      labels: OUTCOME_SEVERITY_LABELS,
    },
  ],
  extraReaders: { severity: codeIn(OUTCOME_SEVERITIES) },
  flag: CHECK_VIEW_FLAGS.outcomes,
  rowKey: (row) => row.finding.id,
};

/** `/outcomes`: the findings of every audit whose outcomes the user may see. */
export default function OutcomesPage() {
  const rows = useGetCheckOutcomesQuery(useViewQuery<CheckOutcomeQuery>(SPEC));
  return <CheckViewList spec={SPEC} rows={rows} />;
}
