import { REQUIRED, type FieldErrors } from './drf';

/**
 * DRF's ChoiceField as the team, contacts and dashboard routes read it: a required value among
 * `choices`, where null and an empty text count as missing ("This field is required."), and any
 * other value is `"value" is not a valid choice.` (a non-text as JSON).
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
