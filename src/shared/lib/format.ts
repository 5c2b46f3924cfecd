import { format, isValid, parseISO } from 'date-fns';

/** Spec §3: 'Name (login)' when a login exists. */
export function personLabel(person: { name: string; login?: string | null }): string {
  return person.login ? `${person.name} (${person.login})` : person.name;
}

const parse = (value: string | Date) => (typeof value === 'string' ? parseISO(value) : value);

/** Spec §5: dates as MM/DD/YYYY. */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return isValid(date) ? format(date, 'MM/dd/yyyy') : '';
}

/** Spec §5: dates as MM/DD/YYYY and times as HH:mm. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return isValid(date) ? format(date, 'MM/dd/yyyy HH:mm') : '';
}

/** Spec §3 level labels. */
export const LEVEL_LABELS = {
  project: 'Project level',
  business_line: 'Business Line level',
  business_segment: 'Business Segment level',
  account: 'Account level',
} as const;

/** Spec §3 entity labels: 'Project risk', 'Account issue', … */
export function entityLabel(level: keyof typeof LEVEL_LABELS, type: 'risk' | 'issue'): string {
  return `${LEVEL_LABELS[level].replace(/ level$/, '')} ${type}`;
}
