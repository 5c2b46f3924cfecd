import {
  ISSUE_GRADES,
  RATINGS,
  RISK_KINDS,
  RISK_LEVELS,
  RISK_DEFAULT_ORDERING,
  RISK_ORDERING_FIELDS,
  RISK_PAGE_SIZE,
  RISK_PAGE_SIZE_MAX,
  RISK_STATUSES,
  VISIBILITY_TAGS,
  type RiskFilters,
  type RiskLevel,
  type RiskOrdering,
} from '../../../src/api/contract/risks';
import {
  FieldErrors,
  INCORRECT_PK,
  NOT_A_STRING,
  PK_DOES_NOT_EXIST,
  dateField,
  typeName,
} from '../../lib/drf';
import { pythonInt, readPaging, type Paging } from '../../lib/paging';

/**
 * The register's query (RiskScopeQuery, RiskFilters, ordering), read from a GET's query string or
 * an export's JSON body and checked as a DRF serializer checks it: every bad value a 400 on its
 * field, all of them in one answer.
 */
export interface RegisterQuery {
  level: RiskLevel;
  scope?: number;
  poll?: number;
  filters: RegisterFilters;
  ordering: RiskOrdering;
}

/** The contract's filters as checked: `label` lower-cased, the search as its lower-cased words. */
export type RegisterFilters = Omit<RiskFilters, 'search'> & { terms: string[] };

export const RISK_ORDERINGS: readonly RiskOrdering[] = RISK_ORDERING_FIELDS.flatMap((field) => [
  field,
  `-${field}` as const,
]);

export const INVALID_CHOICE = (value: unknown) => `"${String(value)}" is not a valid choice.`;
export const NOT_AN_INTEGER = 'A valid integer is required.';
export const PAGE_SIZE_TOO_LARGE = `Ensure this value is less than or equal to ${RISK_PAGE_SIZE_MAX}.`;

/** One value of a field: the last of a repeated query key (Django's QueryDict.get), a JSON scalar. */
function scalar(value: unknown): unknown {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? value.at(-1)
    : value;
}

/** A value given and not blank (a blank query parameter filters nothing, as django-filter's). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Reads and checks the register's query; `ordering` only where the call orders (the list, the
 * export), `page_size` (at most RISK_PAGE_SIZE_MAX) only where it pages. `personExists` answers whether an owner id names a person. Ends the handler with a 400
 * of every bad field.
 */
export function readRegisterQuery(
  source: Record<string, unknown>,
  personExists: (id: number) => boolean,
  { ordering: ordered = false, paged = false }: { ordering?: boolean; paged?: boolean } = {},
): RegisterQuery {
  const errors = new FieldErrors();
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) raw[key] = scalar(value);

  const choice = <T extends string>(field: string, choices: readonly T[]): T | undefined => {
    const value = raw[field];
    if (!given(value)) return undefined;
    if (typeof value === 'string' && (choices as readonly string[]).includes(value))
      return value as T;
    errors.add(
      field,
      INVALID_CHOICE(
        typeof value === 'string' || typeof value === 'number' ? value : typeName(value),
      ),
    );
    return undefined;
  };
  const integer = (field: string): number | undefined => {
    const value = raw[field];
    if (!given(value)) return undefined;
    const number =
      typeof value === 'number' ? (Number.isInteger(value) ? value : undefined) : pythonInt(value);
    if (number === undefined) errors.add(field, NOT_AN_INTEGER);
    return number;
  };
  const text = (field: string): string | undefined => {
    const value = raw[field];
    if (!given(value)) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    errors.add(field, NOT_A_STRING);
    return undefined;
  };
  const date = (field: string): string | undefined =>
    given(raw[field]) ? dateField(errors, raw, field) || undefined : undefined;

  const person = (field: 'owner' | 'action_owner'): number | undefined => {
    const value = raw[field];
    if (!given(value)) return undefined;
    const id =
      typeof value === 'number'
        ? Number.isInteger(value)
          ? value
          : undefined
        : typeof value === 'string'
          ? pythonInt(value)
          : undefined;
    if (id === undefined) errors.add(field, INCORRECT_PK(value));
    else if (!personExists(id)) errors.add(field, PK_DOES_NOT_EXIST(value));
    return id;
  };

  const label = text('label')?.trim().toLowerCase();
  const query: RegisterQuery = {
    level: choice('level', RISK_LEVELS) ?? 'project',
    scope: integer('scope'),
    poll: integer('poll'),
    filters: {
      kind: choice('kind', RISK_KINDS),
      status: choice('status', RISK_STATUSES),
      probability: choice('probability', RATINGS),
      impact: choice('impact', RATINGS),
      rating: choice('rating', RATINGS),
      priority: choice('priority', ISSUE_GRADES),
      severity: choice('severity', ISSUE_GRADES),
      owner: person('owner'),
      tag: choice('tag', VISIBILITY_TAGS),
      label: label || undefined,
      due_before: date('due_before'),
      due_after: date('due_after'),
      action_owner: person('action_owner'),
      action_due_before: date('action_due_before'),
      terms: searchTerms(text('search')),
    },
    ordering: (ordered && choice('ordering', RISK_ORDERINGS)) || RISK_DEFAULT_ORDERING,
  };
  const pageSize = paged ? pythonInt(raw.page_size) : undefined;
  if (pageSize !== undefined && pageSize > RISK_PAGE_SIZE_MAX)
    errors.add('page_size', PAGE_SIZE_TOO_LARGE);
  errors.refuseIfAny();
  return query;
}

/** The words of a search, lower-cased: each must occur somewhere in a row's searchable text. */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** `page` and `page_size` of the list: RISK_PAGE_SIZE by default; null for DRF's 404. */
export const readRiskPaging = (query: Record<string, unknown>): Paging | null =>
  readPaging(query, RISK_PAGE_SIZE_MAX, RISK_PAGE_SIZE);
