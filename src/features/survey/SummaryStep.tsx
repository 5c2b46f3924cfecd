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
import { useGetDriversQuery, usePatchSummaryMutation, useSubmitPollMutation } from './api';
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
  const { data: drivers = [] } = useGetDriversQuery(poll.id);
  const [confirming, setConfirming] = useState(false);
  // What is left to answer, driver by driver: shown before submitting, and asked about.
  const open = drivers
    .filter((driver) => driver.reply_count < driver.questions_count)
    .map((driver) => ({ driver, left: driver.questions_count - driver.reply_count }));
  const unanswered = open.reduce((sum, { left }) => sum + left, 0);
  const total = drivers.reduce((sum, driver) => sum + driver.questions_count, 0);
  const isMainExpert = poll.main_expert !== null && poll.main_expert.id === poll.user_pos.uid;
  // The main expert and an audit's auditor write the experts' summary (an audit's report).
  const writesExperts = isMainExpert || audit;
  const own: SummarySections = writesExperts ? poll.experts_summary : poll.pms_summary;
  const mayEdit =
    can(poll, 'CAN_EDIT_SUMMARY') && (poll.status === 'started' || poll.status === 'expert');
  const form = useZodForm(summarySchema, { defaultValues: own });
  const [saving, setSaving] = useState<SummaryKey | null>(null);
  const timers = useRef<Partial<Record<SummaryKey, ReturnType<typeof setTimeout>>>>({});
  const pending = useRef<Partial<SummarySections>>({});

  const flush = async (key: SummaryKey) => {
    const value = pending.current[key];
    if (value === undefined) return;
    delete pending.current[key];
    setSaving(key);
    try {
      await patchSummary({ pollId: poll.id, patch: { [key]: value } }).unwrap();
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
    } finally {
      setSaving(null);
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
    }
  };

  const other: SummarySections = writesExperts ? poll.pms_summary : poll.experts_summary;
  return (
    <section aria-labelledby="summary-title">
      <h1 id="summary-title">Summary</h1>
      <Form
        form={form}
        onSubmit={() => setConfirming(true)}
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
              {saving === key ? 'Saving…' : ''}
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
          <>
            <h2 id="submit-title">Before you submit</h2>
            <UnansweredList open={open} unanswered={unanswered} total={total} base={base} />
            <div className={surveyStyles.submitRow}>
              <Button type="submit" variant="primary" busy={submitting}>
                {submitting ? 'Submitting…' : 'Submit survey'}
              </Button>
              <FormAlert />
            </div>
          </>
        )}
      </Form>
      <ConfirmDialog
        open={confirming}
        title="Submit the survey?"
        confirmLabel="Submit survey"
        busyLabel="Submitting…"
        busy={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      >
        <p>Once it is submitted, your answers can no longer be changed.</p>
        {unanswered > 0 && (
          <p>
            {unanswered === 1
              ? '1 question is still unanswered.'
              : `${unanswered} questions are still unanswered.`}
          </p>
        )}
      </ConfirmDialog>
      <StepNav />
    </section>
  );
}

type OpenDriver = { driver: { id: number; slug: string; name: string }; left: number };

/** How much is answered, and the drivers still open, each a link to its questions. */
function UnansweredList({
  open,
  unanswered,
  total,
  base,
}: {
  open: readonly OpenDriver[];
  unanswered: number;
  total: number;
  base: string;
}) {
  if (total === 0) return null;
  if (unanswered === 0)
    return <p className={surveyStyles.ready}>All {total} questions are answered.</p>;
  return (
    <>
      <p>
        {unanswered} of {total} questions {unanswered === 1 ? 'is' : 'are'} still unanswered:
      </p>
      <ul className={surveyStyles.unanswered} aria-label="Drivers with unanswered questions">
        {open.map(({ driver, left }) => (
          <li key={driver.id}>
            <Link to={`${base}/drivers/${driver.slug}`}>{driver.name}</Link> · {left} unanswered
          </li>
        ))}
      </ul>
    </>
  );
}
