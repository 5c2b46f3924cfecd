import { lazy, Suspense, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from '../../shared/ui/form/zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import type { ApiError } from '../../api/baseQuery';
import {
  FEEDBACK_INDICATORS,
  type FeedbackIndicator,
  type PollParticipant,
  type PollResults,
} from '../../api/contract/polls';
import type { PersonRef } from '../../api/contract/actionRequests';
import { Field, FieldSet } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { formatDateTime, personLabel } from '../../api/contract/display';
import { notify } from '../../shared/lib/toasts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { ROLE_LABELS } from '../../api/contract/pollLabels';
import { useGetFeedbackQuery, useGetResultsQuery, useSendFeedbackMutation } from './api';
import { useStepTitle, useSurvey } from './context';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { PollNotFound } from '../checks/embed';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import surveyStyles from './survey.module.css';
import { DataTable, useTableSort, type Column } from '../../shared/ui/DataTable';
import { AnswersTable } from './AnswersTable';
import { RichText } from '../../shared/ui/RichText';
import { answerLabels, applicableDrivers, distribution } from './resultsSummary';
import { CompareButton } from '../compare/embed';

/** Recharts comes with the results page only. */
const AnswersChart = lazy(() => import('./AnswersChart'));

const INDICATOR_LABELS: Record<FeedbackIndicator, string> = {
  positive: 'Useful',
  neutral: 'Neutral',
  negative: 'Not useful',
};

/** `…/results`: every participant's answers by driver and role, and the survey feedback. */
export default function ResultsPage() {
  const { poll } = useSurvey();
  const results = useGetResultsQuery(poll.id);
  useStepTitle(results.data && 'Results');
  const status = (results.error as ApiError | undefined)?.status;
  if (status === 403 || status === 404) return <PollNotFound />;
  if (results.isError)
    return (
      <LoadFailed
        title="The results could not be loaded"
        titleLevel={1}
        onRetry={() => void results.refetch()}
      />
    );
  if (!results.data) return <LoadingScreen label="Loading the results…" />;
  const drivers = applicableDrivers(results.data);
  const rows = distribution(drivers);
  const labels = answerLabels(drivers);
  return (
    <section aria-labelledby="results-title">
      <h1 id="results-title">Results</h1>
      <p>
        <CompareButton pollId={poll.id} />
      </p>
      <section aria-labelledby="results-summary-title">
        <h2 id="results-summary-title">Summary</h2>
        <ProgressByRole participants={poll.poll_stats.participants} />
        {drivers.length > 0 && (
          <>
            <h3 id="answers-by-driver">Answers by driver</h3>
            <Suspense fallback={null}>
              <AnswersChart rows={rows} labels={labels} />
            </Suspense>
            <AnswersTable rows={rows} labels={labels} label="Answers by driver" />
          </>
        )}
      </section>
      <h2>Answers</h2>
      {drivers.length === 0 && (
        <p className="muted">No question of this check is asked of its participants yet.</p>
      )}
      {drivers.map((driver) => (
        <details key={driver.id} className={surveyStyles.resultDriver} open>
          <summary>
            <span className={surveyStyles.resultDriverName} id={`result-${driver.id}`}>
              {driver.name}
            </span>{' '}
            <span className="muted">
              · {driver.questions.length} {driver.questions.length === 1 ? 'question' : 'questions'}
            </span>
          </summary>
          {driver.questions.map((question) => (
            <div key={question.id} className={surveyStyles.resultQuestion}>
              <h3>{question.text}</h3>
              <QuestionAnswers question={question} />
            </div>
          ))}
        </details>
      ))}
      <Feedback pollId={poll.id} />
    </section>
  );
}

type ResultQuestion = PollResults['drivers'][number]['questions'][number];
type ResultAnswer = ResultQuestion['answers'][number];

/** A role and a person, the person the row's header (the title of its card on a phone). */
function whoColumns<Row>(
  role: (row: Row) => PollParticipant['role'],
  person: (row: Row) => PersonRef,
  widths: { role?: string; person?: string } = {},
): Column<Row>[] {
  return [
    {
      id: 'role',
      header: 'Role',
      width: widths.role,
      cell: (row) => ROLE_LABELS[role(row)],
      sortValue: (row) => ROLE_LABELS[role(row)],
    },
    {
      id: 'person',
      header: 'Person',
      width: widths.person,
      rowHeader: true,
      cell: (row) => personLabel(person(row)),
      sortValue: (row) => personLabel(person(row)),
    },
  ];
}

/** Who answered a question, what, and why; in the order given until a header sorts them. */
function QuestionAnswers({ question }: { question: ResultQuestion }) {
  const columns = useMemo<Column<ResultAnswer>[]>(() => {
    const place = (answer: ResultAnswer) => {
      const index = question.options.findIndex((option) => option.value === answer.answer);
      return index < 0 ? answer.answer : index;
    };
    return [
      ...whoColumns<ResultAnswer>(
        (answer) => answer.role,
        (answer) => answer.user,
        { role: '16%', person: '26%' },
      ),
      {
        id: 'answer',
        header: 'Answer',
        width: '18%',
        cell: (answer) =>
          answer.answer === null
            ? 'No answer yet'
            : (question.options.find((option) => option.value === answer.answer)?.label ??
              answer.answer),
        sortValue: place,
      },
      {
        id: 'comment',
        header: 'Comment',
        width: '40%',
        kind: 'long',
        cell: (answer) => (answer.comment ? <RichText text={answer.comment} /> : '—'),
      },
    ];
  }, [question.options]);
  const sort = useTableSort(columns);
  return (
    <DataTable
      caption={`Answers to “${question.text}”`}
      columns={columns}
      rows={question.answers}
      rowKey={(answer) => `${answer.role}-${answer.user.id}`}
      {...sort}
    />
  );
}

const PROGRESS_COLUMNS: Column<PollParticipant>[] = [
  ...whoColumns<PollParticipant>(
    (participant) => participant.role,
    (participant) => participant,
  ),
  {
    id: 'answered',
    header: 'Answered',
    kind: 'number',
    cell: (participant) => `${participant.answered} of ${participant.questions}`,
    sortValue: (participant) => participant.answered,
    sortDescFirst: true,
  },
  {
    id: 'submitted',
    header: 'Submitted',
    cell: (participant) => (participant.submitted ? 'Yes' : 'Not yet'),
    sortValue: (participant) => (participant.submitted ? 1 : 0),
  },
];

/** Each participant's progress: replies against the questions they are asked. */
function ProgressByRole({ participants }: { participants: readonly PollParticipant[] }) {
  const sort = useTableSort(PROGRESS_COLUMNS);
  if (participants.length === 0) return null;
  return (
    <>
      <h3 id="progress-by-role">Progress by role</h3>
      <DataTable
        caption="Progress by role table"
        columns={PROGRESS_COLUMNS}
        rows={participants}
        rowKey={(participant) => `${participant.role}-${participant.id}`}
        {...sort}
      />
    </>
  );
}

const feedbackSchema = z.object({
  indicator: z
    .custom<FeedbackIndicator | null>()
    .pipe(z.enum(FEEDBACK_INDICATORS, { error: 'Choose how useful the check was.' })),
  comment: z
    .string()
    .max(
      SURVEY_TEXT_LIMITS.comment,
      `Keep the comment to ${SURVEY_TEXT_LIMITS.comment} characters or fewer.`,
    ),
});
type FeedbackValues = z.input<typeof feedbackSchema>;

/** Indicator feedback on the survey itself. */
function Feedback({ pollId }: { pollId: number }) {
  const { data: items } = useGetFeedbackQuery(pollId);
  const [sendFeedback] = useSendFeedbackMutation();
  const form = useZodForm(feedbackSchema, {
    defaultValues: { indicator: null, comment: '' } satisfies FeedbackValues,
  });
  const { register, formState, control } = form;
  const indicator = useWatch({ control, name: 'indicator' });
  const send = async ({ indicator, comment }: z.output<typeof feedbackSchema>) => {
    try {
      await sendFeedback({ pollId, indicator, comment, type: 'survey' }).unwrap();
      form.reset();
      notify.success('Thank you for your feedback.');
    } catch (error) {
      // the choice stays for a retry; the error toast says why and the API logs it (spec §8)
      applyDrfErrors(error, form.setError, {
        fields: ['indicator', 'comment'],
        toastShowsRest: true,
      });
    }
  };
  return (
    <section className={surveyStyles.feedback} aria-labelledby="feedback-title">
      <h2 id="feedback-title">How useful was this check?</h2>
      <Form form={form} onSubmit={send} aria-labelledby="feedback-title">
        <FieldSet
          name="indicator"
          legend={<span className="visually-hidden">Your rating</span>}
          className={surveyStyles.options}
        >
          {FEEDBACK_INDICATORS.map((value) => (
            <label key={value} className={surveyStyles.option}>
              <input type="radio" value={value} {...register('indicator')} />
              <span>{INDICATOR_LABELS[value]}</span>
            </label>
          ))}
        </FieldSet>
        <Field
          name="comment"
          label="What should we improve?"
          id="feedback-comment"
          maxLength={SURVEY_TEXT_LIMITS.comment}
        >
          <textarea rows={3} maxLength={SURVEY_TEXT_LIMITS.comment} {...register('comment')} />
        </Field>
        <p>
          <Button type="submit" variant="primary" disabled={!indicator || formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending…' : 'Send feedback'}
          </Button>
        </p>
      </Form>
      {items && items.length > 0 && (
        <ul className={surveyStyles.feedbackList}>
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
