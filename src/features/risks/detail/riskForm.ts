/**
 * The create form's values and how they travel: to `POST /api/risks/`, into and out of a draft,
 * across the Risk | Issue switch, and the checks made before anything is sent.
 */
import {
  LABEL_MAX,
  STATEMENT_MAX,
  TEXT_MAX,
  type IssueGrade,
  type PersonRef,
  type Rating,
  type ResponseStrategy,
  type RiskCategory,
  type RiskCreateRequest,
  type RiskDraft,
  type RiskEditableField,
  type RiskKind,
  type RiskLevel,
  type RiskScope,
  type VisibilityTag,
} from '../../../api/contract/risks';
import type { FieldErrors } from './formErrors';

/** How a scope is named when only its id is known. */
const SCOPE_NAMES: Record<RiskLevel, string> = {
  project: 'Project',
  account: 'Account',
  business_line: 'Business line',
  business_segment: 'Business segment',
};

export interface RiskFormValues {
  scope: RiskScope | null;
  statement: string;
  description: string;
  category: RiskCategory | '';
  probability: Rating | '';
  impact: Rating | '';
  priority: IssueGrade | '';
  severity: IssueGrade | '';
  response_strategy: ResponseStrategy | '';
  due_date: string;
  labels: string[];
  visibility_tags: VisibilityTag[];
  informed: PersonRef[];
}

export const EMPTY_FORM: RiskFormValues = {
  scope: null,
  statement: '',
  description: '',
  category: '',
  probability: '',
  impact: '',
  priority: '',
  severity: '',
  response_strategy: '',
  due_date: '',
  labels: [],
  visibility_tags: [],
  informed: [],
};

/** The create form's fields: where the risk lives and what it says; the details tab edits the rest. */
export type FormField =
  | 'scope_id'
  | Exclude<RiskEditableField, 'response_decision' | 'owner_id' | 'client_communication'>;

/** The element each field's error sends the focus to, in the order the form shows them. */
export const FIELD_IDS: Record<FormField, string> = {
  scope_id: 'risk-create-scope',
  statement: 'risk-create-statement',
  description: 'risk-create-description',
  category: 'risk-create-category',
  probability: 'risk-create-probability',
  impact: 'risk-create-impact',
  priority: 'risk-create-priority',
  severity: 'risk-create-severity',
  response_strategy: 'risk-create-strategy',
  due_date: 'risk-create-due',
  labels: 'risk-create-labels',
  visibility_tags: 'risk-create-tags-client',
  informed_ids: 'risk-create-informed',
};

/** The server's field names, in the order the form shows them; errors focus the first. */
export const FORM_FIELDS = Object.keys(FIELD_IDS) as FormField[];

const orNull = <T extends string>(value: T | ''): T | null => (value === '' ? null : value);

export function toCreateRequest(
  values: RiskFormValues,
  kind: RiskKind,
  level: RiskLevel,
  pollId: number | null,
): RiskCreateRequest {
  const risk = kind === 'risk';
  return {
    kind,
    level,
    scope_id: values.scope?.id ?? 0,
    statement: values.statement.trim(),
    description: values.description.trim(),
    category: values.category as RiskCategory,
    probability: risk ? orNull(values.probability) : null,
    impact: risk ? orNull(values.impact) : null,
    priority: risk ? null : orNull(values.priority),
    severity: risk ? null : orNull(values.severity),
    response_strategy: risk ? orNull(values.response_strategy) : null,
    due_date: values.due_date || null,
    labels: values.labels,
    visibility_tags: values.visibility_tags,
    informed_ids: values.informed.map((person) => person.id),
    poll_id: pollId,
  };
}

/** What a draft keeps: only what was typed, nothing the server would have to reject. */
export function toDraftData(
  values: RiskFormValues,
  kind: RiskKind,
  level: RiskLevel,
  pollId: number | null,
): Partial<RiskCreateRequest> {
  const full = toCreateRequest(values, kind, level, pollId);
  const data: Partial<RiskCreateRequest> = {};
  for (const [key, value] of Object.entries(full) as [keyof RiskCreateRequest, unknown][]) {
    const empty =
      value === null ||
      value === '' ||
      (key === 'scope_id' && value === 0) ||
      (Array.isArray(value) && value.length === 0);
    if (!empty) (data as Record<string, unknown>)[key] = value;
  }
  return data;
}

/** A saved draft back into the form; a scope or person the answer does not name gets a label. */
export function fromDraft(draft: RiskDraft): RiskFormValues {
  const { data } = draft;
  const scope: RiskScope | null =
    draft.scope ??
    (data.scope_id
      ? {
          id: data.scope_id,
          name: `${SCOPE_NAMES[draft.level]} ${data.scope_id}`,
          level: draft.level,
        }
      : null);
  const informed =
    draft.informed ??
    (data.informed_ids ?? []).map((id) => ({ id, name: `Person #${id}`, login: '' }));
  return {
    scope,
    statement: data.statement ?? '',
    description: data.description ?? '',
    category: data.category ?? '',
    probability: data.probability ?? '',
    impact: data.impact ?? '',
    priority: data.priority ?? '',
    severity: data.severity ?? '',
    response_strategy: data.response_strategy ?? '',
    due_date: data.due_date ?? '',
    labels: data.labels ?? [],
    visibility_tags: data.visibility_tags ?? [],
    informed,
  };
}

/** Spec §2: switching between Risk and Issue clears the statement and the category. */
export const afterTabSwitch = (values: RiskFormValues): RiskFormValues => ({
  ...values,
  statement: '',
  category: '',
});

/** The checks made before creating; the server may add its own. */
export function validateForm(values: RiskFormValues, kind: RiskKind): FieldErrors {
  const errors: FieldErrors = {};
  const statement = values.statement.trim();
  if (!values.scope) errors.scope_id = [`Choose where the ${kind} belongs.`];
  if (!statement) errors.statement = [`Write the ${kind} statement.`];
  else if (statement.length > STATEMENT_MAX)
    errors.statement = [`Keep the statement to ${STATEMENT_MAX} characters or fewer.`];
  if (values.description.length > TEXT_MAX)
    errors.description = [`Keep the description to ${TEXT_MAX} characters or fewer.`];
  if (!values.category) errors.category = ['Choose a category.'];
  if (kind === 'risk') {
    if (!values.probability) errors.probability = ['Choose how likely the risk is.'];
    if (!values.impact) errors.impact = ['Choose how hard the risk would hit.'];
  } else {
    if (!values.priority) errors.priority = ['Choose the priority.'];
    if (!values.severity) errors.severity = ['Choose the severity.'];
  }
  if (values.labels.some((label) => label.length > LABEL_MAX))
    errors.labels = [`A label can have up to ${LABEL_MAX} characters.`];
  return errors;
}

/** Focuses the first field in error; false when there is none. */
export function focusFirstError(errors: FieldErrors): boolean {
  const field = FORM_FIELDS.find((name) => errors[name]?.length);
  if (!field) return false;
  document.getElementById(FIELD_IDS[field])?.focus();
  return true;
}

/** Whether the form differs from what was last saved (a scope's name may arrive later). */
export const sameValues = (a: RiskFormValues, b: RiskFormValues) =>
  JSON.stringify({ ...a, scope: a.scope?.id }) === JSON.stringify({ ...b, scope: b.scope?.id });
