import { Link, Navigate, Outlet, useParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import { pollProgress } from '../../api/contract/polls';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { useGetPollQuery } from '../checks/api';
import { useGetDriversQuery } from './api';
import { can, useSurvey, type SurveyContext } from './context';
import { PollNotFound } from '../checks/embed';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import surveyStyles from './survey.module.css';

const isNotFound = (error: unknown) => {
  const status = (error as ApiError | undefined)?.status;
  return status === 403 || status === 404;
};

/**
 * `/survey/{pollId}/*` and `/audit-survey/{pollId}/*`: loads the poll and its drivers once for
 * every step; 403 or 404 is the not-found state (spec §2, §8), other failures say so.
 */
export function SurveyLayout({ audit }: { audit: boolean }) {
  const { pollId: rawId } = useParams();
  const pollId = Number(rawId);
  const valid = Number.isInteger(pollId) && pollId > 0;
  const poll = useGetPollQuery(pollId, { skip: !valid });
  const drivers = useGetDriversQuery(pollId, { skip: !valid });

  if (!valid || isNotFound(poll.error) || isNotFound(drivers.error)) return <PollNotFound />;
  if (poll.isError || drivers.isError)
    return (
      <LoadFailed
        title="The check could not be loaded"
        titleLevel={1}
        onRetry={() => {
          void poll.refetch();
          void drivers.refetch();
        }}
      />
    );
  if (!poll.data || !drivers.data) return <LoadingScreen label="Loading the check…" />;

  const context: SurveyContext = {
    poll: poll.data,
    drivers: drivers.data,
    audit,
    base: `/${audit ? 'audit-survey' : 'survey'}/${pollId}`,
  };
  const progress = pollProgress(poll.data);
  return (
    <div className={surveyStyles.survey}>
      <header className={surveyStyles.surveyHead}>
        <p className={surveyStyles.surveyKicker}>
          {POLL_TYPE_LABELS[poll.data.type]} · {poll.data.index} ·{' '}
          <span className={surveyStyles.status} data-status={poll.data.status}>
            {POLL_STATUS_LABELS[poll.data.status]}
          </span>
        </p>
        <p className={surveyStyles.surveyProject}>
          <Link to={`/checks/${pollId}`}>{poll.data.project.name}</Link>
          <span className="muted"> · {poll.data.account.name}</span>
        </p>
        <div className={surveyStyles.surveyProgress}>
          {poll.data.user_pos.pos !== null && (
            <>
              <progress max={100} value={progress} aria-label="Your progress" />
              <span>{progress}%</span>
            </>
          )}
          {audit && <Button to={`${context.base}/report`}>Audit report</Button>}
        </div>
      </header>
      <Outlet context={context} />
    </div>
  );
}

/** `/survey/{id}`: the overview when permitted, else the first driver (spec §2). */
export function SurveyStart() {
  const { poll, drivers, audit, base } = useSurvey();
  if (audit) return <Navigate to={`${base}/welcome`} replace />;
  if (can(poll, 'CAN_VIEW_PROJECT_DETAILS')) return <Navigate to={`${base}/overview`} replace />;
  const first = drivers[0];
  return <Navigate to={first ? `${base}/drivers/${first.slug}` : `${base}/summary`} replace />;
}
