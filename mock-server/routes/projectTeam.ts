import { REQUIRED, type FieldErrors } from '../drf';

/** DRF's ChoiceField: a required value among `choices`. */
export function choiceField<T extends string>(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  choices: readonly T[],
): T | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    errors.add(field, REQUIRED);
    return undefined;
  }
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    errors.add(
      field,
      `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`,
    );
    return undefined;
  }
  return value as T;
}
