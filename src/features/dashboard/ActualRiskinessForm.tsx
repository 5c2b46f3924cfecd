import { z } from '../../shared/ui/form/zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import {
  ACTUAL_REASON_MAX,
  SCORE_LEVEL_LABELS,
  SCORE_LEVELS,
  type Month,
  type ScoreLevel,
} from '../../api/contract/dashboard';
import { notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { Field } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { requiredText } from '../../shared/ui/form/schemas';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { useRecordActualRiskinessMutation } from './api';
import { monthLabel } from './chartText';
import styles from './dashboard.module.css';

// Keys in the order the form shows them: a wrong submit focuses the first in error.
const schema = z.object({
  level: z
    .custom<ScoreLevel | ''>()
    .pipe(z.enum(SCORE_LEVELS, { error: 'Choose the level you judge the account at.' })),
  reason: requiredText('Say in a sentence why.').max(
    ACTUAL_REASON_MAX,
    `Keep the reason to ${ACTUAL_REASON_MAX} characters or fewer.`,
  ),
});
type Values = z.input<typeof schema>;

/**
 * This month's actual riskiness: the level the delivery owner judges the account at and why. A
 * refusal puts the server's words on their fields and keeps what was typed.
 */
export function ActualRiskinessForm({ accountId, month }: { accountId: number; month: Month }) {
  const [record] = useRecordActualRiskinessMutation();
  const form = useZodForm(schema, {
    defaultValues: { level: '', reason: '' } satisfies Values,
  });
  const { register, formState } = form;
  const save = async (values: z.output<typeof schema>) => {
    try {
      await record({ accountId, ...values }).unwrap();
      form.reset();
      notify.success(`The actual riskiness of ${monthLabel(month)} has been recorded.`);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['level', 'reason'], toastShowsRest: true });
    }
  };
  return (
    <section className={styles.formCard} aria-labelledby="actual-form-title">
      <h3 id="actual-form-title">Record the actual riskiness of {monthLabel(month)}</h3>
      <Form form={form} onSubmit={save} aria-labelledby="actual-form-title">
        <Field name="level" label="Level" id="actual-level">
          <select {...register('level')}>
            <option value="">Choose a level</option>
            {SCORE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {SCORE_LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </Field>
        <Field name="reason" label="Reason" id="actual-reason" maxLength={ACTUAL_REASON_MAX}>
          <textarea rows={3} {...register('reason')} />
        </Field>
        <p>
          <Button
            type="submit"
            variant="primary"
            busy={formState.isSubmitting}
            busyLabel="Recording…"
          >
            Record actual riskiness
          </Button>
        </p>
      </Form>
    </section>
  );
}
