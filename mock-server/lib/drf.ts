import type { DrfFieldErrors } from '../../src/api/contract/drf';
import { badRequest } from './http';

/**
 * Django REST Framework's field rules and messages, as the mock's handlers check a body or a
 * query: what DRF's serializers and django-filter say, word for word.
 */

/** Collects field errors the way a DRF serializer does: every problem, not only the first. */
export class FieldErrors {
  // A Map, so that a field named '__proto__' or 'constructor' is a field like any other.
  private readonly errors = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.errors.get(field);
    if (messages) messages.push(message);
    else this.errors.set(field, [message]);
  }

  get isEmpty(): boolean {
    return this.errors.size === 0;
  }

  toJSON(): DrfFieldErrors {
    return Object.fromEntries(this.errors);
  }

  /** Ends the handler with a 400 of the collected errors, if there are any. */
  refuseIfAny(): void {
    if (!this.isEmpty) badRequest(this.toJSON());
  }
}

export const REQUIRED = 'This field is required.';
/** A PATCH's key the call does not change (read-only or unknown). */
export const NOT_CHANGEABLE = 'This field cannot be changed here.';
/** A PATCH with no field to change. */
export const NOTHING_TO_CHANGE = 'Nothing to change.';
/** DRF's answer for a field sent as `null` that does not allow it, required or not. */
export const NOT_NULL = 'This field may not be null.';
/** A serializer given `null` for its whole body. */
export const NO_DATA = 'No data provided';
export const NOT_A_STRING = 'Not a valid string.';
export const BLANK = 'This field may not be blank.';
export const TOO_LONG = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const INVALID_CHOICE = (value: unknown) =>
  `Select a valid choice. ${String(value)} is not one of the available choices.`;
/** django-filter's ModelChoiceFilter given a key no record (the caller may see) has. */
export const NOT_AVAILABLE_CHOICE =
  'Select a valid choice. That choice is not one of the available choices.';
export const NOT_AN_OBJECT = (type: string) =>
  `Invalid data. Expected a dictionary, but got ${type}.`;
/** PrimaryKeyRelatedField: a value Django cannot read as a key (`int()` fails), named by its type. */
export const INCORRECT_PK = (value: unknown) =>
  `Incorrect type. Expected pk value, received ${typeName(value)}.`;
/** PrimaryKeyRelatedField: a well-formed key no record has. */
export const PK_DOES_NOT_EXIST = (value: unknown) =>
  `Invalid pk "${String(value)}" - object does not exist.`;

/**
 * A field the body sends as `null` is "may not be null", never "required" (DRF says "required"
 * only for a missing field): every 400 gets it, the routes' own checks included.
 */
export function nullsNamed(errors: DrfFieldErrors, body: unknown): DrfFieldErrors {
  if (!isPlainObject(body)) return errors;
  const out: DrfFieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] =
      Array.isArray(messages) && Object.hasOwn(body, field) && body[field] === null
        ? messages.map((message) => (message === REQUIRED ? NOT_NULL : message))
        : messages;
  }
  return out;
}

export function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'dict';
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Field parsers: each adds DRF's message for its field to `errors` and returns a usable value.

/**
 * DRF's CharField reads a string, or a number as its text (`5` is stored as "5"); a boolean, a
 * list or a dictionary is not a string (undefined).
 */
export function textValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Why a value is not text to a CharField that allows no null: null, or not a string. */
export const notText = (value: unknown) => (value === null ? NOT_NULL : NOT_A_STRING);

/** A required non-blank string of at most `max` characters, trimmed as DRF's CharField does. */
export function requiredText(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  max: number,
): string {
  const value = body[field];
  const text = textValue(value)?.trim();
  if (value === undefined) errors.add(field, REQUIRED);
  else if (value === null) errors.add(field, NOT_NULL);
  else if (text === undefined) errors.add(field, NOT_A_STRING);
  else if (text === '') errors.add(field, BLANK);
  else if (text.length > max) errors.add(field, TOO_LONG(max));
  return text ?? '';
}

/** An optional string (default empty) of at most `max` characters. */
export function optionalText(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  max: number,
): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  const text = textValue(value);
  if (text === undefined) {
    errors.add(field, NOT_A_STRING);
    return '';
  }
  if (text.length > max) errors.add(field, TOO_LONG(max));
  return text;
}

/**
 * What Django makes of a JSON value given as an integer primary key (`int(value)`): a whole number
 * ('5' and 5.0 are 5, 5.7 is 5 as Python truncates), or undefined where `int()` fails.
 */
export function pkValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(value))
    return Number(value.replace(/_/g, ''));
  return undefined;
}

/**
 * DRF's message for a primary key that does not name a record (null when it does): a value of the
 * wrong type (a word, a boolean, a list) is "Incorrect type", a well-formed unknown key "Invalid
 * pk". An empty string is null to a related field.
 */
export function pkProblem(value: unknown, exists: (id: number) => boolean): string | null {
  if (value === null || value === '') return NOT_NULL;
  const id = typeof value === 'boolean' ? undefined : pkValue(value);
  if (id === undefined) return INCORRECT_PK(value);
  return exists(id) ? null : PK_DOES_NOT_EXIST(value);
}

/**
 * A required primary key (DRF's PrimaryKeyRelatedField): the id, or null with the field's error
 * added. `allowNull` answers null for an explicit null (or '') without an error.
 */
export function primaryKey(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  exists: (id: number) => boolean,
  { allowNull = false }: { allowNull?: boolean } = {},
): number | null {
  const value = body[field];
  if (value === undefined) {
    errors.add(field, REQUIRED);
    return null;
  }
  if (allowNull && (value === null || value === '')) return null;
  const problem = pkProblem(value, exists);
  if (problem) {
    errors.add(field, problem);
    return null;
  }
  return pkValue(value)!;
}

/** A primary key of a known user, as DRF's PrimaryKeyRelatedField says it. */
export function userField(
  errors: FieldErrors,
  state: { people: readonly { id: number }[] },
  body: Record<string, unknown>,
  field = 'user_id',
): number {
  const id = primaryKey(errors, body, field, (key) =>
    state.people.some((person) => person.id === key),
  );
  return id ?? 0;
}

/** A `YYYY-MM-DD` date. */
export function dateField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): string {
  const value = body[field];
  if (value === null) {
    errors.add(field, NOT_NULL);
    return '';
  }
  if (value === undefined || value === '') {
    errors.add(field, REQUIRED);
    return '';
  }
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    errors.add(field, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    return '';
  }
  return value;
}

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
    errors.add(field, INVALID_CHOICE(value));
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

/**
 * Why a body is not the JSON object a DRF serializer wants (null when it is): `null` is "No data
 * provided", any other value names its type in non_field_errors. No body at all reads as `{}`.
 */
export function objectBodyProblem(body: unknown): DrfFieldErrors | null {
  if (body === undefined || isPlainObject(body)) return null;
  return { non_field_errors: [body === null ? NO_DATA : NOT_AN_OBJECT(typeName(body))] };
}

/**
 * The fields of a PATCH body among `editable`, in its order. Each other key is a field error
 * (NOT_CHANGEABLE); a body with no key at all is 'Nothing to change.'.
 */
export function patchedFields<Field extends string>(
  errors: FieldErrors,
  body: Record<string, unknown>,
  editable: readonly Field[],
): Field[] {
  for (const key of Object.keys(body))
    if (!(editable as readonly string[]).includes(key)) errors.add(key, NOT_CHANGEABLE);
  const fields = editable.filter((field) => field in body);
  if (fields.length === 0 && errors.isEmpty) errors.add('non_field_errors', NOTHING_TO_CHANGE);
  return fields;
}

/**
 * One of `choices` (DRF's ChoiceField): missing is required unless `optional`, null is refused,
 * anything else not listed is '"x" is not a valid choice.'; undefined with the field's error added.
 */
export function choiceField<T extends string>(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  choices: readonly T[],
  optional = false,
): T | undefined {
  const value = body[field];
  if (value === undefined) {
    if (!optional) errors.add(field, REQUIRED);
    return undefined;
  }
  if (value === null) {
    errors.add(field, NOT_NULL);
    return undefined;
  }
  if (typeof value === 'string' && (choices as readonly string[]).includes(value))
    return value as T;
  const shown = typeof value === 'string' || typeof value === 'number' ? value : typeName(value);
  errors.add(field, `"${shown}" is not a valid choice.`);
  return undefined;
}
