import { format, isValid, parseISO } from 'date-fns';
import type { RiskLevel } from './actionRequests';

/**
 * How the product shows people, levels and dates (spec §3, §5), written once for the SPA's
 * screens and the history texts the backend (and so the mock server) records.
 */

/** Spec §3: 'Name (login)' when a login exists. */
export function personLabel(person: { name: string; login?: string | null }): string {
  return person.login ? `${person.name} (${person.login})` : person.name;
}

/** Spec §3 level labels. */
export const LEVEL_LABELS = {
  project: 'Project level',
  business_line: 'Business Line level',
  business_segment: 'Business Segment level',
  account: 'Account level',
} as const satisfies Record<RiskLevel, string>;

/** Spec §3 entity labels: 'Project risk', 'Account issue', … */
export function entityLabel(level: keyof typeof LEVEL_LABELS, type: 'risk' | 'issue'): string {
  return `${LEVEL_LABELS[level].replace(/ level$/, '')} ${type}`;
}

/** Spec §5: dates as MM/DD/YYYY, times as HH:mm (date-fns tokens). */
export const DATE_FORMAT = 'MM/dd/yyyy';
export const TIME_FORMAT = 'HH:mm';

const parse = (value: string | Date) => (typeof value === 'string' ? parseISO(value) : value);

/** Spec §5: dates as MM/DD/YYYY; '' for a value that is no date. */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
}

/** Spec §5: dates as MM/DD/YYYY and times as HH:mm; '' for a value that is no date. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return isValid(date) ? format(date, `${DATE_FORMAT} ${TIME_FORMAT}`) : '';
}
