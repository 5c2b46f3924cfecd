import { Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../api/baseQuery';
import { ACCOUNT_TAB_FLAG, accountPath } from '../../../api/contract/accounts';
import { personLabel } from '../../../api/contract/display';
import { PROJECT_STATUS_LABELS, type ProjectDetail } from '../../../api/contract/projects';
import { useAppDispatch } from '../../../app/hooks';
import { Badge } from '../../../shared/ui/Badge';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import { BACK_TO_PORTFOLIO } from '../../../shared/ui/ErrorScreen';
import { Fact } from '../../../shared/ui/Fact';
import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Tabs } from '../../../shared/ui/Tabs';
import { useGetCurrentUserQuery } from '../../auth/api';
import { AddressText, NotFoundPage, NotSharedAt } from '../../errors/embed';
import { trackUsage } from '../../stats/api';
import { useGetProjectQuery } from '../api';
import { CARD_TABS, cardPath, visibleTabs, type CardTab } from './tabs';
import styles from './ProjectCard.module.css';

export const STATUS_TONES = { active: 'success', on_hold: 'warning', closed: 'neutral' } as const;

/**
 * `/projects/{id}` and `/projects/{id}/{tab}`: the project card. Each tab is a route and its own
 * chunk, shown only with its viewing flag; an unknown project, a hidden tab and an unknown tab are
 * the not-found page, with the way back to the portfolio or to the project.
 */
export default function ProjectCardPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const projectId = Number(params.projectId);
  const slug = params.tab ?? '';
  const valid = Number.isInteger(projectId) && projectId > 0;
  const {
    data: project,
    error,
    isLoading,
    isError,
    refetch,
  } = useGetProjectQuery(projectId, {
    skip: !valid,
  });
  const { data: user } = useGetCurrentUserQuery();
  const permissions = user?.permissions ?? [];
  const tabs = visibleTabs(permissions);
  const tab = tabs.find((candidate) => candidate.slug === slug);
  const status = (error as ApiError | undefined)?.status;

  useTabStats(project, tab);

  if (!valid || status === 403 || status === 404)
    return <NotFoundPage explanation={<NotSharedAt noun="project" />} back={BACK_TO_PORTFOLIO} />;
  if (isLoading || !user) return <LoadingScreen label="Loading the project…" />;
  if (isError || !project)
    return <LoadFailed title="The project could not be loaded" onRetry={() => void refetch()} />;
  if (!tab) return <TabNotFound project={project} slug={slug} pathname={pathname} />;
  if (params.tab === '') return <Navigate to={cardPath(projectId)} replace />;

  return (
    <section aria-labelledby="project-title" className={styles.card}>
      <ProjectHeader project={project} tab={tab} permissions={permissions} />
      <CardTabs project={project} tabs={tabs} selected={tab} permissions={permissions} />
    </section>
  );
}

/**
 * A tab the card has but this user may not view (its viewing flag is missing), or a tab the card
 * does not have: the not-found page, saying which, with the way back to the project's card.
 */
function TabNotFound({
  project,
  slug,
  pathname,
}: {
  project: ProjectDetail;
  slug: string;
  pathname: string;
}) {
  const hidden = CARD_TABS.find((candidate) => candidate.slug === slug);
  return (
    <NotFoundPage
      explanation={
        hidden ? (
          <>
            The {hidden.label} of {project.name} is not open to your role. If you need it, ask your
            account delivery owner or the platform support team.
          </>
        ) : (
          <>
            {project.name} has no tab at <AddressText>{pathname}</AddressText>. The address may be
            mistyped, or the tab may have moved.
          </>
        )
      }
      back={{ to: cardPath(project.id), label: `Back to ${project.name}` }}
    />
  );
}

function ProjectHeader({
  project,
  tab,
  permissions,
}: {
  project: ProjectDetail;
  tab: CardTab;
  permissions: readonly string[];
}) {
  return (
    <PageHeader
      titleId="project-title"
      // Each tab its own title, in the words of its heading and the card's h1.
      documentTitle={`${tab.label} · ${project.name}`}
      breadcrumb={[
        { label: 'Project portfolio', to: '/projects' },
        {
          label: project.account.name,
          to: `/projects?account=${project.account.id}`,
        },
      ]}
      title={project.name}
      subtitle={
        <span className={styles.badges}>
          <span className={styles.code}>{project.code}</span>
          <Badge tone={STATUS_TONES[project.status]}>{PROJECT_STATUS_LABELS[project.status]}</Badge>
          {project.high_ownership && <Badge tone="info">High ownership</Badge>}
          {project.exclude_from_kpi && <Badge tone="warning">Excluded from KPI</Badge>}
        </span>
      }
    >
      <dl className={`facts ${styles.facts}`}>
        <Fact term="Account">
          {permissions.includes(ACCOUNT_TAB_FLAG) ? (
            <Link to={accountPath(project.account.id)}>{project.account.name}</Link>
          ) : (
            project.account.name
          )}
        </Fact>
        <Fact term="Business line">{project.business_line.name}</Fact>
        <Fact term="Business segment">{project.business_segment.name}</Fact>
        <Fact term="Project manager">
          {project.manager ? personLabel(project.manager) : 'Not assigned'}
        </Fact>
      </dl>
    </PageHeader>
  );
}

function CardTabs({
  project,
  tabs,
  selected,
  permissions,
}: {
  project: ProjectDetail;
  tabs: readonly CardTab[];
  selected: CardTab;
  permissions: readonly string[];
}) {
  const navigate = useNavigate();
  const { Panel } = selected;
  return (
    <Tabs
      label="Project card sections"
      vertical
      manual
      tabs={tabs.map((tab) => ({ id: tab.slug || 'overview', label: tab.label }))}
      selected={selected.slug || 'overview'}
      onSelect={(id) => void navigate(cardPath(project.id, id === 'overview' ? '' : id))}
    >
      <h2 className={styles.tabTitle}>{selected.label}</h2>
      {Panel ? (
        <Suspense fallback={<LoadingScreen label={`Loading ${selected.label.toLowerCase()}…`} />}>
          <Panel project={project} permissions={permissions} />
        </Suspense>
      ) : (
        <p className="muted">{selected.summary}</p>
      )}
    </Tabs>
  );
}

/** Usage statistics (spec §3, §7): each tab opened, with the project and where it sits. */
function useTabStats(project: ProjectDetail | undefined, tab: CardTab | undefined) {
  const dispatch = useAppDispatch();
  const projectId = project?.id;
  const slug = tab?.slug;
  useEffect(() => {
    if (!project || slug === undefined) return;
    void dispatch(
      trackUsage({
        action: 'tab_visit',
        tab: slug || 'overview',
        project_id: project.id,
        account_id: project.account.id,
        business_line_id: project.business_line.id,
        business_segment_id: project.business_segment.id,
      }),
    );
    // Once per project and tab, not on every refetch of the project.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, projectId, slug]);
}
