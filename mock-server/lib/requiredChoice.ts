import { FieldErrors, REQUIRED } from './drf';

/**
 * A required value among `choices`, as the project team's and the dashboard's serializers say it:
 * missing, null or blank is "This field is required.", anything else not listed is
 * '"x" is not a valid choice.' (a non-text value as JSON); undefined with the field's error added.
 */
export function requiredChoice<T extends string>(
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
