import { useFormContext, useWatch } from 'react-hook-form';
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
import { Field } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
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
import { Fields } from '../../../shared/ui/Layout';

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

/**
 * Adds a target of `kind` to the scope: metric, period (this quarter by default), planned and
 * actual values; `metric` and `period` fill the form in (the DEX scope's "Set target"). A refused
 * call leaves the dialog as it is: the field messages on their fields, the rest above them, what
 * was typed kept.
 */
export function AddTargetDialog({
  scope,
  kind,
  metric: givenMetric,
  period,
  onClose,
}: {
  scope: TargetsScope;
  kind: TargetKind;
  metric?: TargetMetric;
  period?: string;
  onClose: () => void;
}) {
  const form = useZodForm(newTargetSchema, {
    defaultValues: {
      metric: givenMetric ?? '',
      period: period ?? periodOf(new Date()),
      planned: '',
      actual: '',
    },
  });
  const [addTarget, { isLoading }] = useAddTargetMutation();
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
      return false;
    }
    notify.success(TARGET_MESSAGES.added);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Add ${TARGET_KIND_NOUNS[kind].toLowerCase()}`}
      busy={isLoading}
      onSubmit={save}
      submitLabel="Add target"
      busyLabel="Adding…"
    >
      <Fields>
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
      </Fields>
    </FormDialog>
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
      return false;
    }
    notify.success(TARGET_MESSAGES.saved);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Change ${label}, ${target.period}`}
      description={TARGET_KIND_NOUNS[target.kind]}
      busy={isLoading}
      onSubmit={save}
      submitLabel="Save target"
    >
      <Fields>
        <ValueFields metric={target.metric} />
      </Fields>
    </FormDialog>
  );
}
