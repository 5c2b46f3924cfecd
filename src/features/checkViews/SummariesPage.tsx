import {
  CHECK_VIEW_FLAGS,
  CHECK_VIEW_ORDERING_FIELDS,
  type CheckSummaryRow,
  type CheckViewQuery,
} from '../../api/contract/checkViews';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import type { SummarySections } from '../../api/contract/polls';
import { CompareLink } from '../compare/embed';
import { useGetCheckSummariesQuery } from './api';
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

const COLUMNS: ViewColumn<CheckSummaryRow>[] = [
  {
    label: 'Project',
    ordering: 'project',
    rowHeader: true,
    cell: ({ check, project, comparable }) => (
      <>
        <CheckLink
          to={surveyPath(check, 'summary')}
          label={project.name}
          detail={`${POLL_TYPE_LABELS[check.type]} ${check.index}`}
        />
        <CompareLink
          pollId={check.id}
          comparable={comparable}
          label={`Compare ${POLL_TYPE_LABELS[check.type]} ${check.index}`}
        />
      </>
    ),
  },
  ...checkColumns<CheckSummaryRow>(),
  {
    label: "Experts' summary",
    wide: true,
    cell: (row) => <Summary sections={row.experts_summary} />,
  },
  {
    label: "Project manager's summary",
    wide: true,
    cell: (row) => <Summary sections={row.pms_summary} />,
  },
];

/** One side's summary: its risk status, then its summary, each clamped. */
function Summary({ sections }: { sections: SummarySections }) {
  return (
    <>
      <div className={styles.part}>
        <span className={styles.label}>Risk status</span>
        <ClampedText text={sections.risk_status} empty="Not written yet." />
      </div>
      <div className={styles.part}>
        <span className={styles.label}>Summary</span>
        <ClampedText text={sections.summary} empty="Not written yet." />
      </div>
    </>
  );
}

const SPEC: ViewSpec<CheckSummaryRow> = {
  id: 'summaries',
  title: 'Check summaries',
  subtitle:
    'The risk status and summary the experts and the project manager wrote, for every check you may see.',
  noun: 'check summaries',
  searchHint: 'Project, account, index or the summaries',
  columns: COLUMNS,
  // The server's order without `ordering`: the latest due date first.
  defaultOrdering: ['due_date', true],
  orderingFields: CHECK_VIEW_ORDERING_FIELDS,
  flag: CHECK_VIEW_FLAGS.summaries,
  rowKey: (row) => row.check.id,
};

/** `/summary`: the check summaries (risk status and summary) of every check the user may see. */
export default function SummariesPage() {
  const rows = useGetCheckSummariesQuery(useViewQuery<CheckViewQuery>(SPEC));
  return <CheckViewList spec={SPEC} rows={rows} />;
}
