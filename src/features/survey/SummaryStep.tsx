import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import type { SummaryKey, SummarySections } from '../../api/contract/polls';
import { SUMMARY_KEYS } from '../../api/contract/polls';
import { notify } from '../../shared/lib/toasts';
import { checksApi } from '../checks/api';
import { useAppDispatch } from '../../app/hooks';
import { usePatchSummaryMutation, useSubmitPollMutation } from './api';
import { can, useSurvey } from './context';
import { StepNav } from './StepNav';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';

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

/** Spec §5 and §8: what a failed submit says, kept on screen. */
function submitMessage(error: unknown): string {
  const data = (error as ApiError | undefined)?.data;
  if (data && typeof data === 'object') {
    const messages = Object.values(data as Record<string, unknown>).flatMap((value) =>
      Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
    );
    if (messages.length > 0) return messages.join(' ');
  }
  return 'The survey could not be submitted. Check your connection and try again.';
}

/** `…/summary`: the summary sections by key, saved as the user types, and the submit. */
export default function SummaryStep() {
  const { poll, audit, base } = useSurvey();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [patchSummary] = usePatchSummaryMutation();
  const [submitPoll, { isLoading: submitting }] = useSubmitPollMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const isMainExpert = poll.main_expert !== null && poll.main_expert.id === poll.user_pos.uid;
  const own: SummarySections = isMainExpert ? poll.experts_summary : poll.pms_summary;
  const mayEdit =
    can(poll, 'CAN_EDIT_SUMMARY') && (poll.status === 'started' || poll.status === 'expert');
  const [draft, setDraft] = useState<SummarySections>(own);
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
    setDraft((current) => ({ ...current, [key]: value }));
    pending.current[key] = value;
    clearTimeout(timers.current[key]);
    timers.current[key] = setTimeout(() => {
      delete timers.current[key];
      void flush(key);
    }, SUMMARY_DEBOUNCE_MS);
  };

  const submit = async () => {
    for (const key of SUMMARY_KEYS) {
      if (timers.current[key]) {
        clearTimeout(timers.current[key]);
        delete timers.current[key];
        await flush(key);
      }
    }
    setSubmitError(null);
    try {
      await submitPoll(poll.id).unwrap();
      notify.success('The survey has been submitted.');
      navigate(`${base}/results`);
    } catch (error) {
      setSubmitError(submitMessage(error));
    }
  };

  const other: SummarySections = isMainExpert ? poll.pms_summary : poll.experts_summary;
  return (
    <section aria-labelledby="summary-title">
      <h1 id="summary-title">Summary</h1>
      {SUMMARY_KEYS.map((key) => (
        <div key={key} className="field">
          <label htmlFor={`summary-${key}`}>{SECTION_LABELS[key].label}</label>
          <p className="field-help" id={`summary-${key}-help`}>
            {SECTION_LABELS[key].help}
          </p>
          <textarea
            id={`summary-${key}`}
            rows={5}
            maxLength={SURVEY_TEXT_LIMITS.longText}
            value={draft[key]}
            readOnly={!mayEdit}
            aria-describedby={`summary-${key}-help`}
            onChange={(event) => change(key, event.target.value)}
          />
          <p className="save-state" aria-live="polite">
            {saving === key ? 'Saving…' : ''}
          </p>
        </div>
      ))}
      {SUMMARY_KEYS.some((key) => other[key]) && (
        <>
          <h2>{isMainExpert ? "The project manager's summary" : "The experts' summary"}</h2>
          <dl className="facts facts-stacked">
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
        <div className="submit-row">
          <button
            type="button"
            className="button button-primary"
            disabled={submitting}
            onClick={() => void submit()}
          >
            {submitting ? 'Submitting…' : 'Submit survey'}
          </button>
          {submitError && (
            <p className="form-error" role="alert">
              {submitError}
            </p>
          )}
        </div>
      )}
      <StepNav />
    </section>
  );
}
