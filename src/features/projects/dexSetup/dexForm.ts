import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  DEX_LIMITS,
  DEX_PRACTICE_CODES,
  OWNER_REQUIRED,
  reasonMessage,
  reasonRequired,
  START_REQUIRED,
  type DexPracticeCode,
  type DexSetup,
  type DexSetupInput,
} from '../../../api/contract/dexSetup';
import { monthIso } from '../../../shared/lib/today';

const person = z.custom<PersonRef | null>(
  (value) => value === null || (typeof value === 'object' && 'id' in value),
);

/** The scope table as one form: a row per practice, in the catalogue's order. */
export const dexSchema = z.object({
  rows: z
    .array(
      z.object({
        code: z.enum(DEX_PRACTICE_CODES as [DexPracticeCode, ...DexPracticeCode[]]),
        in_scope: z.boolean(),
        reason: z
          .string()
          .max(DEX_LIMITS.reason, `Keep the reason to ${DEX_LIMITS.reason} characters or fewer.`),
        owner: person,
        start_period: z.string(),
      }),
    )
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (reasonRequired(row.code, row.in_scope) && row.reason.trim() === '')
          context.addIssue({
            code: 'custom',
            path: [index, 'reason'],
            message: reasonMessage(row.code, row.in_scope),
          });
        if (!row.in_scope) return;
        if (!row.owner)
          context.addIssue({ code: 'custom', path: [index, 'owner'], message: OWNER_REQUIRED });
        if (!row.start_period)
          context.addIssue({
            code: 'custom',
            path: [index, 'start_period'],
            message: START_REQUIRED,
          });
      });
    }),
});
export type DexValues = z.input<typeof dexSchema>;
export type DexRow = DexValues['rows'][number];

/** The form's values for a setup. */
export const valuesOf = (setup: DexSetup): DexValues => ({
  rows: setup.practices.map((practice) => ({
    code: practice.code,
    in_scope: practice.in_scope,
    reason: practice.reason,
    owner: practice.owner,
    start_period: practice.start_period ?? '',
  })),
});

/** The PUT's body: a practice out of scope names no owner and no start. */
export const bodyOf = (values: DexValues): DexSetupInput => ({
  practices: values.rows.map((row) => ({
    code: row.code,
    in_scope: row.in_scope,
    reason: row.reason.trim(),
    owner_id: row.in_scope ? (row.owner?.id ?? null) : null,
    start_period: row.in_scope && row.start_period ? row.start_period : null,
  })),
});

/** The API's row fields and the form's. */
const ROW_FIELDS: Record<string, keyof DexRow> = {
  reason: 'reason',
  owner_id: 'owner',
  start_period: 'start_period',
  in_scope: 'in_scope',
};

/**
 * A refused PUT on the form: the list serializer's `practices: [{}, {reason: [...]}]` on each
 * row's field (`rows.1.reason`); a whole-list message, or a row's field the form has no control
 * for, above the form.
 */
export function applyDexErrors(error: unknown, setError: UseFormSetError<DexValues>) {
  const { data } = (error ?? {}) as { data?: unknown };
  const practices = (data as { practices?: unknown } | undefined)?.practices;
  if (!Array.isArray(practices)) return applyDrfErrors(error, setError);
  const flat: Record<string, unknown> = {};
  const fields: FieldPath<DexValues>[] = [];
  practices.forEach((row: unknown, index) => {
    if (typeof row === 'string') {
      flat.practices = [...((flat.practices as string[] | undefined) ?? []), row];
      return;
    }
    for (const [key, messages] of Object.entries((row ?? {}) as Record<string, unknown>)) {
      const field = ROW_FIELDS[key];
      const name = field ? (`rows.${index}.${field}` as const) : `rows.${index}.${key}`;
      flat[name] = messages;
      if (field) fields.push(name as FieldPath<DexValues>);
    }
  });
  return applyDrfErrors({ ...(error as object), data: flat }, setError, { fields });
}

/** The months a start may be picked from: a year back to two years ahead, and the one given. */
export function monthChoices(now: Date, keep: readonly string[]): string[] {
  const months = new Set<string>();
  for (let offset = -12; offset <= 24; offset += 1) months.add(monthIso(offset, now));
  for (const month of keep) if (month) months.add(month);
  return [...months].sort();
}
