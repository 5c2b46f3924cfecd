import type { FieldErrors } from '../drf';

/** A query parameter that must be one of `choices` when given (DRF's ChoiceFilter). */
export function queryChoice<T extends string>(
  errors: FieldErrors,
  query: Record<string, unknown>,
  field: string,
  choices: readonly T[],
): T | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    errors.add(
      field,
      `Select a valid choice. ${String(value)} is not one of the available choices.`,
    );
    return undefined;
  }
  return value as T;
}

/** A whole-number query parameter when given (DRF's NumberFilter). */
export function queryInteger(
  errors: FieldErrors,
  query: Record<string, unknown>,
  field: string,
): number | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(number)) {
    errors.add(field, 'Enter a whole number.');
    return undefined;
  }
  return number;
}
