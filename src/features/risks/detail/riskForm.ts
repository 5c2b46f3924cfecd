/**
 * The create form's values and how they travel: its schema (the checks made before anything is
 * sent), form values ↔ `POST /api/risks/` body, into and out of a draft, across the Risk | Issue
 * switch.
 */
import { z } from '../../../shared/ui/form/zod';
import {
  ISSUE_GRADES,
  LABEL_MAX,
  RATINGS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  STATEMENT_MAX,
  TEXT_MAX,
  type IssueGrade,
  type PersonRef,
  type Rating,
  type ResponseStrategy,
  type RiskCategory,
  type RiskCreateRequest,
  type RiskDraft,
  type RiskKind,
  type RiskLevel,
  type RiskScope,
  type VisibilityTag,
} from '../../../api/contract/risks';
import type { FieldPath } from 'react-hook-form';
import { dateSchema } from '../../../shared/ui/form/schemas';

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

/**
 * The create form's fields in the order it shows them (a server refusal focuses the first), and
 * the API's names that differ.
 */
export const FORM_FIELDS: readonly FieldPath<RiskFormValues>[] = [
  'scope',
  'statement',
  'description',
  'category',
  'probability',
  'impact',
  'priority',
  'severity',
  'response_strategy',
  'due_date',
  'labels',
  'visibility_tags',
  'informed',
];
export const API_FIELD_NAMES = { scope_id: 'scope', informed_ids: 'informed' } as const;

/** A choice among `options`, '' while none is made; `required` says what to do then. */
function choice<T extends string>(options: readonly T[], required?: string) {
  const known = z.custom<T | ''>(
    (value) => value === '' || (options as readonly unknown[]).includes(value),
  );
  return required ? known.refine((value) => value !== '', required) : known;
}

/** The checks made before creating, in the form's order; the server may add its own. */
export function riskFormSchema(kind: RiskKind) {
  const risk = kind === 'risk';
  return z.object({
    scope: z
      .custom<RiskScope | null>()
      .refine((scope) => scope !== null, `Choose where the ${kind} belongs.`),
    statement: z.string().superRefine((value, context) => {
      const statement = value.trim();
      if (!statement) context.addIssue({ code: 'custom', message: `Write the ${kind} statement.` });
      else if (statement.length > STATEMENT_MAX)
        context.addIssue({
          code: 'custom',
          message: `Keep the statement to ${STATEMENT_MAX} characters or fewer.`,
        });
    }),
    description: z
      .string()
      .max(TEXT_MAX, `Keep the description to ${TEXT_MAX} characters or fewer.`),
    category: choice(RISK_CATEGORIES, 'Choose a category.'),
    probability: risk ? choice(RATINGS, 'Choose how likely the risk is.') : choice(RATINGS),
    impact: risk ? choice(RATINGS, 'Choose how hard the risk would hit.') : choice(RATINGS),
    priority: risk ? choice(ISSUE_GRADES) : choice(ISSUE_GRADES, 'Choose the priority.'),
    severity: risk ? choice(ISSUE_GRADES) : choice(ISSUE_GRADES, 'Choose the severity.'),
    response_strategy: choice(RESPONSE_STRATEGIES),
    due_date: dateSchema(),
    labels: z
      .array(z.string())
      .refine(
        (labels) => labels.every((label) => label.length <= LABEL_MAX),
        `A label can have up to ${LABEL_MAX} characters.`,
      ),
    visibility_tags: z.array(z.custom<VisibilityTag>()),
    informed: z.array(z.custom<PersonRef>()),
  }) satisfies z.ZodType<RiskFormValues, RiskFormValues>;
}

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
