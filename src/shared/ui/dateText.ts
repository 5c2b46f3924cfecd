import { format, isValid, parse } from 'date-fns';

/** Spec §5: how a date reads and is typed. */
export const DATE_TEXT_FORMAT = 'MM/dd/yyyy';
/** The API's date: `2026-12-31`. */
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
/** The error for typed text that is not a date. */
export const DATE_TEXT_MESSAGE = 'Enter the date as MM/DD/YYYY, for example 12/31/2026.';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as the API writes it (`2026-02-30` is not one). */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && isValid(parse(value, ISO_DATE_FORMAT, new Date()));
}

/**
 * What a date field's text means: the ISO date when it is a day (MM/DD/YYYY, single digits
 * allowed, or pasted as YYYY-MM-DD), '' when blank, else the text itself (not a date).
 */
export function readDateText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (isIsoDate(trimmed)) return trimmed;
  const parts = US_DATE.exec(trimmed);
  if (!parts) return text;
  const date = parse(`${parts[1]}/${parts[2]}/${parts[3]}`, 'M/d/yyyy', new Date());
  return isValid(date) ? format(date, ISO_DATE_FORMAT) : text;
}

/** A date field's text for its value: MM/DD/YYYY for an ISO date, anything else as it is. */
export function writeDateText(value: string): string {
  return isIsoDate(value)
    ? format(parse(value, ISO_DATE_FORMAT, new Date()), DATE_TEXT_FORMAT)
    : value;
}

/** The day of an ISO date, or undefined. */
export function isoToDate(value: string | undefined): Date | undefined {
  return value && isIsoDate(value) ? parse(value, ISO_DATE_FORMAT, new Date()) : undefined;
}

export const dateToIso = (date: Date) => format(date, ISO_DATE_FORMAT);
