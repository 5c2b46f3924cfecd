import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatDate, personLabel } from '../../../api/contract/display';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../../api/contract/pollLabels';
import { PROJECT_STATUS_LABELS } from '../../../api/contract/projects';
import { RATING_LABELS } from '../../../api/contract/risks';
import { Badge } from '../../../shared/ui/Badge';
import type { Counts, GroupNode, ProjectNode, TreeRow } from './portfolioTree';
import styles from './Portfolio.module.css';

const ROW_HEIGHT = 44;
const KIND_LABELS = {
  segment: 'Business segment',
  line: 'Business line',
  account: 'Account',
} as const;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The portfolio as an ARIA tree over virtualised rows: one tab stop (the tree), the active row
 * named by `aria-activedescendant`; Up and Down move, Right opens a group or steps into it, Left
 * closes it or steps out to the parent, Home and End jump, Enter opens a project (or toggles a
 * group), `*` opens every sibling group.
 */
export function PortfolioTree({
  rows,
  expanded,
  activeKey,
  onActivate,
  onToggle,
  onExpandSiblings,
  onOpenProject,
}: {
  rows: readonly TreeRow[];
  expanded: ReadonlySet<string>;
  activeKey: string | null;
  onActivate: (key: string) => void;
  onToggle: (key: string, open: boolean) => void;
  onExpandSiblings: (keys: string[]) => void;
  onOpenProject: (projectId: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  /** A click makes a row active and keeps the keys on the tree. */
  const activate = (key: string) => {
    onActivate(key);
    treeRef.current?.focus({ preventScroll: true });
  };
  // TanStack Virtual's functions change every render; this component reads them there only.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node.key === activeKey),
  );
  const active = rows[activeIndex];

  useEffect(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, rows.length, virtualizer]);

  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (row) onActivate(row.node.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!active) return;
    const { node } = active;
    const isGroup = node.kind !== 'project';
    const open = isGroup && expanded.has(node.key);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
        handled();
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        handled();
        moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        handled();
        moveTo(activeIndex + page);
        break;
      case 'PageUp':
        handled();
        moveTo(activeIndex - page);
        break;
      case 'Home':
        handled();
        moveTo(0);
        break;
      case 'End':
        handled();
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        handled();
        if (isGroup && !open) onToggle(node.key, true);
        else if (isGroup) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        handled();
        if (isGroup && open) onToggle(node.key, false);
        else if (active.parentKey) onActivate(active.parentKey);
        break;
      case 'Enter':
      case ' ':
        handled();
        if (node.kind === 'project') onOpenProject(node.project.id);
        else onToggle(node.key, !open);
        break;
      case '*':
        handled();
        onExpandSiblings(
          rows
            .filter((row) => row.parentKey === active.parentKey && row.node.kind !== 'project')
            .map((row) => row.node.key),
        );
        break;
    }
  };

  return (
    <div className={styles.treeFrame}>
      <div className={styles.treeHead} aria-hidden="true">
        <span>Name</span>
        <span>Manager</span>
        <span>Last check</span>
        <span>Risk rating</span>
        <span>Flags</span>
      </div>
      <div ref={scrollRef} className={styles.treeScroll}>
        <div
          ref={treeRef}
          role="tree"
          aria-label="Project portfolio"
          tabIndex={0}
          aria-activedescendant={active ? `node-${active.node.key}` : undefined}
          className={styles.tree}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const { node } = row;
            const isActive = row === active;
            const common = {
              id: `node-${node.key}`,
              'aria-level': row.level,
              'aria-posinset': row.posinset,
              'aria-setsize': row.setsize,
              'data-active': isActive || undefined,
              className: `${styles.row} ${styles[node.kind]}`,
              style: {
                transform: `translateY(${item.start}px)`,
                height: item.size,
                '--level': row.level - 1,
              } as React.CSSProperties,
            };
            if (node.kind === 'project')
              return (
                // The keys are the tree's (aria-activedescendant): a row is never focused itself.
                // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
                <div
                  key={node.key}
                  role="treeitem"
                  aria-selected={isActive}
                  tabIndex={-1}
                  {...common}
                  onClick={(event) => {
                    activate(node.key);
                    // The name is a real link (new tab, copy the address): it navigates itself.
                    if ((event.target as Element).closest('a')) return;
                    onOpenProject(node.project.id);
                  }}
                >
                  <ProjectCells node={node} />
                </div>
              );
            const open = expanded.has(node.key);
            return (
              // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
              <div
                key={node.key}
                role="treeitem"
                aria-selected={isActive}
                tabIndex={-1}
                {...common}
                aria-expanded={open}
                onClick={() => {
                  activate(node.key);
                  onToggle(node.key, !open);
                }}
              >
                <GroupCells node={node} open={open} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function CountBadges({ counts }: { counts: Counts }) {
  return (
    <span className={styles.counts}>
      <Badge>{plural(counts.projects, 'project')}</Badge>
      <Badge tone={counts.open_risks > 0 ? 'warning' : 'neutral'}>
        {plural(counts.open_risks, 'open project risk')}
      </Badge>
      <Badge tone={counts.open_issues > 0 ? 'warning' : 'neutral'}>
        {plural(counts.open_issues, 'open project issue')}
      </Badge>
      <Badge tone={counts.checks_in_progress > 0 ? 'info' : 'neutral'}>
        {plural(counts.checks_in_progress, 'check', 'checks')} in progress
      </Badge>
    </span>
  );
}

function GroupCells({ node, open }: { node: GroupNode; open: boolean }) {
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <>
      <span className={styles.name}>
        <Chevron size={16} aria-hidden="true" className={styles.chevron} />
        <span className="visually-hidden">{KIND_LABELS[node.kind]}: </span>
        {/* Cut to the row with an ellipsis: its title gives the whole name on hover. */}
        <span className={styles.nameText} title={node.ref.name}>
          {node.ref.name}
        </span>
      </span>
      <CountBadges counts={node.counts} />
    </>
  );
}

function ProjectCells({ node }: { node: ProjectNode }) {
  const { project } = node;
  const check = project.last_check;
  // The cells cut a long value with an ellipsis: their titles give it whole on hover.
  const manager = project.manager ? personLabel(project.manager) : 'No manager';
  const lastCheck = check
    ? `${POLL_TYPE_LABELS[check.type]} · ${POLL_STATUS_LABELS[check.status]} ${formatDate(check.date)}`
    : 'Never checked';
  return (
    <>
      <span className={styles.name}>
        {/* Out of the Tab order: the tree's keys move the active row (aria-activedescendant). */}
        <Link
          to={`/projects/${project.id}`}
          tabIndex={-1}
          className={styles.nameText}
          title={project.name}
        >
          {project.name}
        </Link>
        <span className={styles.code}>{project.code}</span>
        {project.status !== 'active' && (
          <Badge tone="neutral">{PROJECT_STATUS_LABELS[project.status]}</Badge>
        )}
      </span>
      <span className={styles.cell} title={manager}>
        <span className="visually-hidden">, manager </span>
        {manager}
      </span>
      <span className={styles.cell} title={lastCheck}>
        <span className="visually-hidden">, last check </span>
        {check ? (
          <>
            {POLL_TYPE_LABELS[check.type]} · {POLL_STATUS_LABELS[check.status]}
            <span className={styles.date}> {formatDate(check.date)}</span>
          </>
        ) : (
          'Never checked'
        )}
      </span>
      <span className={styles.cell}>
        <span className="visually-hidden">, open risk rating </span>
        {project.open_risk_rating ? (
          <Badge
            tone={
              project.open_risk_rating === 'high'
                ? 'danger'
                : project.open_risk_rating === 'moderate'
                  ? 'warning'
                  : 'neutral'
            }
          >
            {RATING_LABELS[project.open_risk_rating]}
          </Badge>
        ) : (
          <span className="muted">None</span>
        )}
      </span>
      <span className={styles.cell}>
        {project.high_ownership && (
          <>
            <span className="visually-hidden">, </span>
            <Badge tone="info">High ownership</Badge>
          </>
        )}
      </span>
    </>
  );
}
