import { useState, type ChangeEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  APPROVAL_METRIC_INFO,
  APPROVAL_METRICS,
  formatMetricValue,
  formatPeriod,
  METRICS_LIMITS,
  METRICS_MESSAGES,
  METRICS_UPLOAD,
  metricValueAllowed,
  PERIOD_PATTERN,
  type ApprovalMetric,
  type MetricSubmission,
} from '../../../api/contract/metricsApprovals';
import { notify } from '../../../shared/lib/toasts';
import { FileDropZone } from '../../../shared/ui/FileDropZone';
import { fileSize, refusal, ruleText } from '../../../shared/ui/FileUpload';
import { Field, type FieldControlProps } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { safeHref } from '../../../shared/lib/safeHref';
import {
  useCreateMetricSubmissionMutation,
  useDecideMetricSubmissionMutation,
  useUpdateMetricSubmissionMutation,
  useUploadMetricEvidenceMutation,
} from './api';
import styles from './metrics.module.css';
import { FieldPair, Fields, layoutClass } from '../../../shared/ui/Layout';
import { thisMonthIso } from '../../../shared/lib/today';

export const METRICS_TOASTS = {
  submitted: 'The metric value has been submitted for approval.',
  resubmitted: 'The metric value has been resubmitted for approval.',
  approved: 'The metric value has been approved.',
  returned: 'The metric value has been returned to its submitter.',
} as const;

export const EVIDENCE_MISSING = 'Attach the evidence: one file.';

/** The current month, `YYYY-MM`, the latest a value may be submitted for. */
export const currentPeriod = () => thisMonthIso();

const tooLong = (max: number) => `Keep the comment to ${max} characters or fewer.`;

const submissionSchema = z
  .object({
    // In the order the dialog shows them: a wrong submit focuses the first in error.
    metric: z
      .custom<ApprovalMetric | ''>()
      .pipe(z.enum(APPROVAL_METRICS, { error: 'Choose the metric.' })),
    period: z
      .string()
      .refine((value) => PERIOD_PATTERN.test(value), 'Choose the month.')
      .refine((value) => value <= currentPeriod(), METRICS_MESSAGES.futurePeriod),
    value: z.string().refine((text) => text.trim() !== '', 'Give the value.'),
    comment: z.string().max(METRICS_LIMITS.comment, tooLong(METRICS_LIMITS.comment)),
    evidence: z.custom<File | null>().refine((file) => file !== null, EVIDENCE_MISSING),
  })
  .superRefine((values, context) => {
    if (!values.metric || values.value.trim() === '') return;
    if (!metricValueAllowed(values.metric, Number(values.value)))
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: METRICS_MESSAGES.valueRange(values.metric),
      });
  });
type SubmissionValues = z.input<typeof submissionSchema>;
const FIELDS = ['metric', 'period', 'value', 'comment', 'evidence'] as const;
const RENAME = { files: 'evidence' } as const;

/**
 * Submits a metric's value for a month with its one file of evidence, or resubmits a returned
 * one (or one whose evidence never arrived) with a new value and evidence. The file is checked
 * against spec §5's metrics upload as it is chosen: a second file or another type is refused
 * with the spec's message and never sent. The value goes first (a draft), then the evidence,
 * which submits it; a refused evidence keeps the dialog open on the draft.
 */
export function SubmissionDialog({
  projectId,
  submission,
  onClose,
}: {
  projectId: number;
  /** The returned submission, or the draft, to submit again; null for a new one. */
  submission: MetricSubmission | null;
  onClose: () => void;
}) {
  // The submission once it exists: the one given, or the draft this dialog made.
  const [saved, setSaved] = useState(submission);
  const form = useZodForm(submissionSchema, {
    defaultValues: {
      metric: submission?.metric ?? '',
      period: submission?.period ?? currentPeriod(),
      value: submission ? String(submission.value) : '',
      comment: submission?.comment ?? '',
      evidence: null,
    },
  });
  const [create, creating] = useCreateMetricSubmissionMutation();
  const [update, updating] = useUpdateMetricSubmissionMutation();
  const [upload, uploading] = useUploadMetricEvidenceMutation();
  const busy = creating.isLoading || updating.isLoading || uploading.isLoading;
  const metric = useWatch({ control: form.control, name: 'metric' });
  const again = submission?.state === 'returned';

  const save = async (values: z.output<typeof submissionSchema>) => {
    const value = Number(values.value);
    const comment = values.comment.trim();
    let target = saved;
    try {
      if (!target) {
        target = await create({
          projectId,
          submission: { metric: values.metric, period: values.period, value, comment },
        }).unwrap();
        setSaved(target);
      } else if (target.value !== value || target.comment !== comment) {
        target = await update({
          projectId,
          submissionId: target.id,
          patch: { value, comment },
        }).unwrap();
        setSaved(target);
      }
      await upload({ projectId, submissionId: target.id, file: values.evidence! }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, rename: RENAME });
      return false;
    }
    notify.success(again ? METRICS_TOASTS.resubmitted : METRICS_TOASTS.submitted);
    return true;
  };

  const info = metric ? APPROVAL_METRIC_INFO[metric] : null;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={
        submission
          ? `${again ? 'Resubmit' : 'Submit'} ${APPROVAL_METRIC_INFO[submission.metric].label}, ${formatPeriod(submission.period)}`
          : 'Submit a metric value'
      }
      description={
        again && submission.decision_comment
          ? `Returned: ${submission.decision_comment}`
          : 'The value goes to the QC lead for approval with its evidence.'
      }
      busy={busy}
      busyLabel="Submitting…"
      onSubmit={save}
      submitLabel={again ? 'Resubmit' : 'Submit'}
    >
      <Fields>
        {saved ? (
          <p className={styles.fixed}>
            {APPROVAL_METRIC_INFO[saved.metric].label}, {formatPeriod(saved.period)}
          </p>
        ) : (
          <FieldPair>
            <Field<SubmissionValues> name="metric" label="Metric">
              <select {...form.register('metric')}>
                <option value="">Choose…</option>
                {APPROVAL_METRICS.map((key) => (
                  <option key={key} value={key}>
                    {APPROVAL_METRIC_INFO[key].label}
                  </option>
                ))}
              </select>
            </Field>
            <Field<SubmissionValues> name="period" label="Period" hint="The month it measures.">
              <input type="month" max={currentPeriod()} {...form.register('period')} />
            </Field>
          </FieldPair>
        )}
        <Field<SubmissionValues>
          name="value"
          label="Value"
          hint={info ? `${info.unit}, from ${info.min} to ${info.max}` : undefined}
        >
          <input type="text" inputMode="decimal" autoComplete="off" {...form.register('value')} />
        </Field>
        <Field<SubmissionValues>
          name="comment"
          label={
            <>
              Comment <span className="muted">(optional)</span>
            </>
          }
          maxLength={METRICS_LIMITS.comment}
        >
          <textarea rows={2} {...form.register('comment')} />
        </Field>
        <Controller
          control={form.control}
          name="evidence"
          render={({ field }) => (
            <Field<SubmissionValues>
              name="evidence"
              label={again ? 'New evidence' : 'Evidence'}
              hint={ruleText(METRICS_UPLOAD)}
            >
              {(control) => (
                <EvidenceInput
                  {...control}
                  file={field.value ?? null}
                  disabled={busy}
                  onChange={field.onChange}
                />
              )}
            </Field>
          )}
        />
      </Fields>
    </FormDialog>
  );
}

/**
 * The evidence file of the form: the choice is checked at once (spec §5 metrics upload). A refused
 * choice says why and changes nothing (a file chosen before stays), so that it is never sent.
 */
function EvidenceInput({
  file,
  disabled,
  onChange,
  ...control
}: FieldControlProps & {
  file: File | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  const errorId = `${control.id}-refused`;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied at once: the form holds the file, and the same one can be chosen again.
    event.target.value = '';
    take(chosen);
  };
  /** Chosen or dropped, a file passes the same check. */
  const take = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const message = refusal(METRICS_UPLOAD, chosen, 0);
    setRefused(message);
    if (!message) onChange(chosen[0]!);
  };
  return (
    <>
      <FileDropZone disabled={disabled} onFiles={take}>
        {/* `multiple`, so that a choice of several files is refused rather than cut to one. */}
        <input
          {...control}
          aria-invalid={refused ? true : control['aria-invalid']}
          aria-describedby={
            [control['aria-describedby'], refused && errorId].filter(Boolean).join(' ') || undefined
          }
          type="file"
          multiple
          accept={METRICS_UPLOAD.extensions.map((extension) => `.${extension}`).join(',')}
          disabled={disabled}
          onChange={choose}
        />
      </FileDropZone>
      {refused && (
        <span id={errorId} className={styles.refused} role="alert">
          {refused}
        </span>
      )}
      <span className={styles.chosen} role="status">
        {file ? `Chosen: ${file.name} (${fileSize(file.size)})` : ''}
      </span>
    </>
  );
}

const decisionSchema = z
  .object({
    decision: z.enum(['approve', 'return']),
    comment: z
      .string()
      .max(METRICS_LIMITS.decision_comment, tooLong(METRICS_LIMITS.decision_comment)),
  })
  .superRefine((values, context) => {
    if (values.decision === 'return' && values.comment.trim() === '')
      context.addIssue({
        code: 'custom',
        path: ['comment'],
        message: METRICS_MESSAGES.returnComment,
      });
  });
type DecisionValues = z.input<typeof decisionSchema>;
const DECISION_FIELDS = ['decision', 'comment'] as const;

/** Approves a submitted value, or returns it to its submitter with a comment. */
export function DecisionDialog({
  projectId,
  submission,
  onClose,
}: {
  projectId: number;
  submission: MetricSubmission;
  onClose: () => void;
}) {
  const form = useZodForm(decisionSchema, { defaultValues: { decision: 'approve', comment: '' } });
  const [decide, { isLoading }] = useDecideMetricSubmissionMutation();
  const decision = useWatch({ control: form.control, name: 'decision' });

  const save = async (values: z.output<typeof decisionSchema>) => {
    try {
      await decide({
        projectId,
        submissionId: submission.id,
        decision: { decision: values.decision, comment: values.comment.trim() },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: DECISION_FIELDS });
      return false;
    }
    notify.success(
      values.decision === 'approve' ? METRICS_TOASTS.approved : METRICS_TOASTS.returned,
    );
    return true;
  };

  const { label } = APPROVAL_METRIC_INFO[submission.metric];
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Review ${label}, ${formatPeriod(submission.period)}`}
      description={`${formatMetricValue(submission.metric, submission.value)}, submitted by ${submission.submitted_by.name}.`}
      busy={isLoading}
      onSubmit={save}
      submitLabel={decision === 'return' ? 'Return' : 'Approve'}
    >
      <Fields>
        {submission.comment && <p className={styles.fixed}>“{submission.comment}”</p>}
        {submission.evidence && (
          <p className={styles.fixed}>
            Evidence:{' '}
            <a href={safeHref(submission.evidence.url)} download={submission.evidence.file_name}>
              {submission.evidence.file_name}
            </a>
          </p>
        )}
        <fieldset className={layoutClass.choiceGroup}>
          <legend>Decision</legend>
          <label>
            <input type="radio" value="approve" {...form.register('decision')} /> Approve
          </label>
          <label>
            <input type="radio" value="return" {...form.register('decision')} /> Return to the
            submitter
          </label>
        </fieldset>
        <Field<DecisionValues>
          name="comment"
          label={
            decision === 'return' ? (
              'Comment'
            ) : (
              <>
                Comment <span className="muted">(optional)</span>
              </>
            )
          }
          hint={decision === 'return' ? 'What the submitter should change.' : undefined}
          maxLength={METRICS_LIMITS.decision_comment}
        >
          <textarea rows={3} {...form.register('comment')} />
        </Field>
      </Fields>
    </FormDialog>
  );
}
