import { Link } from 'react-router';
import { TARGET_METRIC_INFO, formatTargetValue, periodOf } from '../../../api/contract/targets';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { cardPath } from '../card/cardTab';
import { Panel } from '../../../shared/ui/Layout';
import { useGetTargetsQuery } from './api';
import { TargetStatusBadge } from './TargetStatusBadge';
import styles from './targets.module.css';

/**
 * 'Targets at a glance', a panel of the Overview tab: the running quarter's targets of the
 * project (its own first, then the account's for it) with their status, and a link to the tab.
 */
export function TargetsGlance({ projectId }: { projectId: number }) {
  const { data, isLoading, isError, refetch } = useGetTargetsQuery({ project: projectId });
  const period = periodOf(new Date());
  const current = (data ?? [])
    .filter((target) => target.period === period)
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'project' ? -1 : 1));
  return (
    <Panel aria-labelledby="targets-glance-title">
      <h3 id="targets-glance-title">Targets at a glance</h3>
      <AsyncContent
        query={{ data, isLoading, isError, refetch }}
        loading={{ inline: 'Loading the targets…' }}
        failed="The targets could not be loaded"
        failedLevel={3}
        isEmpty={() => current.length === 0}
        empty={<p className="muted">No targets for {period}.</p>}
      >
        {() => (
          <>
            <p className="muted">This quarter, {period}</p>
            <ul className={styles.glance} aria-label={`Targets of ${period}`}>
              {current.map((target) => (
                <li key={target.id} className={styles.glanceRow}>
                  <span>
                    {TARGET_METRIC_INFO[target.metric].label}
                    <span className={styles.glanceValues}>
                      {target.kind === 'account_project' && 'Account · '}
                      {target.actual === null
                        ? `${formatTargetValue(target.metric, target.planned)} planned`
                        : `${formatTargetValue(target.metric, target.actual)} vs ${formatTargetValue(
                            target.metric,
                            target.planned,
                          )} planned`}
                    </span>
                  </span>
                  <TargetStatusBadge status={target.status} />
                </li>
              ))}
            </ul>
          </>
        )}
      </AsyncContent>
      <p>
        <Link to={cardPath(projectId, 'targets')}>Open the project’s targets</Link>
      </p>
    </Panel>
  );
}
