import { Fact } from '../../shared/ui/Fact';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { useParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import { pollProgress, type Poll, type PollParticipant } from '../../api/contract/polls';
import { formatDate, formatDateTime, personLabel } from '../../api/contract/display';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetPollQuery } from './api';
import { CheckActions } from './CheckActions';
import { InvalidFlag, ProgressBar, StatusBadge } from './CheckBadges';
import { POLL_MODEL_LABELS, POLL_TYPE_LABELS, ROLE_LABELS } from '../../api/contract/pollLabels';
import { surveyLinks } from './rules';
import { PollNotFound } from './PollNotFound';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import checkStyles from './checks.module.css';
import { usePageTitle } from '../../shared/lib/documentTitle';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';

/** Participants are listed in this order of roles. */
/** Who takes part and how far each is: below 600 px each is a card, the person first. */
const PARTICIPANT_COLUMNS: Column<PollParticipant>[] = [
  { id: 'role', header: 'Role', cell: (person) => ROLE_LABELS[person.role] },
  { id: 'person', header: 'Person', rowHeader: true, cell: (person) => personLabel(person) },
  {
    id: 'answers',
    header: 'Answers',
    className: checkStyles.progressCell,
    cell: (person) => (
      <ProgressBar
        percent={person.questions === 0 ? 0 : (person.answered / person.questions) * 100}
        text={`${person.answered}/${person.questions}`}
      />
    ),
  },
  {
    id: 'submitted',
    header: 'Submitted',
    cell: (person) =>
      person.submitted ? (
        <>
          <span aria-hidden="true" className={checkStyles.submittedMark}>
            ✓
          </span>
          <span className="visually-hidden">Submitted</span>
        </>
      ) : (
        <span className="muted">Not yet</span>
      ),
  },
];

const ROLE_ORDER: PollParticipant['role'][] = ['main_expert', 'exp', 'auditor', 'pm', 'qcl'];

/**
 * `/checks/{pollId}`: one check, its people and progress, the way into its survey, and the actions
 * the user's permissions on it allow. 403 and 404 are the not-found state (spec §2, §8).
 */
export default function CheckDetailsPage() {
  const { pollId: rawId } = useParams();
  const pollId = Number(rawId);
  const valid = Number.isInteger(pollId) && pollId > 0;
  const { data: poll, error, isError, refetch } = useGetPollQuery(pollId, { skip: !valid });
  const status = (error as ApiError | undefined)?.status;

  if (!valid || status === 403 || status === 404) return <PollNotFound />;
  if (isError)
    return (
      <section className={checkStyles.checkDetails} aria-labelledby="check-title">
        <h1 id="check-title">Check</h1>
        <LoadFailed title="The check could not be loaded" onRetry={() => void refetch()} />
      </section>
    );
  if (!poll) return <LoadingScreen label="Loading the check…" />;

  return <CheckDetails poll={poll} />;
}

function CheckDetails({ poll }: { poll: Poll }) {
  usePageTitle(`${poll.project.name} · Check ${poll.index}`);
  const links = surveyLinks(poll);
  const resultsFirst =
    links.results !== null && (poll.status === 'finished' || poll.status === 'review_completed');
  const participants = [...poll.poll_stats.participants].sort(
    (a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role),
  );
  const answered = participants.reduce((sum, person) => sum + person.answered, 0);
  const questions = participants.reduce((sum, person) => sum + person.questions, 0);
  const takesPart = poll.user_pos.pos !== null && poll.question_count > 0;

  return (
    <section className={checkStyles.checkDetails} aria-labelledby="check-title">
      <Breadcrumb trail={[{ label: 'Checks', to: '/checks' }]} />
      <header className={checkStyles.checkHead}>
        <h1 id="check-title">{poll.project.name}</h1>
        <p className={checkStyles.checkKicker}>
          <span>{POLL_TYPE_LABELS[poll.type]}</span>
          <span>{POLL_MODEL_LABELS[poll.model]}</span>
          <span>{poll.index}</span>
          <StatusBadge status={poll.status} />
          {poll.is_invalid && <InvalidFlag />}
        </p>
        {(links.survey || links.results) && (
          <p className={checkStyles.checkLinks}>
            {/* A check that is over is read through its results; one under way, answered. */}
            {links.results && resultsFirst && (
              <Button to={links.results} variant="primary">
                View results
              </Button>
            )}
            {links.survey && (
              <Button to={links.survey} variant={resultsFirst ? 'secondary' : 'primary'}>
                Open survey
              </Button>
            )}
            {links.results && !resultsFirst && <Button to={links.results}>View results</Button>}
          </p>
        )}
      </header>

      <dl className={`facts ${checkStyles.checkFacts}`}>
        <Fact term="Account">{poll.account.name}</Fact>
        <Fact term="Delivery unit">{poll.delivery_unit.name}</Fact>
        <Fact term="Created">{formatDate(poll.created_at)}</Fact>
        <Fact term="Started">{poll.started_at ? formatDate(poll.started_at) : '—'}</Fact>
        <Fact term="Due">{formatDate(poll.due_date)}</Fact>
        <Fact term="Finished">{poll.finished_at ? formatDate(poll.finished_at) : '—'}</Fact>
        <Fact term="Main expert">{poll.main_expert ? personLabel(poll.main_expert) : '—'}</Fact>
        <Fact term="QC owner">{poll.qc_owner ? personLabel(poll.qc_owner) : '—'}</Fact>
        {poll.type === 'audit_check' && (
          <Fact term="Supervisor">{poll.supervisor ? personLabel(poll.supervisor) : '—'}</Fact>
        )}
      </dl>

      <h2>Progress</h2>
      <dl className="facts">
        <Fact term="All participants">
          <ProgressBar percent={questions === 0 ? 0 : (answered / questions) * 100} />
        </Fact>
        {takesPart && (
          <Fact term="Yours">
            <ProgressBar percent={pollProgress(poll)} />
          </Fact>
        )}
      </dl>

      <CheckActions poll={poll} />

      <section aria-labelledby="participants-title">
        <h2 id="participants-title">Participants</h2>
        {participants.length === 0 ? (
          <p className="muted">Nobody takes part in this check yet.</p>
        ) : (
          <DataTable
            caption="Participants table"
            columns={PARTICIPANT_COLUMNS}
            rows={participants}
            rowKey={(person) => `${person.role}-${person.id}`}
          />
        )}
      </section>

      <h2>Extensions</h2>
      {poll.extensions.length === 0 ? (
        <p className="muted">The due date has not been extended.</p>
      ) : (
        <ul className={checkStyles.extensionList}>
          {poll.extensions.map((extension) => (
            <li key={extension.id}>
              <strong>Until {formatDate(extension.until)}</strong>
              <span className="muted">
                {' '}
                · by {personLabel(extension.created_by)} on {formatDateTime(extension.created_at)}
              </span>
              <p>{extension.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
