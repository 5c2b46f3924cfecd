import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, personLabel } from '../../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../../api/contract/pollLabels';
import { PROJECT_STATUS_LABELS, type ProjectDetail } from '../../../api/contract/projects';
import {
  ISSUE_GRADES,
  ISSUE_GRADE_LABELS,
  RATINGS,
  RATING_LABELS,
  type RiskListItem,
} from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Fact } from '../../../shared/ui/Fact';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useGetPollsQuery } from '../../checks/api';
import { ProgressBar, StatusBadge } from '../../checks/embed';
import { useGetAllRisksQuery } from '../../risks/api';
import { usePatchProjectMutation } from '../api';
import { ProfileRevenue } from '../attributes/embed';
import { cardPath, type CardTabProps } from '../card/cardTab';
import { UnapprovedToolsFlag } from '../genAi/embed';
import { TargetsGlance } from '../targets/embed';
import { Counts, ListRow, Panel, PanelGrid, PlainList, Stack } from '../../../shared/ui/Layout';

const RATING_TONES: Record<string, BadgeTone> = {
  critical: 'danger',
  high: 'danger',
  moderate: 'warning',
  low: 'neutral',
};

/** The Overview tab: key facts, the latest checks, open risks and issues by rating, the flags. */
export default function OverviewTab({ project, permissions }: CardTabProps) {
  return (
    <Stack>
      <UnapprovedToolsFlag projectId={project.id} linked />
      <PanelGrid>
        <KeyFacts project={project} />
        {permissions.includes('CAN_VIEW_CHECKS') && <LatestChecks project={project} />}
        {permissions.includes('CAN_VIEW_RISKS') && <OpenRisks project={project} />}
        <TargetsGlance projectId={project.id} />
      </PanelGrid>
      <ProjectFlags project={project} permissions={permissions} />
    </Stack>
  );
}

function KeyFacts({ project }: { project: ProjectDetail }) {
  return (
    <Panel aria-labelledby="key-facts-title">
      <h3 id="key-facts-title">Key facts</h3>
      <dl className="facts">
        <Fact term="Status">{PROJECT_STATUS_LABELS[project.status]}</Fact>
        <Fact term="Start">{formatDate(project.start_date)}</Fact>
        <Fact term="End">{project.end_date ? formatDate(project.end_date) : 'Open-ended'}</Fact>
        <Fact term="Project manager">
          {project.manager ? personLabel(project.manager) : 'Not assigned'}
        </Fact>
        <Fact term="Team">
          {project.team_size === 1 ? '1 member' : `${project.team_size} members`}
        </Fact>
        <Fact term="Checks running">{project.checks_in_progress}</Fact>
      </dl>
    </Panel>
  );
}

function LatestChecks({ project }: { project: ProjectDetail }) {
  const { data, isLoading, isError, refetch } = useGetPollsQuery({
    project: project.id,
    ordering: '-created_at',
    page_size: 3,
  });
  return (
    <Panel aria-labelledby="latest-checks-title">
      <h3 id="latest-checks-title">Latest checks</h3>
      <AsyncContent
        query={{ data, isLoading, isError, refetch }}
        loading={{ inline: 'Loading the checks…' }}
        failed="The checks could not be loaded"
        failedLevel={3}
        isEmpty={(page) => page.results.length === 0}
        empty={<p className="muted">No checks on this project yet.</p>}
      >
        {(data) => (
          <PlainList>
            {data.results.map((poll) => (
              <ListRow key={poll.id}>
                <Link to={`/checks/${poll.id}`}>
                  {POLL_TYPE_LABELS[poll.type]} {poll.id}
                </Link>
                <StatusBadge status={poll.status} />
                <ProgressBar percent={poll.progress} />
              </ListRow>
            ))}
          </PlainList>
        )}
      </AsyncContent>
      {data && data.count > data.results.length && (
        <p>
          <Link to={cardPath(project.id, 'checks')}>All {data.count} checks</Link>
        </p>
      )}
    </Panel>
  );
}

function countBy<Key extends string>(
  rows: readonly RiskListItem[],
  pick: (row: RiskListItem) => Key | null,
) {
  const counts = new Map<Key, number>();
  for (const row of rows) {
    const key = pick(row);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function OpenRisks({ project }: { project: ProjectDetail }) {
  const { data, isLoading, isError, refetch } = useGetAllRisksQuery({
    level: 'project',
    scope: project.id,
    status: 'open',
  });
  const open = data ?? [];
  const risks = countBy(
    open.filter((row) => row.kind === 'risk'),
    (row) => row.rating,
  );
  const issues = countBy(
    open.filter((row) => row.kind === 'issue'),
    (row) => row.severity,
  );
  const riskTotal = [...risks.values()].reduce((sum, n) => sum + n, 0);
  const issueTotal = [...issues.values()].reduce((sum, n) => sum + n, 0);
  return (
    <Panel aria-labelledby="open-risks-title">
      <h3 id="open-risks-title">Open risks and issues</h3>
      <AsyncContent
        query={{ data, isLoading, isError, refetch }}
        loading={{ inline: 'Loading the risks…' }}
        failed="The risks could not be loaded"
        failedLevel={3}
      >
        {() => (
          <dl className="facts">
            <Fact term={`Risks (${riskTotal})`}>
              <Counts aria-label="Open risks by rating">
                {[...RATINGS].reverse().map((rating) => (
                  <li key={rating}>
                    <Badge tone={RATING_TONES[rating]}>
                      {RATING_LABELS[rating]}: {risks.get(rating) ?? 0}
                    </Badge>
                  </li>
                ))}
              </Counts>
            </Fact>
            <Fact term={`Issues (${issueTotal})`}>
              <Counts aria-label="Open issues by severity">
                {ISSUE_GRADES.map((grade) => (
                  <li key={grade}>
                    <Badge tone={RATING_TONES[grade]}>
                      {ISSUE_GRADE_LABELS[grade]}: {issues.get(grade) ?? 0}
                    </Badge>
                  </li>
                ))}
              </Counts>
            </Fact>
          </dl>
        )}
      </AsyncContent>
      <p>
        <Link to={cardPath(project.id, 'risks')}>Open the project’s risks and issues</Link>
      </p>
    </Panel>
  );
}

type FlagName = 'exclude_from_kpi' | 'ada';
const FLAGS: { name: FlagName; label: string; flag: string; on: string; off: string }[] = [
  {
    name: 'exclude_from_kpi',
    label: 'Excluded from KPI',
    flag: 'CAN_EXCLUDE_FROM_KPI',
    on: 'The project’s checks and risks no longer count in the KPI figures of its account, line and segment.',
    off: 'The project’s checks and risks count in the KPI figures again.',
  },
  {
    name: 'ada',
    label: 'ADA',
    flag: 'CAN_EDIT_ADA',
    on: 'The project is marked as taking part in ADA.',
    off: 'The project is no longer marked as taking part in ADA.',
  },
];

/** The project's flags: exclude from KPI and ADA, each changed after a confirmation. */
function ProjectFlags({ project, permissions }: CardTabProps) {
  const [pending, setPending] = useState<FlagName | null>(null);
  const [patchProject, { isLoading }] = usePatchProjectMutation();
  const flag = FLAGS.find((candidate) => candidate.name === pending);
  const next = flag ? !project[flag.name] : false;

  const confirm = async () => {
    if (!flag) return;
    try {
      await patchProject({ id: project.id, [flag.name]: next }).unwrap();
      notify.success(`${flag.label}: ${next ? 'yes' : 'no'}.`);
      setPending(null);
    } catch {
      // The error toast says why; the dialog stays for another try.
    }
  };

  return (
    <Panel aria-labelledby="flags-title">
      <h3 id="flags-title">Project flags</h3>
      <PlainList>
        {FLAGS.map((item) => {
          const value = project[item.name];
          const mayEdit = permissions.includes(item.flag);
          return (
            <ListRow key={item.name}>
              <span>
                {item.label}: <strong>{value ? 'Yes' : 'No'}</strong>
              </span>
              {mayEdit && (
                <Button size="sm" onClick={() => setPending(item.name)}>
                  {value ? `Clear “${item.label}”` : `Set “${item.label}”`}
                </Button>
              )}
            </ListRow>
          );
        })}
      </PlainList>
      <ProfileRevenue project={project} permissions={permissions} />
      <ConfirmDialog
        open={flag !== undefined}
        title={flag ? `${next ? 'Set' : 'Clear'} “${flag.label}”?` : ''}
        confirmLabel={next ? 'Set' : 'Clear'}
        busyLabel="Saving…"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <p>{flag && (next ? flag.on : flag.off)}</p>
      </ConfirmDialog>
    </Panel>
  );
}
