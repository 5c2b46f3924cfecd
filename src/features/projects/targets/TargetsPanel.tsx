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
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
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

  const columns: Column<Target>[] = [
    {
      id: 'metric',
      header: 'Metric',
      rowHeader: true,
      cell: (target) => {
        const info = TARGET_METRIC_INFO[target.metric];
        return (
          <>
            {info.label}
            <span className={styles.direction}>
              {info.better === 'higher' ? 'Higher is better' : 'Lower is better'}
            </span>
          </>
        );
      },
    },
    { id: 'period', header: 'Period', kind: 'date', cell: (target) => target.period },
    {
      id: 'status',
      header: 'Status',
      cell: (target) => <TargetStatusBadge status={target.status} />,
    },
    {
      id: 'planned',
      header: 'Planned',
      kind: 'number',
      cell: (target) => shownValue(target.planned),
    },
    { id: 'actual', header: 'Actual', kind: 'number', cell: (target) => shownValue(target.actual) },
    {
      id: 'unit',
      header: 'Unit',
      kind: 'date',
      cell: (target) => TARGET_METRIC_INFO[target.metric].unit,
    },
  ];

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: `Loading the ${noun}s…`, rows: 3, columns: 6 } }}
      failed={`The ${noun}s could not be loaded`}
      failedLevel={titleLevel === 2 ? 3 : undefined}
      isEmpty={() => rows.length === 0}
      empty={
        <p className="muted">
          No {noun}s yet.{editable && ' Add one for the current quarter or a later one.'}
        </p>
      }
    >
      {() => (
        <DataTable
          caption={`${heading} table`}
          busy={isFetching}
          columns={withActions(
            columns,
            editable &&
              ((target) => (
                <>
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
                </>
              )),
            'Changes',
          )}
          rows={rows}
          rowKey={(target) => target.id}
        />
      )}
    </AsyncContent>
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
