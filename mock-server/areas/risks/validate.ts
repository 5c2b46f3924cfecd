import {
  createFlags,
  ISSUE_GRADES,
  LABEL_MAX,
  RATINGS,
  RESPONSE_DECISIONS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  RISK_KINDS,
  RISK_LEVELS,
  STATEMENT_MAX,
  TEXT_MAX,
  VISIBILITY_TAGS,
  ratingOf,
  type RiskKind,
  type RiskLevel,
} from '../../../src/api/contract/risks';
import type { Persona } from '../../auth/personas';
import {
  dateField,
  FieldErrors,
  NOT_NULL,
  optionalText,
  pkProblem,
  pkValue,
  primaryKey,
  REQUIRED,
  requiredText,
} from '../../lib/drf';
import type { MockState } from '../../store/state';
import { holds } from './access';
import { newRiskDefaults, type StoredRisk } from './model';
import { scopeContext } from './scopes';
import { nowIso } from '../../lib/clock';

const invalidChoice = (value: unknown) => `"${String(value)}" is not a valid choice.`;

/** May the persona create this kind at this level? */
export function mayCreate(persona: Persona, kind: RiskKind, level: RiskLevel): boolean {
  return createFlags(kind, level).every((flag) => holds(persona, flag));
}

/**
 * The editable fields present in `body`, validated as a DRF serializer would (every problem
 * collected); answers the stored fields they set. `creating` makes the statement required.
 */
export function validateFields(
  state: MockState,
  kind: RiskKind,
  body: Record<string, unknown>,
  errors: FieldErrors,
  creating: boolean,
): Partial<StoredRisk> {
  const out: Record<string, unknown> = {};
  const choice = (field: string, choices: readonly string[], nullable = false) => {
    if (!(field in body)) return;
    const value = body[field];
    if (value === null && nullable) out[field] = null;
    else if (value === null) errors.add(field, NOT_NULL);
    else if (value === undefined) errors.add(field, REQUIRED);
    else if (!choices.includes(value as string)) errors.add(field, invalidChoice(value));
    else out[field] = value;
  };
  if ('statement' in body || creating)
    out.statement = requiredText(errors, body, 'statement', STATEMENT_MAX);
  if ('description' in body) out.description = optionalText(errors, body, 'description', TEXT_MAX);
  if ('client_communication' in body)
    out.client_communication = optionalText(errors, body, 'client_communication', TEXT_MAX);
  choice('category', RISK_CATEGORIES);
  if (kind === 'risk') {
    choice('probability', RATINGS);
    choice('impact', RATINGS);
    choice('response_strategy', RESPONSE_STRATEGIES, true);
    choice('response_decision', RESPONSE_DECISIONS, true);
  } else {
    choice('priority', ISSUE_GRADES);
    choice('severity', ISSUE_GRADES);
  }
  if ('due_date' in body)
    out.due_date = body.due_date === null ? null : dateField(errors, body, 'due_date');
  if ('labels' in body) {
    const labels = body.labels;
    if (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string'))
      errors.add('labels', 'Expected a list of texts.');
    else if (labels.some((label: string) => label.trim() === ''))
      errors.add('labels', 'A label may not be blank.');
    else if (labels.some((label: string) => label.length > LABEL_MAX))
      errors.add('labels', `Ensure each label has no more than ${LABEL_MAX} characters.`);
    else out.labels = [...new Set(labels.map((label: string) => label.trim()))];
  }
  if ('visibility_tags' in body) {
    const tags = body.visibility_tags;
    if (!Array.isArray(tags)) errors.add('visibility_tags', 'Expected a list of items.');
    else {
      const unknown = tags.find((tag) => !(VISIBILITY_TAGS as readonly unknown[]).includes(tag));
      if (unknown !== undefined) errors.add('visibility_tags', invalidChoice(unknown));
      else out.visibility_tags = [...new Set(tags)];
    }
  }
  if ('informed_ids' in body) {
    const ids = body.informed_ids;
    if (!Array.isArray(ids)) errors.add('informed_ids', 'Expected a list of items.');
    else {
      const known = (id: number) => state.people.some((person) => person.id === id);
      const problem = ids.map((id) => pkProblem(id, known)).find(Boolean);
      if (problem) errors.add('informed_ids', problem);
      else
        out.informed = [...new Set(ids.map((id) => pkValue(id)!))].map((id) =>
          state.people.find((person) => person.id === id)!,
        );
    }
  }
  if ('owner_id' in body) {
    const ownerId = primaryKey(errors, body, 'owner_id', (id) =>
      state.people.some((person) => person.id === id),
    );
    if (ownerId !== null) out.owner = state.people.find((person) => person.id === ownerId)!;
  }
  return out as Partial<StoredRisk>;
}

export type CreateOutcome = { risk: StoredRisk } | { forbidden: true } | { errors: FieldErrors };

/**
 * `POST /api/risks/` and create-from-draft: kind and level first, then the persona's create
 * flags (403), then every field (400 with all field errors). The risk is not stored here.
 */
export function validateCreate(
  state: MockState,
  persona: Persona,
  body: Record<string, unknown>,
): CreateOutcome {
  const errors = new FieldErrors();
  const kind = body.kind as RiskKind;
  const level = body.level as RiskLevel;
  const missing = (value: unknown) => (value === null ? NOT_NULL : REQUIRED);
  if (!RISK_KINDS.includes(kind))
    errors.add('kind', kind === undefined || kind === null ? missing(kind) : invalidChoice(kind));
  if (!RISK_LEVELS.includes(level))
    errors.add(
      'level',
      level === undefined || level === null ? missing(level) : invalidChoice(level),
    );
  if (!errors.isEmpty) return { errors };
  if (!mayCreate(persona, kind, level)) return { forbidden: true };

  const fields = validateFields(state, kind, body, errors, true);
  const required =
    kind === 'risk' ? ['category', 'probability', 'impact'] : ['category', 'priority', 'severity'];
  const reported = errors.toJSON();
  for (const field of required)
    if (!(field in fields) && !reported[field]) errors.add(field, REQUIRED);
  const scopeId = primaryKey(
    errors,
    body,
    'scope_id',
    (id) => scopeContext(state, level, id) !== null,
  );
  const context = scopeId === null ? null : scopeContext(state, level, scopeId);
  const pollId =
    body.poll_id === undefined
      ? null
      : primaryKey(errors, body, 'poll_id', (id) => state.polls.some((poll) => poll.id === id), {
          allowNull: true,
        });
  if (!errors.isEmpty || !context) return { errors };

  const me = state.people.find((person) => person.id === persona.userId)!;
  const created = nowIso();
  const risk: StoredRisk = {
    ...newRiskDefaults(),
    id: 0,
    kind,
    level,
    ...context,
    statement: '',
    probability: null,
    impact: null,
    rating: null,
    priority: null,
    severity: null,
    owner: me,
    poll_id: pollId,
    created_at: created,
    updated_at: created,
    created_by: me,
    ...fields,
  };
  if (risk.probability && risk.impact) risk.rating = ratingOf(risk.probability, risk.impact);
  return { risk };
}
