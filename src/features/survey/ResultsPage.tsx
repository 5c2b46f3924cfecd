import { useState } from 'react';
import type { ApiError } from '../../api/baseQuery';
import { FEEDBACK_INDICATORS, type FeedbackIndicator } from '../../api/contract/polls';
import { formatDateTime, personLabel } from '../../api/contract/display';
import { notify } from '../../shared/lib/toasts';
import { ErrorScreen } from '../../shared/ui/ErrorScreen';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { ROLE_LABELS } from '../../api/contract/pollLabels';
import { useGetFeedbackQuery, useGetResultsQuery, useSendFeedbackMutation } from './api';
import { useSurvey } from './context';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';

const INDICATOR_LABELS: Record<FeedbackIndicator, string> = {
  positive: 'Useful',
  neutral: 'Neutral',
  negative: 'Not useful',
};

/** `…/results`: every participant's answers by driver and role, and the survey feedback. */
export default function ResultsPage() {
  const { poll } = useSurvey();
  const results = useGetResultsQuery(poll.id);
  const status = (results.error as ApiError | undefined)?.status;
  if (status === 403 || status === 404) return <ErrorScreen notFound inLayout />;
  if (results.isError)
    return (
      <EmptyState
        as="section"
        alert
        title="Results"
        titleLevel={1}
        actions={
          <Button type="button" onClick={() => void results.refetch()}>
            Try again
          </Button>
        }
      >
        <p>The results could not be loaded.</p>
      </EmptyState>
    );
  if (!results.data) return <LoadingScreen label="Loading the results…" />;
  return (
    <section aria-labelledby="results-title">
      <h1 id="results-title">Results</h1>
      {results.data.drivers.map((driver) => (
        <section key={driver.id} className="result-driver" aria-labelledby={`result-${driver.id}`}>
          <h2 id={`result-${driver.id}`}>{driver.name}</h2>
          {driver.questions.map((question) => (
            <div key={question.id} className="result-question">
              <h3>{question.text}</h3>
              {question.answers.length === 0 ? (
                <p className="muted">No answer yet.</p>
              ) : (
                <table className="result-table">
                  <thead>
                    <tr>
                      <th scope="col">Role</th>
                      <th scope="col">Person</th>
                      <th scope="col">Answer</th>
                      <th scope="col">Comment</th>
                    </tr>
                  </thead>
                  <tbody>
                    {question.answers.map((answer) => (
                      <tr key={`${answer.role}-${answer.user.id}`}>
                        <td>{ROLE_LABELS[answer.role]}</td>
                        <td>{personLabel(answer.user)}</td>
                        <td>
                          {answer.answer === null
                            ? '—'
                            : (question.options.find((option) => option.value === answer.answer)
                                ?.label ?? answer.answer)}
                        </td>
                        <td>{answer.comment}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          ))}
        </section>
      ))}
      <Feedback pollId={poll.id} />
    </section>
  );
}

/** Indicator feedback on the survey itself. */
function Feedback({ pollId }: { pollId: number }) {
  const { data: items } = useGetFeedbackQuery(pollId);
  const [sendFeedback, { isLoading }] = useSendFeedbackMutation();
  const [indicator, setIndicator] = useState<FeedbackIndicator | null>(null);
  const [comment, setComment] = useState('');
  const send = async () => {
    if (!indicator) return;
    try {
      await sendFeedback({ pollId, indicator, comment, type: 'survey' }).unwrap();
      setIndicator(null);
      setComment('');
      notify.success('Thank you for your feedback.');
    } catch {
      // the error toast tells the user; the API logs it (spec §8); the choice stays for a retry
    }
  };
  return (
    <section className="feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title">How useful was this check?</h2>
      <fieldset className="options">
        <legend className="visually-hidden">Your rating</legend>
        {FEEDBACK_INDICATORS.map((value) => (
          <label key={value} className="option">
            <input
              type="radio"
              name="feedback-indicator"
              checked={indicator === value}
              onChange={() => setIndicator(value)}
            />
            <span>{INDICATOR_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor="feedback-comment">What should we improve?</label>
      <textarea
        id="feedback-comment"
        rows={3}
        maxLength={SURVEY_TEXT_LIMITS.comment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <p>
        <Button
          type="button"
          variant="primary"
          disabled={!indicator || isLoading}
          onClick={() => void send()}
        >
          {isLoading ? 'Sending…' : 'Send feedback'}
        </Button>
      </p>
      {items && items.length > 0 && (
        <ul className="feedback-list">
          {items.map((item) => (
            <li key={item.id}>
              <strong>{INDICATOR_LABELS[item.indicator]}</strong> · {personLabel(item.user)} ·{' '}
              {formatDateTime(item.created_at)}
              {item.comment && <p>{item.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
