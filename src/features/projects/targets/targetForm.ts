import { z } from '../../../shared/ui/form/zod';
import {
  isPeriod,
  PERIOD_MESSAGE,
  TARGET_DECIMALS,
  TARGET_METRIC_INFO,
  TARGET_METRICS,
  type TargetMetric,
} from '../../../api/contract/targets';

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

export const TARGET_VALUE_MESSAGES = {
  planned: 'Enter the planned value.',
  number: 'Enter a number, for example 95 or 4.5.',
  decimals: `Use at most ${TARGET_DECIMALS} decimal places.`,
  metric: 'Choose the metric.',
} as const;

export const rangeMessage = (metric: TargetMetric) => {
  const { min, max, unit } = TARGET_METRIC_INFO[metric];
  return `Enter a value from ${min} to ${max}${unit === '%' ? '%' : ''}.`;
};

/** The number a value field holds, null when it is blank; NaN when it is no number. */
export function readTargetValue(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : NaN;
}

/** What is wrong with a typed value, whatever the metric: not a number, too many decimals. */
function valueProblem(text: string): string | undefined {
  const value = readTargetValue(text);
  if (value === null) return undefined;
  if (Number.isNaN(value)) return TARGET_VALUE_MESSAGES.number;
  const decimals = text.trim().split('.')[1]?.length ?? 0;
  if (decimals > TARGET_DECIMALS) return TARGET_VALUE_MESSAGES.decimals;
  return undefined;
}

/** True when the value is a number outside the metric's range. */
const outOfRange = (text: string, metric: string) => {
  if (!(TARGET_METRICS as readonly string[]).includes(metric)) return false;
  const value = readTargetValue(text);
  if (value === null || Number.isNaN(value)) return false;
  const { min, max } = TARGET_METRIC_INFO[metric as TargetMetric];
  return value < min || value > max;
};

/** What is wrong with a typed value of the metric: missing, not a number, out of range. */
function valueMessage(text: string, metric: string, required: boolean): string | undefined {
  if (required && text.trim() === '') return TARGET_VALUE_MESSAGES.planned;
  const problem = valueProblem(text);
  if (problem) return problem;
  return outOfRange(text, metric) ? rangeMessage(metric as TargetMetric) : undefined;
}

/** The values of a target as the form holds them: texts, as typed. */
const valuesShape = { planned: z.string(), actual: z.string() };

/**
 * The values' checks need the metric for the range: they run even while another field is wrong,
 * so all show at once, in the dialog's order (planned, then actual) after the fields above them.
 */
function withValues<T extends z.ZodType<{ metric: string; planned: string; actual: string }>>(
  schema: T,
) {
  return schema.superRefine(
    ({ metric, planned, actual }, context) => {
      const values = [
        ['planned', planned, true],
        ['actual', actual, false],
      ] as const;
      for (const [name, text, required] of values) {
        const message = valueMessage(text, metric, required);
        if (message) context.addIssue({ code: 'custom', path: [name], message });
      }
    },
    { when: () => true },
  );
}

/**
 * A new target, in the order the dialog shows it (a wrong submit focuses the first field in
 * error): metric, period, planned, actual (optional).
 */
export const newTargetSchema = withValues(
  z.object({
    metric: z
      .string()
      .refine(
        (metric) => (TARGET_METRICS as readonly string[]).includes(metric),
        TARGET_VALUE_MESSAGES.metric,
      ),
    period: z.string().refine((period) => isPeriod(period.trim()), PERIOD_MESSAGE),
    ...valuesShape,
  }),
);
export type NewTargetValues = z.input<typeof newTargetSchema>;

/** A target's values: its metric stays (a hidden value, for the range). */
export const targetValuesSchema = withValues(z.object({ metric: z.string(), ...valuesShape }));
export type TargetValues = z.input<typeof targetValuesSchema>;

/** The text a value field starts with: '' for no value. */
export const valueTextOf = (value: number | null) => (value === null ? '' : String(value));
