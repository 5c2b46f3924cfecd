import { FormProvider, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  TARGET_KIND_NOUNS,
  TARGET_METRIC_INFO,
  TARGET_METRICS,
  periodOf,
  type Target,
  type TargetKind,
  type TargetMetric,
} from '../../../api/contract/targets';
import { notify } from '../../../shared/lib/toasts';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Field } from '../../../shared/ui/form/Field';
import { FormAlert } from '../../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useAddTargetMutation, useUpdateTargetMutation, type TargetsScope } from './api';
import {
  newTargetSchema,
  readTargetValue,
  targetValuesSchema,
  valueTextOf,
  type NewTargetValues,
  type TargetValues,
} from './targetForm';
import styles from './targets.module.css';

export const TARGET_MESSAGES = {
  added: 'The target has been added.',
  saved: 'The target has been saved.',
  deleted: 'The target has been deleted.',
} as const;

const NEW_FIELDS = ['metric', 'period', 'planned', 'actual'] as const;
const VALUE_FIELDS = ['planned', 'actual'] as const;

/** What a metric's value is: its unit, its range, which way is better. */
export function metricHint(metric: TargetMetric): string {
  const { unit, min, max, better } = TARGET_METRIC_INFO[metric];
  const range = unit === '%' ? `A percentage from ${min} to ${max}` : `A ${unit}`;
  return `${range}; ${better === 'higher' ? 'higher' : 'lower'} is better.`;
}

/** The planned and actual value fields of a target's form, described by the chosen metric. */
function ValueFields({ metric }: { metric: string }) {
  const { register } = useFormContext<TargetValues>();
  const known = (TARGET_METRICS as readonly string[]).includes(metric);
  return (
    <>
      <Field<TargetValues>
        name="planned"
        label="Planned value"
        hint={known ? metricHint(metric as TargetMetric) : 'Choose the metric first.'}
      >
        <input type="text" inputMode="decimal" autoComplete="off" {...register('planned')} />
      </Field>
      <Field<TargetValues>
        name="actual"
        label={
          <>
            Actual value <span className="muted">(optional)</span>
          </>
        }
        hint="Leave it empty until the value is measured."
      >
        <input type="text" inputMode="decimal" autoComplete="off" {...register('actual')} />
      </Field>
    </>
  );
}

/** Focuses the first field in error in the dialog's order (the dialog is the form). */
const focusFirst =
  <Name extends string>(order: readonly Name[], setFocus: (name: Name) => void) =>
  (errors: FieldErrors) => {
    const first = order.find((name) => errors[name]);
    if (first) setFocus(first);
  };

/**
 * Adds a target of `kind` to the scope: metric, period (this quarter by default), planned and
 * actual values. A refused call leaves the dialog as it is: the field messages on their fields,
 * the rest above them, what was typed kept.
 */
export function AddTargetDialog({
  scope,
  kind,
  onClose,
}: {
  scope: TargetsScope;
  kind: TargetKind;
  onClose: () => void;
}) {
  const form = useZodForm(newTargetSchema, {
    defaultValues: { metric: '', period: periodOf(new Date()), planned: '', actual: '' },
  });
  const [addTarget, { isLoading }] = useAddTargetMutation();
  const { dialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);
  const metric = useWatch({ control: form.control, name: 'metric' });

  const save = async (values: NewTargetValues) => {
    const target = {
      metric: values.metric as TargetMetric,
      period: values.period.trim(),
      planned: readTargetValue(values.planned)!,
      actual: readTargetValue(values.actual),
    };
    try {
      await addTarget({
        scope,
        target: kind === 'account' ? target : { ...target, kind },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: NEW_FIELDS });
      return;
    }
    allowNavigation();
    notify.success(TARGET_MESSAGES.added);
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Add ${TARGET_KIND_NOUNS[kind].toLowerCase()}`}
      busy={isLoading}
      onSubmit={() => void form.handleSubmit(save, focusFirst(NEW_FIELDS, form.setFocus))()}
      actions={
        <>
          <Button type="button" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {isLoading ? 'Adding…' : 'Add target'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <FormAlert />
        <div className={styles.fields}>
          <Field<NewTargetValues> name="metric" label="Metric">
            <select {...form.register('metric')}>
              <option value="">Choose a metric</option>
              {TARGET_METRICS.map((code) => (
                <option key={code} value={code}>
                  {TARGET_METRIC_INFO[code].label}
                </option>
              ))}
            </select>
          </Field>
          <Field<NewTargetValues>
            name="period"
            label="Period"
            hint="A calendar quarter, written as 2026-Q4."
          >
            <input type="text" autoComplete="off" {...form.register('period')} />
          </Field>
          <ValueFields metric={metric} />
        </div>
      </FormProvider>
      {dialog}
    </Dialog>
  );
}

/** Changes a target's planned and actual values (an empty actual value clears it). */
export function EditTargetDialog({
  scope,
  target,
  onClose,
}: {
  scope: TargetsScope;
  target: Target;
  onClose: () => void;
}) {
  const form = useZodForm(targetValuesSchema, {
    defaultValues: {
      metric: target.metric,
      planned: valueTextOf(target.planned),
      actual: valueTextOf(target.actual),
    },
  });
  const [updateTarget, { isLoading }] = useUpdateTargetMutation();
  const { dialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);
  const { label } = TARGET_METRIC_INFO[target.metric];

  const save = async (values: TargetValues) => {
    try {
      await updateTarget({
        scope,
        targetId: target.id,
        patch: {
          planned: readTargetValue(values.planned)!,
          actual: readTargetValue(values.actual),
        },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: VALUE_FIELDS });
      return;
    }
    allowNavigation();
    notify.success(TARGET_MESSAGES.saved);
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Change ${label}, ${target.period}`}
      description={TARGET_KIND_NOUNS[target.kind]}
      busy={isLoading}
      onSubmit={() => void form.handleSubmit(save, focusFirst(VALUE_FIELDS, form.setFocus))()}
      actions={
        <>
          <Button type="button" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save target'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <FormAlert />
        <div className={styles.fields}>
          <ValueFields metric={target.metric} />
        </div>
      </FormProvider>
      {dialog}
    </Dialog>
  );
}
