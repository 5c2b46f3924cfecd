import { Link } from 'react-router';
import type { BusinessSegmentDetail } from '../../api/contract/accounts';
import type { Crumb } from '../../shared/ui/Breadcrumb';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Fact } from '../../shared/ui/Fact';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useGetBusinessSegmentQuery } from './api';
import { AccountsTable } from './AccountsTable';
import { Panel, PlaceLink, PlacePage, RiskCounts, type PageAccess } from './parts';
import styles from './accounts.module.css';

/** `/accounts/business-segments/{id}`: a segment with its lines, accounts, projects and open risks. */
export default function BusinessSegmentPage() {
  return (
    <PlacePage<BusinessSegmentDetail>
      param="segmentId"
      noun="business segment"
      useQuery={useGetBusinessSegmentQuery}
    >
      {(segment, access) => <SegmentView segment={segment} access={access} />}
    </PlacePage>
  );
}

function SegmentView({ segment, access }: { segment: BusinessSegmentDetail; access: PageAccess }) {
  const lineRisks = segment.lines.reduce((sum, line) => sum + line.open_risks, 0);
  const lineIssues = segment.lines.reduce((sum, line) => sum + line.open_issues, 0);
  const breadcrumb: Crumb[] = access.accounts ? [{ label: 'Accounts', to: '/accounts' }] : [];
  return (
    <section aria-labelledby="segment-title" className={styles.page}>
      <PageHeader
        titleId="segment-title"
        breadcrumb={breadcrumb}
        title={segment.name}
        subtitle="Business segment"
      >
        <dl className={`facts ${styles.facts}`}>
          <Fact term="Business lines">{segment.lines.length}</Fact>
          <Fact term="Accounts">{segment.accounts.length}</Fact>
          <Fact term="Projects">{segment.projects_count}</Fact>
          <Fact term="All open risks">{segment.segment_risks.risks + lineRisks}</Fact>
          <Fact term="All open issues">{segment.segment_risks.issues + lineIssues}</Fact>
        </dl>
      </PageHeader>
      <div className={styles.grid}>
        <Panel id="segment-risks-title" title="Open risks and issues at the segment level">
          <RiskCounts counts={segment.segment_risks} label="Business segment level" />
          <p>
            <Link to={`/risks?level=business_segment&scope=${segment.id}`}>
              Business segment risks and issues
            </Link>
          </p>
          <p className="muted">
            Below it, its lines, accounts and projects hold {lineRisks} open risks and {lineIssues}{' '}
            open issues.
          </p>
        </Panel>
        {access.projects && (
          <Panel id="segment-portfolio-title" title="Project portfolio">
            <p>
              {segment.projects_count} projects over {segment.accounts.length} accounts.
            </p>
            <p>
              <Link to={`/projects?segment=${segment.id}`}>
                This segment in the project portfolio
              </Link>
            </p>
          </Panel>
        )}
      </div>
      <Panel id="segment-lines-title" title="Business lines">
        {segment.lines.length === 0 ? (
          <p className="muted">No business lines in this segment.</p>
        ) : (
          <DataTable
            caption={`Business lines of ${segment.name}`}
            columns={lineColumns(access)}
            rows={segment.lines}
            rowKey={(line) => line.id}
          />
        )}
      </Panel>
      <Panel id="segment-accounts-title" title="Accounts">
        {segment.accounts.length === 0 ? (
          <p className="muted">No accounts in this segment.</p>
        ) : (
          <AccountsTable
            caption={`Accounts of ${segment.name}`}
            rows={segment.accounts}
            access={access}
            columns={['line']}
          />
        )}
      </Panel>
    </section>
  );
}

type SegmentLine = BusinessSegmentDetail['lines'][number];

/** The segment's lines with their counts: below 600 px each is a card, its name first. */
const lineColumns = (access: PageAccess): Column<SegmentLine>[] => [
  {
    id: 'line',
    header: 'Business line',
    rowHeader: true,
    cell: (line) => <PlaceLink kind="line" place={line} access={access} />,
  },
  { id: 'accounts', header: 'Accounts', kind: 'number', cell: (line) => line.accounts_count },
  { id: 'projects', header: 'Projects', kind: 'number', cell: (line) => line.projects_count },
  { id: 'risks', header: 'All open risks', kind: 'number', cell: (line) => line.open_risks },
  { id: 'issues', header: 'All open issues', kind: 'number', cell: (line) => line.open_issues },
];
