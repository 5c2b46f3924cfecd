import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  TARGET_KIND_LABELS,
  TARGET_KIND_NOUNS,
  TARGET_METRIC_INFO,
  TARGET_DECIMALS,
  type Target,
} from '../../../api/contract/targets';
import { notify } from '../../../shared/lib/toasts';
import { Button } from '../../../shared/ui/Button';
import { cellClass, DataTable } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { TableSkeleton } from '../../../shared/ui/TableSkeleton';
import { IconButton } from '../../../shared/ui/Tooltip';
import { Toolbar, layoutClass } from '../../../shared/ui/Layout';
import { scopeOf, useDeleteTargetMutation, useGetTargetsQuery, type TargetsSource } from './api';
import { TargetStatusBadge } from './TargetStatusBadge';
import { AddTargetDialog, EditTargetDialog, TARGET_MESSAGES } from './TargetDialogs';
import styles from './targets.module.css';

/** A value as the table shows it, beside its unit: `95`, `4.5`, `—` for none. */
const shownValue = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: TARGET_DECIMALS });

/** 'Customer satisfaction (CSAT), 2026-Q4': a target as a button or a dialog names it. */
export const targetName = (target: Target) =>
  `${TARGET_METRIC_INFO[target.metric].label}, ${target.period}`;

export interface TargetsPanelProps {
  /** Whose targets: one kind of a project's (`{ project, kind }`) or an account's (`{ account }`). */
  source: TargetsSource;
  /**
   * The user may add, change and delete them: the kind's flag (TARGET_EDIT_FLAGS). Without it
   * the list is read-only, with no buttons at all.
   */
  editable: boolean;
  /** The heading; the kind's label ('Project targets') by default. */
  title?: string;
  titleLevel?: 2 | 3;
  /** One line under the heading: what these targets are. */
  description?: string;
}

/**
 * One list of targets: metric, period, unit, planned and actual values and the status, newest
 * period first. With `editable`, targets are added, their values changed and deleted (asked
 * first). Used by the project card's Targets tab and, through `embed.ts`, the account page.
 */
export function TargetsPanel({
  source,
  editable,
  title,
  titleLevel = 3,
  description,
}: TargetsPanelProps) {
  const scope = scopeOf(source);
  const kind = 'project' in source ? source.kind : 'account';
  const { data, isLoading, isError, isFetching, refetch } = useGetTargetsQuery(scope);
  const [dialog, setDialog] = useState<'add' | Target | null>(null);
  const [doomed, setDoomed] = useState<Target | null>(null);
  const [deleteTarget, deleting] = useDeleteTargetMutation();
  const headingId = useId();
  const Heading = titleLevel === 2 ? 'h2' : 'h3';
  const heading = title ?? TARGET_KIND_LABELS[kind];
  const noun = TARGET_KIND_NOUNS[kind].toLowerCase();
  const rows = data?.filter((target) => target.kind === kind) ?? [];

  const add = editable ? (
    <Button size="sm" icon={Plus} onClick={() => setDialog('add')}>
      Add {noun}
    </Button>
  ) : null;

  let content;
  if (isLoading) content = <TableSkeleton label={`Loading the ${noun}s…`} rows={3} columns={6} />;
  else if (isError || !data)
    content = (
      <EmptyState
        alert
        titleLevel={titleLevel === 2 ? 3 : undefined}
        title={`The ${noun}s could not be loaded`}
        actions={
          <Button type="button" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        <p>Check your connection, then try again.</p>
      </EmptyState>
    );
  else if (rows.length === 0)
    content = (
      <p className="muted">
        No {noun}s yet.{editable && ' Add one for the current quarter or a later one.'}
      </p>
    );
  else
    content = (
      <DataTable caption={`${heading} table`} busy={isFetching}>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Period</th>
            <th scope="col">Status</th>
            <th scope="col" className={cellClass.number}>
              Planned
            </th>
            <th scope="col" className={cellClass.number}>
              Actual
            </th>
            <th scope="col">Unit</th>
            {editable && (
              <th scope="col" className={styles.hiddenHolder}>
                <span className="visually-hidden">Changes</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((target) => {
            const info = TARGET_METRIC_INFO[target.metric];
            return (
              <tr key={target.id}>
                <th scope="row">
                  {info.label}
                  <span className={styles.direction}>
                    {info.better === 'higher' ? 'Higher is better' : 'Lower is better'}
                  </span>
                </th>
                <td className={cellClass.nowrap}>{target.period}</td>
                <td>
                  <TargetStatusBadge status={target.status} />
                </td>
                <td className={cellClass.number}>{shownValue(target.planned)}</td>
                <td className={cellClass.number}>{shownValue(target.actual)}</td>
                <td className={cellClass.nowrap}>{info.unit}</td>
                {editable && (
                  <td className={cellClass.actions}>
                    <IconButton
                      label={`Change ${targetName(target)}`}
                      icon={<Pencil size={16} aria-hidden="true" />}
                      onClick={() => setDialog(target)}
                    />
                    <IconButton
                      label={`Delete ${targetName(target)}`}
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      onClick={() => setDoomed(target)}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    );

  return (
    <section className={`${layoutClass.panel} ${styles.targets}`} aria-labelledby={headingId}>
      <Toolbar>
        <Heading id={headingId} className={styles.heading}>
          {heading}
        </Heading>
        {add}
      </Toolbar>
      {description && <p className="muted">{description}</p>}
      {content}
      {dialog === 'add' && (
        <AddTargetDialog scope={scope} kind={kind} onClose={() => setDialog(null)} />
      )}
      {dialog !== null && dialog !== 'add' && (
        <EditTargetDialog scope={scope} target={dialog} onClose={() => setDialog(null)} />
      )}
      <DeleteDialog
        target={doomed}
        title={doomed ? `Delete ${targetName(doomed)}?` : ''}
        busy={deleting.isLoading}
        onClose={() => setDoomed(null)}
        onDelete={async (target) => {
          await deleteTarget({ scope, targetId: target.id }).unwrap();
          notify.success(TARGET_MESSAGES.deleted);
        }}
      >
        <p>The {noun} is removed for good; the card’s History keeps a note of it.</p>
      </DeleteDialog>
    </section>
  );
}
