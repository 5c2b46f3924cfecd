import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_EDIT_FLAG,
  type AccountDetail,
  type AccountHistoryEntry,
} from '../../api/contract/accounts';
import { formatDate, formatDateTime, personLabel } from '../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { canListChecks } from '../../api/contract/pollRules';
import { PROJECT_STATUS_LABELS } from '../../api/contract/projects';
import { useAppDispatch } from '../../app/hooks';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { StatusPill } from '../../shared/ui/StatusPill';
import { Fact } from '../../shared/ui/Fact';
import { Spinner } from '../../shared/ui/LoadingScreen';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useGetPollsQuery } from '../checks/api';
import { ProgressBar, StatusBadge } from '../checks/embed';
import { trackUsage } from '../stats/api';
import { useGetAccountHistoryQuery, useGetAccountQuery } from './api';
import { ExtraAssistants } from './ExtraAssistants';
import {
  CsatBadge,
  NpsBadge,
  Panel,
  PlaceLink,
  PlacePage,
  RiskCounts,
  count,
  type PageAccess,
} from './parts';
import { LoadFailed } from '../../shared/ui/EmptyState';
import styles from './accounts.module.css';
import { TargetsPanel } from '../projects/embed';

/** Spec §6, in the words the page shows. */
export const CRM_PEOPLE_NOTE =
  'The delivery owner and the owner assistant are changed in the CRM, not on this platform.';
export const CRM_STATUS_NOTE = 'NPS and CSAT statuses come from the CRM and are changed there.';

/** How many of the account's latest checks the page shows. */
const LATEST_CHECKS = 5;

/**
 * `/accounts/{id}`: the account details. Who looks after it (the CRM's people, read-only; the
 * extra assistants, editable with CAN_EDIT_PROJECT_CARD), its satisfaction, projects, open risks
 * and issues, latest checks, dashboard pages and history.
 */
export default function AccountPage() {
  return (
    <PlacePage<AccountDetail> param="accountId" noun="account" useQuery={useGetAccountQuery}>
      {(account, access, permissions) => (
        <AccountView account={account} access={access} permissions={permissions} />
      )}
    </PlacePage>
  );
}

function AccountView({
  account,
  access,
  permissions,
}: {
  account: AccountDetail;
  access: PageAccess;
  permissions: readonly string[];
}) {
  useVisitStats(account);
  return (
    <section aria-labelledby="account-title" className={styles.page}>
      <AccountHeader account={account} access={access} />
      <div className={styles.grid}>
        <Panel id="crm-people-title" title="Delivery owner and assistant">
          <dl className="facts">
            <Fact term="Delivery owner">
              {account.delivery_owner ? personLabel(account.delivery_owner) : 'Not set in the CRM'}
            </Fact>
            <Fact term="Owner assistant">
              {account.owner_assistant
                ? personLabel(account.owner_assistant)
                : 'Not set in the CRM'}
            </Fact>
          </dl>
          <p className={styles.note}>{CRM_PEOPLE_NOTE}</p>
        </Panel>
        <ExtraAssistants account={account} canEdit={permissions.includes(ACCOUNT_EDIT_FLAG)} />
        <Panel id="satisfaction-title" title="Client satisfaction">
          <dl className="facts">
            <Fact term="NPS status">
              <NpsBadge status={account.nps_status} />
            </Fact>
            <Fact term="CSAT status">
              <CsatBadge status={account.csat_status} />
            </Fact>
          </dl>
          <p className={styles.note}>{CRM_STATUS_NOTE}</p>
        </Panel>
        {access.risks && <OpenRisks account={account} />}
        {canListChecks(permissions) && <LatestChecks account={account} />}
        {access.dashboard && <DashboardLinks account={account} />}
      </div>
      <Projects account={account} access={access} />
      <TargetsPanel
        source={{ account: account.id }}
        editable={permissions.includes('CAN_EDIT_ACCOUNT_TARGETS')}
        title="Account targets"
        titleLevel={2}
        description="The delivery targets the account sets for itself, quarter by quarter."
      />
      <History accountId={account.id} />
    </section>
  );
}

function AccountHeader({ account, access }: { account: AccountDetail; access: PageAccess }) {
  return (
    <PageHeader
      titleId="account-title"
      breadcrumb={[{ label: 'Accounts', to: '/accounts' }]}
      title={account.name}
      subtitle="Account"
    >
      <dl className={`facts ${styles.facts}`}>
        <Fact term="Business line">
          <PlaceLink kind="line" place={account.business_line} access={access} />
        </Fact>
        <Fact term="Business segment">
          <PlaceLink kind="segment" place={account.business_segment} access={access} />
        </Fact>
        <Fact term="Projects">{account.projects.length}</Fact>
      </dl>
    </PageHeader>
  );
}

function OpenRisks({ account }: { account: AccountDetail }) {
  return (
    <Panel id="open-risks-title" title="Open risks and issues">
      <h3>Account level</h3>
      <RiskCounts counts={account.account_risks} label="Account level" />
      <p>
        <Link to={`/risks?level=account&scope=${account.id}`}>Account-level risks and issues</Link>
      </p>
      <h3>Project level, over its {count(account.projects.length, 'project')}</h3>
      <RiskCounts counts={account.project_risks} label="Project level" />
      <p>
        {/* The register lists one project at a time: each project's list is linked in its row. */}
        <a href="#projects-title">Each project’s risks and issues, in the projects below</a>
      </p>
    </Panel>
  );
}

function LatestChecks({ account }: { account: AccountDetail }) {
  const { data, isLoading, isError } = useGetPollsQuery({
    account: account.name,
    ordering: '-created_at',
    page_size: LATEST_CHECKS,
  });
  // The filter matches names that contain this one; only this account's checks are shown.
  const polls = (data?.results ?? []).filter((poll) => poll.account.name === account.name);
  return (
    <Panel id="latest-checks-title" title="Latest checks">
      {isLoading ? (
        <p className="muted">
          <Spinner /> Loading the checks…
        </p>
      ) : isError || !data ? (
        <p role="alert">The checks could not be loaded.</p>
      ) : polls.length === 0 ? (
        <p className="muted">No checks on this account’s projects yet.</p>
      ) : (
        <ul className={styles.list}>
          {polls.map((poll) => (
            <li key={poll.id} className={styles.listRow}>
              <span>
                <Link to={`/checks/${poll.id}`}>
                  {POLL_TYPE_LABELS[poll.type]} {poll.id}
                </Link>{' '}
                <span className="muted">· {poll.project.name}</span>
              </span>
              <StatusBadge status={poll.status} />
              <ProgressBar percent={poll.progress} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`/checks?account=${encodeURIComponent(account.name)}`}>
          All checks of this account
        </Link>
      </p>
    </Panel>
  );
}

function DashboardLinks({ account }: { account: AccountDetail }) {
  const base = `/dashboard/account/${account.id}`;
  return (
    <Panel id="dashboard-title" title="Dashboard">
      <ul className={styles.list}>
        <li>
          <Link to={base}>Account dashboard</Link>
        </li>
        <li>
          <Link to={`${base}/riskiness`}>Riskiness</Link>
        </li>
        <li>
          <Link to={`${base}/issueness`}>Issueness</Link>
        </li>
      </ul>
    </Panel>
  );
}

type AccountProject = AccountDetail['projects'][number];

/** Where a project stands, as the same pill on every list. */
const PROJECT_STATUS_TONES: Record<AccountProject['status'], BadgeTone> = {
  active: 'success',
  on_hold: 'warning',
  closed: 'neutral',
};

/** The account's projects: below 600 px each is a card, its name first. */
const projectColumns = (access: PageAccess): Column<AccountProject>[] => [
  {
    id: 'project',
    header: 'Project',
    rowHeader: true,
    kind: 'long',
    cell: (project) => (
      <>
        {access.projects ? (
          <Link to={`/projects/${project.id}`}>{project.name}</Link>
        ) : (
          project.name
        )}
        {project.high_ownership && (
          <>
            {' '}
            <Badge tone="info">High ownership</Badge>
          </>
        )}
      </>
    ),
  },
  { id: 'code', header: 'Code', kind: 'date', cell: (project) => project.code },
  {
    id: 'status',
    header: 'Status',
    cell: (project) => (
      <StatusPill
        status={project.status}
        labels={PROJECT_STATUS_LABELS}
        tones={PROJECT_STATUS_TONES}
      />
    ),
  },
  {
    id: 'manager',
    header: 'Project manager',
    cell: (project) => (project.manager ? personLabel(project.manager) : 'Not assigned'),
  },
  {
    id: 'risks',
    header: 'Open risks',
    kind: 'number',
    cell: (project) =>
      access.risks ? (
        <Link
          to={`/risks?level=project&scope=${project.id}`}
          aria-label={`${project.open_risks} open risks of ${project.name}`}
        >
          {project.open_risks}
        </Link>
      ) : (
        project.open_risks
      ),
  },
  { id: 'issues', header: 'Open issues', kind: 'number', cell: (project) => project.open_issues },
];

/** The changes made here: below 600 px each is a card, its date first. */
const HISTORY_COLUMNS: Column<AccountHistoryEntry>[] = [
  {
    id: 'when',
    header: 'When',
    kind: 'date',
    rowHeader: true,
    cell: (entry) => (
      <time dateTime={entry.at} title={formatDateTime(entry.at)}>
        {formatDate(entry.at)}
      </time>
    ),
  },
  { id: 'who', header: 'Who', cell: (entry) => personLabel(entry.by) },
  { id: 'field', header: 'Field', cell: (entry) => entry.field },
  { id: 'before', header: 'Before', kind: 'long', cell: (entry) => entry.old_value || '—' },
  { id: 'after', header: 'After', kind: 'long', cell: (entry) => entry.new_value || '—' },
];

function Projects({ account, access }: { account: AccountDetail; access: PageAccess }) {
  return (
    <Panel id="projects-title" title="Projects">
      {account.projects.length === 0 ? (
        <p className="muted">No projects on this account.</p>
      ) : (
        <DataTable
          caption={`Projects of ${account.name}`}
          columns={projectColumns(access)}
          rows={account.projects}
          rowKey={(project) => project.id}
        />
      )}
    </Panel>
  );
}

function History({ accountId }: { accountId: number }) {
  const { data, isLoading, isError, refetch } = useGetAccountHistoryQuery(accountId);
  return (
    <Panel id="history-title" title="History">
      {isLoading ? (
        <p className="muted">
          <Spinner /> Loading the history…
        </p>
      ) : isError || !data ? (
        <LoadFailed title="The history could not be loaded" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="muted">No changes made on this platform yet.</p>
      ) : (
        <DataTable
          caption="Changes made on the account"
          columns={HISTORY_COLUMNS}
          rows={data}
          rowKey={(entry) => entry.id}
        />
      )}
    </Panel>
  );
}

/** Usage statistics (spec §3, §7): the account page opened, with where the account sits. */
function useVisitStats(account: AccountDetail) {
  const dispatch = useAppDispatch();
  const id = account?.id;
  useEffect(() => {
    void dispatch(
      trackUsage({
        action: 'tab_visit',
        tab: 'account',
        account_id: account.id,
        business_line_id: account.business_line.id,
        business_segment_id: account.business_segment.id,
      }),
    );
    // Once per account, not on every refetch of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, id]);
}
