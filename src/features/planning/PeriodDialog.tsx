import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import {
  NEW_PERIOD_STATES,
  PERIOD_NAME_MAX,
  PLANNER_PERIOD_STATE_LABELS,
  type NewPeriodState,
  type PlannerPeriod,
} from '../../api/contract/plannerPeriods';
import { notify } from '../../shared/lib/toasts';
import { Field } from '../../shared/ui/form/Field';
import { FormDateField } from '../../shared/ui/form/FormDateField';
import { FormDialog } from '../../shared/ui/form/FormDialog';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { useCreatePlannerPeriodMutation, useUpdatePlannerPeriodMutation } from './api';
import { PERIOD_FIELDS, periodSchema, type PeriodValues } from './periodForm';
import styles from './planning.module.css';

export const PERIOD_MESSAGES = {
  created: 'The period has been created.',
  saved: 'The period has been saved.',
  opened: 'The period has been opened: checks can be planned in it.',
  closed: 'The period has been closed.',
} as const;

const STATE_HINTS: Record<NewPeriodState, string> = {
  draft: 'Draft: prepare it now, open it when planning starts.',
  open: 'Open: checks can be planned in it at once. Open periods cannot overlap.',
};

/**
 * Creates a period (no `period`) or changes the name and dates of a draft or open one. The
 * dates are checked against the periods the page has loaded as the server would check them (the
 * end after the start, no overlap between open periods), and a refusal from the server lands on
 * its field (also the one only the server knows: dates that would leave planned checks outside
 * the period); what was typed stays. Closing the dialog with changes asks first.
 */
export function PeriodDialog({
  period,
  periods,
  onClose,
}: {
  period?: PlannerPeriod;
  periods: readonly PlannerPeriod[];
  onClose: () => void;
}) {
  const schema = useMemo(() => periodSchema(periods, period?.id), [periods, period?.id]);
  const form = useZodForm(schema, {
    defaultValues: {
      name: period?.name ?? '',
      start_date: period?.start_date ?? '',
      end_date: period?.end_date ?? '',
      state: period?.state ?? 'draft',
    },
  });
  const [create, creating] = useCreatePlannerPeriodMutation();
  const [update, updating] = useUpdatePlannerPeriodMutation();
  const busy = creating.isLoading || updating.isLoading;
  const state = useWatch({ control: form.control, name: 'state' });

  const save = async (values: PeriodValues) => {
    const fields = {
      name: values.name.trim(),
      start_date: values.start_date,
      end_date: values.end_date,
    };
    try {
      if (period) await update({ periodId: period.id, patch: fields }).unwrap();
      else await create({ ...fields, state: values.state as NewPeriodState }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: PERIOD_FIELDS });
      return false;
    }
    notify.success(period ? PERIOD_MESSAGES.saved : PERIOD_MESSAGES.created);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      discardWhat="in this period"
      title={period ? `Edit “${period.name}”` : 'New period'}
      description={
        period
          ? `${PLANNER_PERIOD_STATE_LABELS[period.state]} period. The checks planned in it must stay within its dates.`
          : 'A stretch of time checks are planned in, a quarter as a rule.'
      }
      busy={busy}
      onSubmit={save}
      submitLabel={period ? 'Save period' : 'Create period'}
      busyLabel={period ? 'Saving…' : 'Creating…'}
    >
      <div className={styles.fields}>
        <Field<PeriodValues> name="name" label="Name" maxLength={PERIOD_NAME_MAX}>
          <input type="text" autoComplete="off" {...form.register('name')} />
        </Field>
        <div className={styles.dates}>
          <FormDateField<PeriodValues>
            name="start_date"
            label="Start date"
            hint="The first day of the period."
          />
          <FormDateField<PeriodValues>
            name="end_date"
            label="End date"
            hint="The last day of the period, included."
          />
        </div>
        {!period && (
          <Field<PeriodValues>
            name="state"
            label="Start as"
            hint={STATE_HINTS[state as NewPeriodState] ?? STATE_HINTS.draft}
          >
            <select {...form.register('state')}>
              {NEW_PERIOD_STATES.map((state) => (
                <option key={state} value={state}>
                  {PLANNER_PERIOD_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
    </FormDialog>
  );
}
