import { dateField, NOT_NULL, REQUIRED, typeName, type FieldErrors } from './drf';

/** DRF's ListField (or a `many=True` serializer) given something else. */
export const NOT_A_LIST = (type: string) => `Expected a list of items but got type "${type}".`;

/** DRF's BooleanField given something it does not read as one. */
export const NOT_A_BOOLEAN = 'Must be a valid boolean.';

const TRUE = new Set<unknown>([true, 'true', 'True', 1, '1']);
const FALSE = new Set<unknown>([false, 'false', 'False', 0, '0']);

/** What DRF's BooleanField reads: true or false, undefined for anything else (null included). */
export function booleanValue(value: unknown): boolean | undefined {
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return undefined;
}

/** The message of a value BooleanField refuses. */
export const notBoolean = (value: unknown) => (value === null ? NOT_NULL : NOT_A_BOOLEAN);

/**
 * A required list: the items, or undefined with the field's error added (missing is required,
 * null may not be null, anything else names its type).
 */
export function listField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): unknown[] | undefined {
  const value = body[field];
  if (Array.isArray(value)) return value as unknown[];
  errors.add(
    field,
    value === undefined ? REQUIRED : value === null ? NOT_NULL : NOT_A_LIST(typeName(value)),
  );
  return undefined;
}

/** DRF's BooleanField that is not required: `absent` when the body leaves it out. */
export function booleanField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  absent = false,
): boolean {
  const value = body[field];
  if (value === undefined) return absent;
  const read = booleanValue(value);
  if (read === undefined) errors.add(field, notBoolean(value));
  return read ?? absent;
}

/** A DateField with `allow_null` that is not required: null when absent, null or blank. */
export function nullableDateField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  const date = dateField(errors, body, field);
  return date === '' ? null : date;
}
