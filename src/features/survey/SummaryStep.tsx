import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from '../../shared/ui/form/zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import type { SummaryKey, SummarySections } from '../../api/contract/polls';
import { SUMMARY_KEYS } from '../../api/contract/polls';
import { notify } from '../../shared/lib/toasts';
import { Field } from '../../shared/ui/form/Field';
import { Form, FormAlert } from '../../shared/ui/form/Form';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { checksApi } from '../checks/api';
import { useAppDispatch } from '../../app/hooks';
import type { Driver } from '../../api/contract/polls';
import { idTag } from '../../api/tags';
import {
  surveyApi,
  useGetDriverQuery,
  useGetDriversQuery,
  usePatchSummaryMutation,
  useSubmitPollMutation,
} from './api';
import { isUnanswered, questionAnchor, submitBlockers, type SubmitBlockers } from './submitRule';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { can, useStepTitle, useSurvey } from './context';
import { StepNav } from './StepNav';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { Button } from '../../shared/ui/Button';
import surveyStyles from './survey.module.css';

/** Spec §9: summary updates are debounced by 500 ms; audits refetch the poll 1500 ms later. */
export const SUMMARY_DEBOUNCE_MS = 500;
export const AUDIT_REFETCH_MS = 1500;

const SECTION_LABELS: Record<SummaryKey, { label: string; help: string }> = {
  risk_status: {
    label: 'Risk status',
    help: 'The overall risk picture of the project as this check found it.',
  },
  summary: {
    label: 'Summary',
    help: 'What works, what does not, and what the team should do next.',
  },
};

/** Spec §8: what a failed submit says when the server names nothing, kept on screen. */
export const SUBMIT_FAILED =
  'The survey could not be submitted. Check your connection and try again.';

const SECTION_MAX = SURVEY_TEXT_LIMITS.longText;
const summarySchema = z.object({
  risk_status: z.string(),
  summary: z.string(),
});

/** `…/summary`: the summary sections by key, saved as the user types, and the submit. */
export default function SummaryStep() {
  const { poll, audit, base } = useSurvey();
  useStepTitle('Summary');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [patchSummary] = usePatchSummaryMutation();
  const [submitPoll, { isLoading: submitting }] = useSubmitPollMutation();
  // Counted afresh on arriving: answers given in another tab count too.
  const { data: drivers = [] } = useGetDriversQuery(poll.id, { refetchOnMountOrArgChange: true });
  const [confirming, setConfirming] = useState(false);
  const isMainExpert = poll.main_expert !== null && poll.main_expert.id === poll.user_pos.uid;
  // The main expert and an audit's auditor write the experts' summary (an audit's report).
  const writesExperts = isMainExpert || audit;
  const own: SummarySections = writesExperts ? poll.experts_summary : poll.pms_summary;
  const mayEdit =
    can(poll, 'CAN_EDIT_SUMMARY') && (poll.status === 'started' || poll.status === 'expert');
  const form = useZodForm(summarySchema, { defaultValues: own });
  const [riskStatus, summaryText] = form.watch(SUMMARY_KEYS);
  // What stands between the user and the submit, by the server's rule (submitRule.ts).
  const blockers = submitBlockers(
    drivers,
    isMainExpert && !audit ? { risk_status: riskStatus, summary: summaryText } : null,
  );
  // Each section's save, said beside it (issue 33: every save says so), as a checklist's items do.
  const [saveState, setSaveState] = useState<Partial<Record<SummaryKey, 'saving' | 'saved'>>>({});
  const sayState = (key: SummaryKey, state: 'saving' | 'saved' | undefined) =>
    setSaveState((current) => ({ ...current, [key]: state }));
  const timers = useRef<Partial<Record<SummaryKey, ReturnType<typeof setTimeout>>>>({});
  const pending = useRef<Partial<SummarySections>>({});

  const flush = async (key: SummaryKey) => {
    const value = pending.current[key];
    if (value === undefined) return;
    delete pending.current[key];
    sayState(key, 'saving');
    try {
      await patchSummary({ pollId: poll.id, patch: { [key]: value } }).unwrap();
      // Typed again meanwhile: that text is not saved yet.
      sayState(key, pending.current[key] === undefined ? 'saved' : undefined);
      if (audit)
        setTimeout(
          () =>
            void dispatch(
              checksApi.endpoints.getPoll.initiate(poll.id, {
                forceRefetch: true,
                subscribe: false,
              }),
            ),
          AUDIT_REFETCH_MS,
        );
    } catch {
      // the error toast says why; the text stays in the field for the next try
      sayState(key, undefined);
    }
  };

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const key of SUMMARY_KEYS) {
        if (pendingTimers[key]) {
          clearTimeout(pendingTimers[key]);
          void flush(key);
        }
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush what is pending on leaving only
  }, []);

  const change = (key: SummaryKey, value: string) => {
    pending.current[key] = value;
    if (saveState[key] === 'saved') sayState(key, undefined);
    clearTimeout(timers.current[key]);
    timers.current[key] = setTimeout(() => {
      delete timers.current[key];
      void flush(key);
    }, SUMMARY_DEBOUNCE_MS);
  };

  const submit = async () => {
    setConfirming(false);
    for (const key of SUMMARY_KEYS) {
      if (timers.current[key]) {
        clearTimeout(timers.current[key]);
        delete timers.current[key];
        await flush(key);
      }
    }
    try {
      await submitPoll(poll.id).unwrap();
      notify.successOnNextPage('The survey has been submitted.');
      navigate(`${base}/results`);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: SUMMARY_KEYS, fallback: SUBMIT_FAILED });
      // Refused all the same (another tab, another device): count again, so that the list
      // below the server's message shows what is missing now.
      dispatch(surveyApi.util.invalidateTags(['Driver', idTag('Poll', poll.id)]));
    }
  };

  const other: SummarySections = writesExperts ? poll.pms_summary : poll.experts_summary;
  return (
    <section aria-labelledby="summary-title">
      <h1 id="summary-title">Summary</h1>
      <Form
        form={form}
        onSubmit={() => {
          if (blockers.ready) setConfirming(true);
        }}
        alert={false}
        aria-labelledby="summary-title"
      >
        {SUMMARY_KEYS.map((key) => (
          <div key={key}>
            <Field
              name={key}
              label={SECTION_LABELS[key].label}
              hint={SECTION_LABELS[key].help}
              id={`summary-${key}`}
              maxLength={mayEdit ? SECTION_MAX : undefined}
            >
              <textarea
                rows={5}
                maxLength={SECTION_MAX}
                readOnly={!mayEdit}
                {...form.register(key)}
                onInput={(event) => change(key, event.currentTarget.value)}
              />
            </Field>
            <p className={surveyStyles.saveState} aria-live="polite">
              {saveState[key] === 'saving' && 'Saving…'}
              {saveState[key] === 'saved' && <span className={surveyStyles.saved}>Saved</span>}
            </p>
          </div>
        ))}
        {SUMMARY_KEYS.some((key) => other[key]) && (
          <>
            <h2>{writesExperts ? "The project manager's summary" : "The experts' summary"}</h2>
            <dl className={`facts ${surveyStyles.factsStacked}`}>
              {SUMMARY_KEYS.map((key) => (
                <div key={key}>
                  <dt>{SECTION_LABELS[key].label}</dt>
                  <dd>{other[key] || '—'}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {can(poll, 'CAN_SUBMIT_SURVEY') && (
          <section className={surveyStyles.submitStep} aria-labelledby="submit-title">
            <h2 id="submit-title">Before you submit</h2>
            <SubmitState
              blockers={blockers}
              base={base}
              pollId={poll.id}
              onWriteSummary={(key) => form.setFocus(key)}
            />
            <div className={surveyStyles.submitRow}>
              {blockers.open[0] && (
                <FirstUnanswered pollId={poll.id} driver={blockers.open[0].driver} base={base} />
              )}
              <Button
                type="submit"
                variant={blockers.ready ? 'primary' : 'secondary'}
                busy={submitting}
                disabled={!blockers.ready}
                aria-describedby="submit-progress"
              >
                {submitting ? 'Submitting…' : 'Submit survey'}
              </Button>
              {blockers.total > 0 && (
                <span className={surveyStyles.submitProgress}>
                  {/* The words beside it say the same, and describe the button. */}
                  <progress max={blockers.total} value={blockers.answered} aria-hidden="true" />
                  <span id="submit-progress">
                    {`${blockers.answered} of ${blockers.total} answered`}
                  </span>
                </span>
              )}
            </div>
            <FormAlert />
          </section>
        )}
      </Form>
      <ConfirmDialog
        open={confirming && blockers.ready}
        title="Submit the survey?"
        confirmLabel="Submit survey"
        busyLabel="Submitting…"
        busy={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      >
        <p>
          {blockers.total === 1
            ? 'The question is answered.'
            : `All ${blockers.total} questions are answered.`}{' '}
          Once the survey is submitted, your answers can no longer be changed.
        </p>
      </ConfirmDialog>
      <StepNav />
    </section>
  );
}

/**
 * Where the user stands against the submit's rule: all answered, or what is left, driver by
 * driver with each question a link that puts the focus on it, and the summary sections to write.
 */
function SubmitState({
  blockers,
  base,
  pollId,
  onWriteSummary,
}: {
  blockers: SubmitBlockers;
  base: string;
  pollId: number;
  onWriteSummary: (key: SummaryKey) => void;
}) {
  const { open, summary, total, answered } = blockers;
  if (total === 0 && summary.length === 0) return null;
  if (blockers.ready)
    return <p className={surveyStyles.ready}>All {total} questions are answered.</p>;
  const unanswered = total - answered;
  return (
    <div className={surveyStyles.missingSummary}>
      {unanswered > 0 && (
        <>
          <p>
            {unanswered === 1
              ? 'Answer the last question to submit the survey:'
              : `Answer the ${unanswered} questions left to submit the survey:`}
          </p>
          <ul className={surveyStyles.unanswered} aria-label="Drivers with unanswered questions">
            {open.map(({ driver, left }) => (
              <OpenDriver key={driver.id} pollId={pollId} driver={driver} left={left} base={base} />
            ))}
          </ul>
        </>
      )}
      {summary.length > 0 && (
        <>
          <p>As the main expert, write these sections before submitting:</p>
          <ul className={surveyStyles.unanswered} aria-label="Summary sections to write">
            {summary.map((key) => (
              <li key={key}>
                <Button type="button" variant="quiet-link" onClick={() => onWriteSummary(key)}>
                  {SECTION_LABELS[key].label}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The way to the first question left: its card, once its driver's questions are known. */
function FirstUnanswered({
  pollId,
  driver,
  base,
}: {
  pollId: number;
  driver: Driver;
  base: string;
}) {
  const detail = useGetDriverQuery({ pollId, driverId: driver.id });
  const question = detail.data?.questions.find(isUnanswered);
  const anchor = question ? `#${questionAnchor(question.id)}` : '';
  return (
    <Button to={`${base}/drivers/${driver.slug}${anchor}`} variant="primary">
      Go to first unanswered
    </Button>
  );
}

/** A driver with questions left: its name, how many, and each of them a link to its card. */
function OpenDriver({
  pollId,
  driver,
  left,
  base,
}: {
  pollId: number;
  driver: Driver;
  left: number;
  base: string;
}) {
  const detail = useGetDriverQuery(
    { pollId, driverId: driver.id },
    { refetchOnMountOrArgChange: true },
  );
  const path = `${base}/drivers/${driver.slug}`;
  // Numbered as the driver's page numbers them.
  const questions = (detail.data?.questions ?? [])
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => isUnanswered(question));
  return (
    <li>
      <span className={surveyStyles.openDriver}>
        <Link to={path}>{driver.name}</Link> · {left} unanswered
      </span>
      {questions.length > 0 && (
        <ul aria-label={`Unanswered in ${driver.name}`}>
          {questions.map(({ question, number }) => (
            <li key={question.id}>
              <Link to={`${path}#${questionAnchor(question.id)}`}>
                {number}. {question.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
