import { Link } from 'react-router';
import { businessSegmentPath, type BusinessLineDetail } from '../../api/contract/accounts';
import { Fact } from '../../shared/ui/Fact';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { Crumb } from '../../shared/ui/Breadcrumb';
import { useGetBusinessLineQuery } from './api';
import { AccountsTable } from './AccountsTable';
import { openUnder, Panel, PlaceLink, PlacePage, RiskCounts, type PageAccess } from './parts';
import styles from './accounts.module.css';

/** `/accounts/business-lines/{id}`: a business line with its accounts, projects and open risks. */
export default function BusinessLinePage() {
  return (
    <PlacePage<BusinessLineDetail>
      param="lineId"
      noun="business line"
      useQuery={useGetBusinessLineQuery}
    >
      {(line, access) => <LineView line={line} access={access} />}
    </PlacePage>
  );
}

function LineView({ line, access }: { line: BusinessLineDetail; access: PageAccess }) {
  const under = openUnder(line.accounts);
  const breadcrumb: Crumb[] = [];
  if (access.accounts) breadcrumb.push({ label: 'Accounts', to: '/accounts' });
  if (access.segments)
    breadcrumb.push({
      label: line.business_segment.name,
      to: businessSegmentPath(line.business_segment.id),
    });
  return (
    <section aria-labelledby="line-title" className={styles.page}>
      <PageHeader
        titleId="line-title"
        breadcrumb={breadcrumb}
        title={line.name}
        subtitle="Business line"
      >
        <dl className={`facts ${styles.facts}`}>
          <Fact term="Business segment">
            <PlaceLink kind="segment" place={line.business_segment} access={access} />
          </Fact>
          <Fact term="Accounts">{line.accounts.length}</Fact>
          <Fact term="Projects">{line.projects_count}</Fact>
          <Fact term="All open risks">{line.line_risks.risks + under.risks}</Fact>
          <Fact term="All open issues">{line.line_risks.issues + under.issues}</Fact>
        </dl>
      </PageHeader>
      <div className={styles.grid}>
        <Panel id="line-risks-title" title="Open risks and issues at the business line level">
          <RiskCounts counts={line.line_risks} label="Business line level" />
          <p>
            <Link to={`/risks?level=business_line&scope=${line.id}`}>
              Business line risks and issues
            </Link>
          </p>
          <p className="muted">
            Below it, its accounts and their projects hold {under.risks} open risks and{' '}
            {under.issues} open issues.
          </p>
        </Panel>
        {access.projects && (
          <Panel id="line-portfolio-title" title="Project portfolio">
            <p>
              {line.projects_count} projects over {line.accounts.length} accounts.
            </p>
            <p>
              <Link to={`/projects?line=${line.id}`}>This line in the project portfolio</Link>
            </p>
          </Panel>
        )}
      </div>
      <Panel id="line-accounts-title" title="Accounts">
        {line.accounts.length === 0 ? (
          <p className="muted">No accounts in this business line.</p>
        ) : (
          <AccountsTable
            caption={`Accounts of ${line.name}`}
            rows={line.accounts}
            access={access}
            columns={[]}
          />
        )}
      </Panel>
    </section>
  );
}
