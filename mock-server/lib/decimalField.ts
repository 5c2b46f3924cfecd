import { NOT_NULL, REQUIRED, type FieldErrors } from './drf';

/** DRF's DecimalField given something that is no number. */
export const NOT_A_NUMBER = 'A valid number is required.';

/**
 * The number of a DRF DecimalField `field`: a JSON number or a text of one. Missing is required,
 * null is refused, anything else not a finite number is NOT_A_NUMBER; undefined with the field's
 * error added. The view checks its own range and decimals.
 */
export function decimalValue(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): number | undefined {
  const raw = body[field];
  if (raw === undefined) errors.add(field, REQUIRED);
  else if (raw === null) errors.add(field, NOT_NULL);
  else {
    const number =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
    if (Number.isFinite(number)) return number;
    errors.add(field, NOT_A_NUMBER);
  }
  return undefined;
}
