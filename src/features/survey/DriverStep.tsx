import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useParams } from 'react-router';
import type { Question, ReplyRequest } from '../../api/contract/polls';
import { isDriverCompleted } from '../../api/contract/polls';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import type { ApiError } from '../../api/baseQuery';
import { useGetDriverQuery } from './api';
import { can, useStepTitle, useSurvey } from './context';
import { StepNav } from './StepNav';
import type { UnsentReply } from './unsent';
import { useReplies, type ReplySaveState } from './useReplies';
import { questionAnchor } from './submitRule';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { PollNotFound } from '../checks/embed';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import { safeHref } from '../../shared/lib/safeHref';
import surveyStyles from './survey.module.css';

/** A comment is sent once the user pauses typing. */
export const COMMENT_DEBOUNCE_MS = 800;

/** `…/drivers/{slug}`: the driver's questions with the user's answers and comments. */
export default function DriverStep() {
  const { driverSlug } = useParams();
  const { poll, drivers } = useSurvey();
  const driver = drivers.find((candidate) => candidate.slug === driverSlug);
  // Back on this tab, the questions show what another tab saved meanwhile.
  const detail = useGetDriverQuery(
    { pollId: poll.id, driverId: driver?.id ?? 0 },
    { skip: !driver, refetchOnFocus: true },
  );
  useStepTitle(driver && detail.data?.name);
  const { send, resend, unsent, sending, saveStates } = useReplies(poll.id);
  const mayAnswer = can(poll, 'CAN_PASS_SURVEY');
  const unsentHere = Object.entries(unsent).filter(([, reply]) => reply.driverId === driver?.id);
  const hasUnsent = Object.keys(unsent).length > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (hasUnsent || sending) && currentLocation.pathname !== nextLocation.pathname,
  );
  // An answer still on its way is waited for, not asked about: leaving goes on once it lands,
  // and only an answer the server refused keeps the user here with the question below.
  const waitingForSave = blocker.state === 'blocked' && sending;
  useEffect(() => {
    if (blocker.state === 'blocked' && !sending && !hasUnsent) blocker.proceed();
  }, [blocker, sending, hasUnsent]);
  useEffect(() => {
    if (!hasUnsent) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsent]);

  const location = useLocation();
  useFocusLinkedQuestion(detail.data !== undefined, location.hash, location.key);

  const status = (detail.error as ApiError | undefined)?.status;
  if (!driver || status === 403 || status === 404)
    return <PollNotFound noun={driver ? 'check' : 'driver'} />;
  if (detail.isError)
    return (
      <LoadFailed
        title={`The questions of ${driver.name} could not be loaded`}
        titleLevel={1}
        onRetry={() => void detail.refetch()}
      />
    );
  if (!detail.data) return <LoadingScreen label={`Loading ${driver.name}…`} />;
  const data = detail.data;
  const completed = isDriverCompleted(data);
  const knowledgeBase = safeHref(data.kb_link);

  return (
    <section className="driver-step" aria-labelledby="driver-title">
      <p className="muted">{data.area.name}</p>
      <h1 id="driver-title">
        {data.name} {completed && <span className={surveyStyles.completedBadge}>Completed</span>}
      </h1>
      <p className={surveyStyles.driverDescription}>{data.description}</p>
      <p className={surveyStyles.driverMeta}>
        <span>
          {data.reply_count} of {data.questions_count} answered
        </span>
        {knowledgeBase && (
          <a href={knowledgeBase} target="_blank" rel="noopener noreferrer">
            Knowledge base: {data.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </p>
      {!mayAnswer && (
        <p className={surveyStyles.notice}>
          You can read these questions; answering is closed for you.
        </p>
      )}
      {unsentHere.length > 0 && !sending && (
        <div className={`${surveyStyles.notice} ${surveyStyles.noticeWarning}`} role="status">
          {unsentHere.length === 1 ? 'One answer is' : `${unsentHere.length} answers are`} not saved
          yet. They are kept on this device.{' '}
          <Button type="button" variant="quiet-link" onClick={() => void resend()}>
            Send again
          </Button>
        </div>
      )}
      <ol className={surveyStyles.questions} aria-label="Questions">
        {data.questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            number={index + 1}
            question={question}
            pending={unsent[question.id]}
            saveState={saveStates[question.id]}
            disabled={!mayAnswer}
            onSave={(reply) => void send(data.id, question.id, reply)}
          />
        ))}
      </ol>
      {waitingForSave && (
        <p className={surveyStyles.notice} role="status">
          Saving your answers…
        </p>
      )}
      <StepNav />
      <ConfirmDialog
        open={blocker.state === 'blocked' && !sending && hasUnsent}
        title="Leave with unsaved answers?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>
          Some answers have not reached the server yet. They stay on this device and are sent when
          you come back to this check.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * A link to one question (`#question-12`, from the summary's list of what is left) puts the focus
 * on it once the questions are on the page: on its first answer, ready to be chosen, or on the
 * card when answering is closed. Once per visit of the link.
 */
function useFocusLinkedQuestion(loaded: boolean, hash: string, visit: string) {
  const done = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!loaded || !hash || done.current === visit) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    done.current = visit;
    const choice =
      card.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
      card.querySelector<HTMLElement>('input:not(:disabled)');
    (choice ?? card).focus({ preventScroll: true });
    // Absent from jsdom, where the unit tests run.
    card.scrollIntoView?.({ block: 'center' });
  }, [loaded, hash, visit]);
}

const QuestionCard = memo(function QuestionCard({
  number,
  question,
  pending,
  saveState,
  disabled,
  onSave,
}: {
  number: number;
  question: Question;
  pending: UnsentReply | undefined;
  /** This visit's save of the question's reply, said under it as a checklist item does. */
  saveState: ReplySaveState | undefined;
  disabled: boolean;
  onSave: (reply: ReplyRequest) => void;
}) {
  const id = useId();
  const saved = question.user_reply;
  // What the user changed here and the server does not hold yet, else the server's reply (which a
  // refetch brings up to date with what another tab saved).
  const answer = pending?.answer !== undefined ? pending.answer : (saved?.answer ?? null);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const comment = draft ?? pending?.comment ?? saved?.comment ?? '';
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typed = useRef<string | undefined>(undefined);
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  });

  // Only the comment goes: the answer on this page may be older than the one saved since.
  const flushComment = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (typed.current === undefined) return;
    save.current({ comment: typed.current });
    typed.current = undefined;
    setDraft(undefined);
  };

  // A comment still waiting for its pause is sent when the page is left.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (typed.current !== undefined) save.current({ comment: typed.current });
    },
    [],
  );

  return (
    <li className={surveyStyles.question} id={questionAnchor(question.id)} tabIndex={-1}>
      <fieldset disabled={disabled}>
        <legend>
          <span className="question-number">{number}.</span> {question.text}
        </legend>
        {question.hint && (
          <p className={surveyStyles.questionHint} id={`${id}-hint`}>
            {question.hint}
          </p>
        )}
        <div
          className={surveyStyles.options}
          role="radiogroup"
          aria-describedby={question.hint ? `${id}-hint` : undefined}
        >
          {question.options.map((option) => (
            <label key={option.value} className={surveyStyles.option}>
              <input
                type="radio"
                name={`${id}-answer`}
                value={option.value}
                checked={answer === option.value}
                onChange={() => onSave({ answer: option.value })}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <label className={surveyStyles.commentLabel} htmlFor={`${id}-comment`}>
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          className={surveyStyles.comment}
          rows={2}
          maxLength={SURVEY_TEXT_LIMITS.comment}
          value={comment}
          onChange={(event) => {
            setDraft(event.target.value);
            typed.current = event.target.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(flushComment, COMMENT_DEBOUNCE_MS);
          }}
          onBlur={() => {
            if (timer.current) flushComment();
          }}
        />
        {!disabled && (
          <p className={surveyStyles.saveState} role="status">
            {saveState === 'saving' && 'Saving…'}
            {saveState === 'saved' && <span className={surveyStyles.saved}>Saved</span>}
          </p>
        )}
      </fieldset>
    </li>
  );
});
