import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  RISK_LEVELS,
  RISK_MESSAGES,
  type DuplicatesGroup,
  type RiskLevel,
  type RiskListItem,
} from '../../../api/contract/risks';
import { entityLabel, formatDate, LEVEL_LABELS, personLabel } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { useUrlText } from '../../../shared/lib/useDebounced';
import { SearchFilter } from '../../../shared/ui/FilterField';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import {
  useCloseAsDuplicateMutation,
  useGetDuplicatesQuery,
  useMergeDuplicatesMutation,
  useNotDuplicateMutation,
} from '../api';
import { RatingBadge } from './riskColumns';
import { searchTextOf } from './riskFilters';
import { ScopePicker } from './ScopePicker';
import { Button } from '../../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../../shared/ui/EmptyState';
import listStyles from '../risksList.module.css';
import dupStyles from './duplicates.module.css';
import { RiskStatusPill } from '../RiskStatusPill';

type Pending =
  | { action: 'merge'; group: DuplicatesGroup }
  | { action: 'close' | 'keep'; group: DuplicatesGroup; risk: RiskListItem };

/**
 * The duplicates page (spec §4): groups of risks that look alike, each with its initial risk (the
 * first created) and its duplicates. Merge to initial moves the duplicates' action items into the
 * initial risk's plan and closes them; Close as duplicate closes one without merging; Not a
 * duplicate takes one out of the group for good. Each asks first and confirms with a toast.
 */
export function DuplicatesView({
  level,
  scope,
  search: urlSearch,
  onScopeChange,
  onSearchChange,
}: {
  level: RiskLevel | undefined;
  scope: number | undefined;
  /** The list's search, kept in the URL: a group shows when one of its risks matches it. */
  search: string;
  onScopeChange: (level: RiskLevel | undefined, scope: number | undefined) => void;
  onSearchChange: (search: string) => void;
}) {
  const [searchText, setSearchText] = useUrlText(urlSearch, onSearchChange);
  const needle = searchText.trim().toLowerCase();
  const { data, isLoading, isError, isFetching, refetch } = useGetDuplicatesQuery({
    ...(level ? { level } : {}),
    ...(level && scope ? { scope } : {}),
  });
  const [merge, merging] = useMergeDuplicatesMutation();
  const [closeAsDuplicate, closing] = useCloseAsDuplicateMutation();
  const [notDuplicate, keeping] = useNotDuplicateMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = merging.isLoading || closing.isLoading || keeping.isLoading;
  const allGroups = data ?? [];
  const groups = needle
    ? allGroups.filter((group) =>
        [group.initial, ...group.duplicates].some((risk) => searchTextOf(risk).includes(needle)),
      )
    : allGroups;

  const confirm = async () => {
    if (!pending) return;
    const { group } = pending;
    try {
      if (pending.action === 'merge') await merge(group.id).unwrap();
      else if (pending.action === 'close')
        await closeAsDuplicate({ groupId: group.id, risk_id: pending.risk.id }).unwrap();
      else await notDuplicate({ groupId: group.id, risk_id: pending.risk.id }).unwrap();
      notify.success(RISK_MESSAGES.actionProcessed(group.initial.kind));
      setPending(null);
      // The buttons pressed may be gone: focus goes to the group, or to the page's heading.
      requestAnimationFrame(() =>
        (document.getElementById(groupTitleId(group)) ?? headingRef.current)?.focus(),
      );
    } catch {
      // The base query has shown the error toast; the dialog stays for another try.
    }
  };

  const scopeNames = allGroups.find((group) => group.initial.scope.id === scope)?.initial.scope
    .name;

  return (
    <section className="duplicates" aria-labelledby="duplicates-title">
      <h2 id="duplicates-title" ref={headingRef} tabIndex={-1} className="visually-hidden">
        Duplicates
      </h2>
      <div className={listStyles.riskToolbar}>
        <div className={listStyles.riskField}>
          <label htmlFor="duplicates-level">Level</label>
          <select
            id="duplicates-level"
            value={level ?? ''}
            onChange={(event) =>
              onScopeChange((event.target.value || undefined) as RiskLevel | undefined, undefined)
            }
          >
            <option value="">All levels</option>
            {RISK_LEVELS.map((option) => (
              <option key={option} value={option}>
                {LEVEL_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <SearchFilter
          id="duplicates-search"
          hint="Statement, label or owner"
          value={searchText}
          onChange={setSearchText}
        />
        {level && (
          <ScopePicker
            level={level}
            scope={scope}
            knownName={scopeNames}
            onChange={(next) => onScopeChange(level, next)}
          />
        )}
      </div>

      {isLoading ? (
        <LoadingScreen label="Loading duplicates…" />
      ) : isError && !data ? (
        <LoadFailed title="The duplicates could not be loaded" onRetry={() => void refetch()} />
      ) : groups.length === 0 && needle ? (
        <EmptyState title="No duplicates match the search">
          <p>No risk of a group of duplicates matches “{searchText.trim()}”.</p>
        </EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState title="No duplicates to review">
          <p>
            Risks and issues that look alike in the same project or account are grouped here, with
            the first one created as the initial risk.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className={listStyles.riskCount} role="status">
            {groups.length === 1
              ? '1 group of duplicates'
              : `${groups.length} groups of duplicates`}
          </p>
          <ol className={dupStyles.dupGroups} aria-busy={isFetching}>
            {groups.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} onAction={setPending} />
              </li>
            ))}
          </ol>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending ? DIALOG_TITLES[pending.action] : ''}
        confirmLabel={pending ? ACTION_LABELS[pending.action] : ''}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending && <DialogText pending={pending} />}
      </ConfirmDialog>
    </section>
  );
}

const ACTION_LABELS = {
  merge: 'Merge to initial',
  close: 'Close as duplicate',
  keep: 'Not a duplicate',
} as const;

const DIALOG_TITLES = {
  merge: 'Merge to the initial risk?',
  close: 'Close as duplicate?',
  keep: 'Not a duplicate?',
} as const;

const groupTitleId = (group: DuplicatesGroup) => `dup-group-${group.id}-title`;

function GroupCard({
  group,
  onAction,
}: {
  group: DuplicatesGroup;
  onAction: (pending: Pending) => void;
}) {
  const { initial } = group;
  return (
    <article className={dupStyles.dupGroup} aria-labelledby={groupTitleId(group)}>
      <div className={dupStyles.dupGroupHead}>
        <div>
          <h3 id={groupTitleId(group)} tabIndex={-1}>
            Group {group.id}: {group.duplicates.length + 1} look-alike{' '}
            {initial.kind === 'issue' ? 'issues' : 'risks'}
          </h3>
          <p className={listStyles.riskSub}>
            {entityLabel(initial.level, initial.kind)} · {initial.scope.name}
          </p>
        </div>
        <Button
          type="button"
          variant="primary"
          onClick={() => onAction({ action: 'merge', group })}
        >
          Merge to initial
        </Button>
      </div>
      <div className={dupStyles.dupInitial} role="group" aria-label="Initial risk">
        <span className={dupStyles.dupBadge}>Initial · first created</span>
        <RiskSummary risk={initial} />
      </div>
      <h4 className={dupStyles.dupSubtitle}>Duplicates</h4>
      <ul className={dupStyles.dupList} aria-label="Duplicates">
        {group.duplicates.map((risk) => (
          <li key={risk.id}>
            <RiskSummary risk={risk} />
            <div className={dupStyles.dupActions}>
              <Button
                type="button"
                aria-describedby={`dup-risk-${risk.id}`}
                onClick={() => onAction({ action: 'close', group, risk })}
              >
                Close as duplicate
              </Button>
              <Button
                type="button"
                aria-describedby={`dup-risk-${risk.id}`}
                onClick={() => onAction({ action: 'keep', group, risk })}
              >
                Not a duplicate
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}

function RiskSummary({ risk }: { risk: RiskListItem }) {
  return (
    <div className={dupStyles.dupRisk}>
      <Link id={`dup-risk-${risk.id}`} to={`/risks/${risk.id}`} className={dupStyles.dupStatement}>
        {risk.statement}
      </Link>
      <dl className={dupStyles.dupFacts}>
        <div>
          <dt>Owner</dt>
          <dd>{personLabel(risk.owner)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(risk.created_at)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <RiskStatusPill status={risk.status} />
          </dd>
        </div>
        {risk.kind === 'risk' && (
          <div>
            <dt>Rating</dt>
            <dd>
              <RatingBadge rating={risk.rating} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function DialogText({ pending }: { pending: Pending }) {
  const { group } = pending;
  const initial = `“${group.initial.statement}”`;
  if (pending.action === 'merge') {
    const count = group.duplicates.length;
    return (
      <p>
        The action items of the {count === 1 ? 'duplicate' : `${count} duplicates`} move into the
        action plan of the initial risk {initial}, and {count === 1 ? 'it is' : 'they are'} closed
        as {count === 1 ? 'a duplicate' : 'duplicates'}. The initial risk stays open.
      </p>
    );
  }
  const statement = `“${pending.risk.statement}”`;
  return pending.action === 'close' ? (
    <p>
      {statement} is closed as a duplicate of {initial}. Its action items are not merged.
    </p>
  ) : (
    <p>{statement} leaves this group and is never shown in it again. It stays open as it is.</p>
  );
}
