import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from '../../../shared/ui/form/zod';
import {
  RISK_MESSAGES,
  TEXT_MAX,
  type ResolutionAction,
  type Risk,
} from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Field, FieldSet } from '../../../shared/ui/form/Field';
import { Form, FormAlert } from '../../../shared/ui/form/Form';
import { requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useResolveRiskMutation } from '../api';
import { RESOLUTION_ACTION_LABELS, RESOLUTION_LABELS, RISK_STATUS_LABELS } from '../labels';
import { RichText } from '../../../shared/ui/RichText';
import { can } from './riskAccess';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

/** What each resolution action means, said to the person choosing it. */
const ACTION_HINTS: Record<ResolutionAction, (kind: Risk['kind']) => string> = {
  resolve: (kind) => `The ${kind} has been dealt with.`,
  resolve_as_duplicate: (kind) => `Another ${kind} already covers it.`,
  resolve_as_invalid: (kind) => `It was never a real ${kind}.`,
  resolve_as_not_actual: () => 'It no longer applies.',
  resolve_as_ignore: () => 'It is accepted as it is; nothing more will be done about it.',
  convert_to_issue: () =>
    'It has happened: it becomes an issue, keeping its statement and history.',
  reopen: (kind) => `The ${kind} needs attention again and can be changed.`,
};

/**
 * The spec §4 resolution actions this user may take now: the five ways to resolve and, for a
 * risk, conversion to an issue while it is open (resolution flag); reopening once it is closed
 * (reopen flag).
 */
export function resolutionActionsFor(risk: Risk): ResolutionAction[] {
  if (risk.status === 'closed') return can(risk, 'reopen') ? ['reopen'] : [];
  if (!can(risk, 'resolution')) return [];
  const resolve: ResolutionAction[] = [
    'resolve',
    'resolve_as_duplicate',
    'resolve_as_invalid',
    'resolve_as_not_actual',
    'resolve_as_ignore',
  ];
  return risk.kind === 'risk' ? [...resolve, 'convert_to_issue'] : resolve;
}

const CONFIRM_TITLES: Record<ResolutionAction, (kind: Risk['kind']) => string> = {
  resolve: (kind) => `Resolve this ${kind}?`,
  resolve_as_duplicate: (kind) => `Resolve this ${kind} as a duplicate?`,
  resolve_as_invalid: (kind) => `Resolve this ${kind} as invalid?`,
  resolve_as_not_actual: (kind) => `Resolve this ${kind} as not actual?`,
  resolve_as_ignore: (kind) => `Ignore this ${kind}?`,
  convert_to_issue: () => 'Convert this risk to an issue?',
  reopen: (kind) => `Reopen this ${kind}?`,
};

const schema = z.object({
  action: z.string().refine((value) => value !== '', 'Choose what to do.'),
  comment: requiredText('Say why: the comment stays in the history.').pipe(
    z.string().max(TEXT_MAX, `Keep it to ${TEXT_MAX} characters or fewer.`),
  ),
});
type Values = z.output<typeof schema>;
const EMPTY: Values = { action: '', comment: '' };

export function ResolutionTab({ risk }: { risk: Risk }) {
  const navigate = useNavigate();
  const actions = resolutionActionsFor(risk);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [confirming, setConfirming] = useState(false);
  const [resolveRisk, { isLoading }] = useResolveRiskMutation();
  const action = useWatch({ control: form.control, name: 'action' });
  const comment = useWatch({ control: form.control, name: 'comment' });
  // A closed risk has one way on, reopening: a button says it, not a one-option choice.
  const onlyReopen = actions.length === 1 && actions[0] === 'reopen';
  const chosen = onlyReopen
    ? 'reopen'
    : actions.includes(action as ResolutionAction)
      ? (action as ResolutionAction)
      : '';
  useEffect(() => {
    if (onlyReopen && form.getValues('action') !== 'reopen') form.setValue('action', 'reopen');
  }, [onlyReopen, form, action]);

  const run = async () => {
    if (!chosen) return;
    try {
      const result = await resolveRisk({
        riskId: risk.id,
        action: chosen,
        comment: comment.trim(),
      }).unwrap();
      // A conversion to an issue opens the new record: the message goes with the user.
      (result.id !== risk.id ? notify.successOnNextPage : notify.success)(
        chosen === 'reopen'
          ? RISK_MESSAGES.reopened(risk.kind)
          : RISK_MESSAGES.actionProcessed(risk.kind),
      );
      form.reset(EMPTY);
      if (result.id !== risk.id) void navigate(`/risks/${result.id}?tab=details`);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['action', 'comment'] });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="risk-resolution">
      <h2>Resolution</h2>
      <dl className={detailStyles.riskFactsGrid}>
        <div className={detailStyles.riskFact}>
          <dt>Status</dt>
          <dd>{RISK_STATUS_LABELS[risk.status]}</dd>
        </div>
        {risk.resolution && (
          <div className={detailStyles.riskFact}>
            <dt>Resolution</dt>
            <dd>{RESOLUTION_LABELS[risk.resolution]}</dd>
          </div>
        )}
        {risk.status === 'closed' && (
          <div className={`${detailStyles.riskFact} ${detailStyles.riskFactWide}`}>
            <dt>Resolution comment</dt>
            <dd>
              {risk.resolution_comment ? (
                <RichText text={risk.resolution_comment} />
              ) : (
                'None given.'
              )}
            </dd>
          </div>
        )}
      </dl>
      {actions.length === 0 ? (
        <p className={detailStyles.riskFormHint}>
          {risk.status === 'closed'
            ? `Your role cannot reopen this ${risk.kind}.`
            : `Your role cannot resolve this ${risk.kind}.`}
        </p>
      ) : (
        <Form
          form={form}
          alert={false}
          className={detailStyles.riskForm}
          aria-labelledby="risk-resolution-title"
          onSubmit={() => {
            if (!isLoading) setConfirming(true);
          }}
        >
          <h3 id="risk-resolution-title">
            {risk.status === 'closed' ? `Reopen the ${risk.kind}` : `Resolve the ${risk.kind}`}
          </h3>
          <FormAlert />
          {onlyReopen ? (
            <p className={detailStyles.riskFormHint}>{ACTION_HINTS.reopen(risk.kind)}</p>
          ) : (
            <FieldSet<Values>
              name="action"
              legend="Action"
              className={detailStyles.riskChoiceGroup}
            >
              {actions.map((option) => (
                <div key={option} className={detailStyles.riskRadio}>
                  <input
                    id={`risk-resolution-${option}`}
                    type="radio"
                    value={option}
                    aria-describedby={`risk-resolution-${option}-hint`}
                    {...form.register('action')}
                  />
                  <label htmlFor={`risk-resolution-${option}`}>
                    {RESOLUTION_ACTION_LABELS[option]}
                  </label>
                  <span id={`risk-resolution-${option}-hint`} className={detailStyles.riskFormHint}>
                    {ACTION_HINTS[option](risk.kind)}
                  </span>
                </div>
              ))}
            </FieldSet>
          )}
          <Field<Values> name="comment" label="Comment">
            <textarea rows={3} {...form.register('comment')} />
          </Field>
          <div className={detailStyles.riskFormActions}>
            <Button type="submit" variant="primary" busy={isLoading}>
              {chosen ? `${RESOLUTION_ACTION_LABELS[chosen]}…` : 'Continue…'}
            </Button>
          </div>
        </Form>
      )}
      <ConfirmDialog
        open={confirming}
        title={chosen ? CONFIRM_TITLES[chosen](risk.kind) : ''}
        confirmLabel={chosen ? RESOLUTION_ACTION_LABELS[chosen] : 'OK'}
        destructive={chosen !== 'reopen'}
        busy={isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      >
        <p>{chosen && ACTION_HINTS[chosen](risk.kind)}</p>
        <p className={detailStyles.riskFormHint}>Your comment: “{comment.trim()}”</p>
      </ConfirmDialog>
    </div>
  );
}
