import { Target as TargetIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ASK_STATE_LABELS, DEX_PRACTICES, type DexAskedItem } from '../../../api/contract/dexSetup';
import { periodOf, type TargetMetric } from '../../../api/contract/targets';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import { cardPath } from '../card/cardTab';
import { useGetDexSetupQuery } from '../dexSetup/api';
import { Panel, PlainList } from '../../../shared/ui/Layout';
import { AddTargetDialog } from './TargetDialogs';
import styles from './targets.module.css';

/** The metric a target practice of the scope asks for. */
const metricOf = (item: DexAskedItem): TargetMetric | null => {
  const asks = DEX_PRACTICES[item.code].asks;
  return asks?.kind === 'target' ? asks.metric : null;
};

/**
 * "Asked for by the DEX scope", a panel of the Targets tab: the targets the project's DEX scope
 * asks for this quarter, each in place or missing (the server's `asked_for`). A missing one offers
 * "Set target" to who may edit the project's targets: the Add target dialog with the metric and
 * this quarter filled in; once saved, the item turns In place (target writes refresh the setup).
 * Nothing shows while it loads or when the scope asks for no target.
 */
export function DexAskedTargets({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { data, isError, refetch } = useGetDexSetupQuery(projectId);
  const [metric, setMetric] = useState<TargetMetric | null>(null);

  if (isError)
    return (
      <LoadFailed
        title="What the DEX scope asks for could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  const items = (data?.asked_for ?? []).filter((item) => item.kind === 'target');
  if (items.length === 0) return null;
  const period = periodOf(new Date());

  return (
    <Panel aria-labelledby="dex-targets-title">
      <h3 id="dex-targets-title">Asked for by the DEX scope</h3>
      <p className={`muted ${styles.lead}`}>
        The project’s targets for {period} that its scope asks for. The scope is set on the{' '}
        <Link to={cardPath(projectId, 'dex-set-up')}>DEX set up</Link> tab.
      </p>
      <PlainList aria-label="Targets the DEX scope asks for">
        {items.map((item) => {
          const asked = metricOf(item);
          return (
            <li key={item.code} className={styles.askedRow}>
              <span className={styles.askedName}>
                <span>{item.label}</span>
                <Badge tone={item.state === 'in_place' ? 'success' : 'warning'}>
                  {ASK_STATE_LABELS[item.state]}
                </Badge>
                <span className={styles.askedDetail}>{item.detail}</span>
              </span>
              {editable && item.state === 'missing' && asked && (
                <Button
                  size="sm"
                  icon={TargetIcon}
                  aria-label={`Set target: ${item.label}`}
                  onClick={() => setMetric(asked)}
                >
                  Set target
                </Button>
              )}
            </li>
          );
        })}
      </PlainList>
      {metric && (
        <AddTargetDialog
          scope={{ project: projectId }}
          kind="project"
          metric={metric}
          period={period}
          onClose={() => setMetric(null)}
        />
      )}
    </Panel>
  );
}
