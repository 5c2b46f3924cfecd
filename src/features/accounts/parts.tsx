import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import {
  ACCOUNT_TAB_FLAG,
  BUSINESS_LINE_TAB_FLAG,
  BUSINESS_SEGMENT_TAB_FLAG,
  CSAT_LABELS,
  NPS_LABELS,
  accountPath,
  businessLinePath,
  businessSegmentPath,
  type AccountRow,
  type CsatStatus,
  type NpsStatus,
  type OpenRiskCounts,
} from '../../api/contract/accounts';
import {
  ISSUE_GRADES,
  ISSUE_GRADE_LABELS,
  RATINGS,
  RATING_LABELS,
  type NamedRef,
} from '../../api/contract/risks';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { LoadFailed } from '../../shared/ui/EmptyState';
import type { WayBack } from '../../shared/ui/ErrorScreen';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { StatusPill } from '../../shared/ui/StatusPill';
import { useGetCurrentUserQuery } from '../auth/api';
import { NotFoundPage, NotSharedAt } from '../errors/embed';
import styles from './accounts.module.css';

export const BACK_TO_ACCOUNTS: WayBack = { to: '/accounts', label: 'Back to accounts' };

const NPS_TONES: Record<NpsStatus, BadgeTone> = {
  promoter: 'success',
  passive: 'info',
  detractor: 'danger',
  unknown: 'neutral',
};
const CSAT_TONES: Record<CsatStatus, BadgeTone> = {
  satisfied: 'success',
  neutral: 'info',
  dissatisfied: 'danger',
  unknown: 'neutral',
};
const GRADE_TONES: Record<string, BadgeTone> = {
  critical: 'danger',
  high: 'danger',
  moderate: 'warning',
  low: 'neutral',
};

export const NpsBadge = ({ status }: { status: NpsStatus }) => (
  <StatusPill status={status} labels={NPS_LABELS} tones={NPS_TONES} />
);
export const CsatBadge = ({ status }: { status: CsatStatus }) => (
  <StatusPill status={status} labels={CSAT_LABELS} tones={CSAT_TONES} />
);

/** What the user may open: the pages of accounts, lines and segments behind their flags. */
export function pageAccess(permissions: readonly string[]) {
  return {
    accounts: permissions.includes(ACCOUNT_TAB_FLAG),
    lines: permissions.includes(BUSINESS_LINE_TAB_FLAG),
    segments: permissions.includes(BUSINESS_SEGMENT_TAB_FLAG),
    projects: permissions.includes('CAN_VIEW_PROJECT_CARD'),
    risks: permissions.includes('CAN_VIEW_RISKS'),
    dashboard: permissions.includes('CAN_VIEW_RISK_DASHBOARD'),
  };
}
export type PageAccess = ReturnType<typeof pageAccess>;

/** A link to the page of an account, a line or a segment when the user may open it; else its name. */
export function PlaceLink({
  kind,
  place,
  access,
}: {
  kind: 'account' | 'line' | 'segment';
  place: NamedRef;
  access: PageAccess;
}) {
  const [allowed, path] =
    kind === 'account'
      ? [access.accounts, accountPath(place.id)]
      : kind === 'line'
        ? [access.lines, businessLinePath(place.id)]
        : [access.segments, businessSegmentPath(place.id)];
  return allowed && place.id > 0 ? <Link to={path}>{place.name}</Link> : <>{place.name}</>;
}

/** Open risks by rating and open issues by severity, as two rows of badges. */
export function RiskCounts({ counts, label }: { counts: OpenRiskCounts; label: string }) {
  return (
    <dl className={`facts ${styles.riskCounts}`}>
      <div>
        <dt>Risks ({counts.risks})</dt>
        <dd>
          <ul className={styles.badges} aria-label={`${label}: open risks by rating`}>
            {[...RATINGS].reverse().map((rating) => (
              <li key={rating}>
                <Badge tone={GRADE_TONES[rating]}>
                  {RATING_LABELS[rating]}: {counts.risks_by_rating[rating]}
                </Badge>
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt>Issues ({counts.issues})</dt>
        <dd>
          <ul className={styles.badges} aria-label={`${label}: open issues by severity`}>
            {ISSUE_GRADES.map((grade) => (
              <li key={grade}>
                <Badge tone={GRADE_TONES[grade]}>
                  {ISSUE_GRADE_LABELS[grade]}: {counts.issues_by_severity[grade]}
                </Badge>
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}

/** A block of a page: a bordered panel with its own heading. */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `${styles.panel} ${className}` : styles.panel}
      aria-labelledby={id}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** '1 project', '3 projects'. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Everything open under the accounts: their own level and their projects'. */
export const openUnder = (accounts: readonly AccountRow[]) => ({
  risks: accounts.reduce((sum, account) => sum + account.open_risks, 0),
  issues: accounts.reduce((sum, account) => sum + account.open_issues, 0),
});

/** The query of one place (an RTK Query hook such as `useGetAccountQuery`). */
type PlaceQuery<T> = (
  id: number,
  options: { skip: boolean },
) => {
  data?: T | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * An account, business line or business segment page: reads the id from the URL parameter
 * `param`, loads the place, and shows the not-found screen (an invalid id, a 403 or a 404), the
 * loading screen or the failure with a retry; once the place and the user are there, `children`.
 */
export function PlacePage<T>({
  param,
  noun,
  useQuery,
  children,
}: {
  param: string;
  /** 'account', 'business line', …: as in "Loading the account…". */
  noun: string;
  useQuery: PlaceQuery<T>;
  children: (place: T, access: PageAccess, permissions: readonly string[]) => ReactNode;
}) {
  const params = useParams();
  const id = Number(params[param]);
  const valid = Number.isInteger(id) && id > 0;
  const { data: place, error, isLoading, isError, refetch } = useQuery(id, { skip: !valid });
  const { data: user } = useGetCurrentUserQuery();
  const status = (error as ApiError | undefined)?.status;

  if (!valid || status === 403 || status === 404)
    return <NotFoundPage explanation={<NotSharedAt noun={noun} />} back={BACK_TO_ACCOUNTS} />;
  if (isLoading || !user) return <LoadingScreen label={`Loading the ${noun}…`} />;
  if (isError || !place)
    return <LoadFailed title={`The ${noun} could not be loaded`} onRetry={() => void refetch()} />;
  return children(place, pageAccess(user.permissions), user.permissions);
}
