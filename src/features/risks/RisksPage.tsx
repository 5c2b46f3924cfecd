import { useEffect } from 'react';
import { Link } from 'react-router';
import { createFlags, RISK_LEVELS, type RiskKind, type RiskLevel } from '../../api/contract/risks';
import { useUrlParams } from '../../shared/lib/searchParams';
import { useGetCurrentUserQuery } from '../auth/api';
import { DuplicatesView } from './list/DuplicatesView';
import { readLevel, readPageKind, readScope, type PageKind } from './list/riskFilters';
import { RiskListView } from './list/RiskListView';
import { Button } from '../../shared/ui/Button';
import listStyles from './risksList.module.css';
import { PageHeader } from '../../shared/ui/PageHeader';

/** Spec §2 risk-list page kinds, in the order of the switch. */
const PAGE_KINDS: { kind: PageKind; label: string }[] = [
  { kind: 'project', label: 'Project' },
  { kind: 'account', label: 'Account' },
  { kind: 'business_line', label: 'Business line' },
  { kind: 'business_segment', label: 'Business segment' },
  { kind: 'duplicates', label: 'Duplicates' },
];

/** Links from elsewhere name a project or an account directly (`?project=3&poll=7`). */
const SCOPE_ALIASES: Record<string, RiskLevel> = { project: 'project', account: 'account' };

/**
 * `/risks`: the risk register at project, account, business line and business segment level, and
 * the duplicates to review. The page kind, the scope, the filters and the order all live in the
 * URL (`?level=project&scope=12&status=open&ordering=-rating`), so a reload or a shared link
 * shows the same list.
 */
export default function RisksPage() {
  const { params, update } = useUrlParams();
  const pageKind = readPageKind(params);
  const level = readLevel(params);
  const scope = readScope(params);
  const { data: user } = useGetCurrentUserQuery();

  const alias = Object.keys(SCOPE_ALIASES).find((key) => params.has(key));
  useEffect(() => {
    if (!alias) return;
    const id = params.get(alias);
    update({ [alias]: undefined, level: SCOPE_ALIASES[alias], scope: id, view: undefined });
  }, [alias, params, update]);

  const tabSearch = (kind: PageKind) => {
    const next = new URLSearchParams(params);
    if (kind === 'duplicates') {
      next.set('view', 'duplicates');
      // The duplicates of the scope in view; of every level when no scope is picked.
      if (!scope) next.delete('level');
    } else {
      next.delete('view');
      if (kind !== level || pageKind === 'duplicates') next.delete('scope');
      next.set('level', kind);
    }
    return `?${next.toString()}`;
  };

  const permissions = user?.permissions ?? [];
  const mayCreate = (kind: RiskKind) =>
    createFlags(kind, level).every((flag) => permissions.includes(flag));
  const mayCreateRisk = mayCreate('risk');
  const mayCreateIssue = mayCreate('issue');

  return (
    <section className="risks-page" aria-labelledby="risks-title">
      <PageHeader
        title="Risks and issues"
        titleId="risks-title"
        actions={
          pageKind !== 'duplicates' && (mayCreateRisk || mayCreateIssue) ? (
            <>
              {mayCreateRisk && (
                <Button to={`/create-risk/${level}`} variant="primary">
                  New risk
                </Button>
              )}
              {mayCreateIssue && <Button to={`/create-issue/${level}`}>New issue</Button>}
            </>
          ) : undefined
        }
      />

      <nav className={listStyles.riskKinds} aria-label="Risk lists">
        <ul>
          {PAGE_KINDS.map(({ kind, label }) => (
            <li key={kind}>
              <Link
                to={{ search: tabSearch(kind) }}
                className={listStyles.riskKind}
                aria-current={kind === pageKind ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {pageKind === 'duplicates' ? (
        <DuplicatesView
          level={oneLevel(params.get('level'))}
          scope={scope}
          search={params.get('search') ?? ''}
          onScopeChange={(nextLevel, nextScope) =>
            update({ level: nextLevel, scope: nextLevel ? nextScope : undefined })
          }
          onSearchChange={(search) => update({ search: search || undefined })}
        />
      ) : (
        <RiskListView key={level} level={level} scope={scope} />
      )}
    </section>
  );
}

const oneLevel = (value: string | null) => RISK_LEVELS.find((level) => level === value);
