import {
  CHECK_VIEW_FLAGS,
  CHECK_VIEW_ORDERING_FIELDS,
  type CheckOverviewRow,
  type CheckViewQuery,
} from '../../api/contract/checkViews';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { useGetCheckOverviewsQuery } from './api';
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

const COLUMNS: ViewColumn<CheckOverviewRow>[] = [
  {
    label: 'Project',
    ordering: 'project',
    rowHeader: true,
    cell: ({ check, project }) => (
      <CheckLink
        to={surveyPath(check, 'overview')}
        label={project.name}
        detail={`${POLL_TYPE_LABELS[check.type]} ${check.index}`}
      />
    ),
  },
  ...checkColumns<CheckOverviewRow>(),
  {
    label: 'About the project',
    wide: true,
    cell: (row) => <ClampedText text={row.description} empty="No description yet." />,
  },
  {
    label: 'Notes for the experts',
    wide: true,
    cell: (row) => <ClampedText text={row.expert_description} empty="None." />,
  },
];

const SPEC: ViewSpec<CheckOverviewRow> = {
  id: 'overviews',
  title: 'Project overviews',
  subtitle:
    'What each check is about: the project description and the notes for the experts, for every check you may see.',
  noun: 'project overviews',
  searchHint: 'Project, account, index or the texts',
  columns: COLUMNS,
  // The server's order without `ordering`: the latest due date first.
  defaultOrdering: ['due_date', true],
  orderingFields: CHECK_VIEW_ORDERING_FIELDS,
  flag: CHECK_VIEW_FLAGS.overviews,
  rowKey: (row) => row.check.id,
};

/** `/overview`: the project overviews of every check the user may see. */
export default function OverviewsPage() {
  const rows = useGetCheckOverviewsQuery(useViewQuery<CheckViewQuery>(SPEC));
  return <CheckViewList spec={SPEC} rows={rows} />;
}
