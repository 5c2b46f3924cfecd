import { today } from '../../lib/clock';
import {
  canMove,
  CASE_STUDY_EDIT_FLAG,
  CASE_STUDY_LIMITS,
  CASE_STUDY_MESSAGES,
  CASE_STUDY_STATE_LABELS,
  CASE_STUDY_STATES,
  CASE_STUDY_VIEW_FLAG,
  PUBLISH_PERMISSION_LABELS,
  PUBLISH_PERMISSIONS,
  REVIEW_FIELDS,
  type CaseStudyFields,
  type CaseStudyState,
  type PublishPermission,
} from '../../../src/api/contract/caseStudy';
import { formatDate } from '../../../src/api/contract/display';
import { caseStudyOf, toCaseStudy } from './model';
import type { Area } from '../../lib/area';
import { cardAccess } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  choiceField,
  dateField,
  FieldErrors,
  notText,
  requiredText,
  textValue,
  TOO_LONG,
} from '../../lib/drf';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { recordProjectChange } from '../projects/model';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { personOf } from '../../lib/people';
import { caseStudySeed } from './seed';

const SECTION = 'Case study';

/** The long and short texts an editor writes, in the order the form shows them. */
const TEXTS = [
  'title',
  'challenge',
  'approach',
  'results',
  'lessons',
  'client_quote',
  'client_quote_by',
  'permission_given_by',
] as const;
type TextField = (typeof TEXTS)[number];
const EDITABLE: readonly (keyof CaseStudyFields)[] = [
  ...TEXTS.slice(0, 7),
  'publish_permission',
  'permission_given_by',
  'permission_given_on',
];

const FIELD_LABELS: Record<keyof CaseStudyFields, string> = {
  title: 'Title',
  challenge: 'Challenge',
  approach: 'Approach',
  results: 'Results',
  lessons: 'Lessons learned',
  client_quote: 'Client quote',
  client_quote_by: 'Quote by',
  publish_permission: 'Permission to publish',
  permission_given_by: 'Permission answered by',
  permission_given_on: 'Permission answered on',
};

/** A field's value as History shows it. */
function shown(field: keyof CaseStudyFields, value: unknown): string {
  if (field === 'publish_permission') return PUBLISH_PERMISSION_LABELS[value as PublishPermission];
  if (field === 'permission_given_on') return value ? formatDate(value as string) : '';
  return value as string;
}

/** A CharField with allow_blank (null refused), trimmed, of at most its limit. */
function textField(errors: FieldErrors, body: Record<string, unknown>, field: TextField): string {
  const value = body[field];
  if (field === 'title') return requiredText(errors, body, field, CASE_STUDY_LIMITS.title);
  const text = textValue(value);
  if (text === undefined) {
    errors.add(field, notText(value));
    return '';
  }
  const trimmed = text.trim();
  if (trimmed.length > CASE_STUDY_LIMITS[field])
    errors.add(field, TOO_LONG(CASE_STUDY_LIMITS[field]));
  return trimmed;
}

/**
 * The fields `body` gives, validated one by one: only those present, and the title always when
 * `creating`.
 */
function readFields(
  errors: FieldErrors,
  body: Record<string, unknown>,
  creating: boolean,
): Partial<CaseStudyFields> {
  const next: Partial<CaseStudyFields> = {};
  for (const field of TEXTS)
    if (field in body || (creating && field === 'title'))
      next[field] = textField(errors, body, field);
  if ('publish_permission' in body) {
    const permission = choiceField(errors, body, 'publish_permission', PUBLISH_PERMISSIONS);
    if (permission) next.publish_permission = permission;
  }
  if ('permission_given_on' in body) {
    const value = body.permission_given_on;
    next.permission_given_on =
      value === null || value === ''
        ? null
        : dateField(errors, body, 'permission_given_on') || null;
  }
  return next;
}

/** The rules across fields, on the case study as it would be; clears the answer while pending. */
function checkWhole(errors: FieldErrors, whole: CaseStudyFields, state: CaseStudyState): void {
  if (whole.client_quote !== '' && whole.client_quote_by === '')
    errors.add('client_quote_by', CASE_STUDY_MESSAGES.quoteByNeeded);
  if (whole.publish_permission === 'pending') {
    whole.permission_given_by = '';
    whole.permission_given_on = null;
  } else {
    if (whole.permission_given_by === '')
      errors.add('permission_given_by', CASE_STUDY_MESSAGES.answeredByNeeded);
    if (whole.permission_given_on === null)
      errors.add('permission_given_on', CASE_STUDY_MESSAGES.answeredOnNeeded);
    else if (whole.permission_given_on > today())
      errors.add('permission_given_on', CASE_STUDY_MESSAGES.answeredOnFuture);
  }
  if (state === 'in_review')
    for (const field of REVIEW_FIELDS)
      if (whole[field] === '') errors.add(field, CASE_STUDY_MESSAGES.neededForReview);
}

const EMPTY: CaseStudyFields = {
  title: '',
  challenge: '',
  approach: '',
  results: '',
  lessons: '',
  client_quote: '',
  client_quote_by: '',
  publish_permission: 'pending',
  permission_given_by: '',
  permission_given_on: null,
};

const fieldsOf = (study: CaseStudyFields): CaseStudyFields => {
  const fields = { ...EMPTY };
  for (const key of EDITABLE) (fields as Record<string, unknown>)[key] = study[key];
  return fields;
};

/** One History line per field that differs between `before` and `after`. */
function recordFields(
  draft: MockState,
  projectId: number,
  userId: number,
  before: CaseStudyFields,
  after: CaseStudyFields,
): void {
  const by = personOf(draft, userId);
  for (const field of EDITABLE)
    if (before[field] !== after[field])
      recordProjectChange(draft, projectId, by, {
        section: SECTION,
        field: FIELD_LABELS[field],
        old_value: shown(field, before[field]),
        new_value: shown(field, after[field]),
      });
}

/**
 * The case study of a project: `GET /api/projects/{id}/case-study/` (CAN_VIEW_CASE_STUDY; 204
 * while there is none), `POST` there to start it and `PATCH` to change it, `POST …/state/` to move
 * it (CAN_EDIT_CASE_STUDY). Each field changed and each move goes to the card's History under
 * 'Case study'; a refused call stores nothing.
 */
export const caseStudy: Area = {
  feature: 'projects/caseStudy',
  seed: [caseStudySeed],
  routes: ({ db }) => {
    const ONE = '/projects/:id/case-study/';

    /** The project's case study for a call of `flag` (403, then 404 while there is none). */
    const studyOf = (req: MockRequest, flag: string) => {
      const access = cardAccess(db, req, flag);
      const study = caseStudyOf(access.state, access.projectId) ?? notFound();
      return { ...access, study };
    };

    return [
      route.get(ONE, (req) => {
        const access = cardAccess(db, req, CASE_STUDY_VIEW_FLAG);
        const study = caseStudyOf(access.state, access.projectId);
        return study ? json(toCaseStudy(access.state, study)) : noContent();
      }),

      route.post(ONE, (req) => {
        const access = cardAccess(db, req, CASE_STUDY_EDIT_FLAG);
        const { projectId, persona } = access;
        const { body } = req;
        const errors = new FieldErrors();
        const whole = { ...EMPTY, ...readFields(errors, body, true) };
        checkWhole(errors, whole, 'draft');
        if (errors.isEmpty && caseStudyOf(db.getState(), projectId))
          errors.add('non_field_errors', CASE_STUDY_MESSAGES.exists);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const now = nowIso();
          draft.caseStudies.push({
            ...whole,
            project_id: projectId,
            state: 'draft',
            created_by_id: persona.userId,
            created_at: now,
            updated_by_id: persona.userId,
            updated_at: now,
            published_at: null,
          });
          recordFields(draft, projectId, persona.userId, EMPTY, whole);
          recordMove(draft, projectId, persona.userId, null, 'draft');
        });
        return created(toCaseStudy(db.getState(), caseStudyOf(db.getState(), projectId)!));
      }),

      route.patch(ONE, (req) => {
        const found = studyOf(req, CASE_STUDY_EDIT_FLAG);
        const { projectId, persona, study } = found;
        const { body } = req;
        const errors = new FieldErrors();
        for (const key of Object.keys(body))
          if (!(EDITABLE as readonly string[]).includes(key))
            errors.add(key, 'This field cannot be changed here.');
        if (errors.isEmpty && !EDITABLE.some((field) => field in body))
          errors.add('non_field_errors', 'Nothing to change.');
        const before = fieldsOf(study);
        const whole = { ...before, ...readFields(errors, body, false) };
        if (errors.isEmpty) checkWhole(errors, whole, study.state);
        if (errors.isEmpty && study.state === 'published')
          errors.add('non_field_errors', CASE_STUDY_MESSAGES.publishedLocked);
        errors.refuseIfAny();
        if (EDITABLE.some((field) => before[field] !== whole[field]))
          mutate(db, (draft) => {
            const stored = caseStudyOf(draft, projectId)!;
            recordFields(draft, projectId, persona.userId, before, whole);
            Object.assign(stored, whole, {
              updated_by_id: persona.userId,
              updated_at: nowIso(),
            });
          });
        return json(toCaseStudy(db.getState(), caseStudyOf(db.getState(), projectId)!));
      }),

      route.post(`${ONE}state/`, (req) => {
        const found = studyOf(req, CASE_STUDY_EDIT_FLAG);
        const { projectId, persona, study } = found;
        const { body } = req;
        const errors = new FieldErrors();
        const to = choiceField(errors, body, 'state', CASE_STUDY_STATES);
        if (to && !canMove(study.state, to))
          errors.add('state', CASE_STUDY_MESSAGES.refusedMove(study.state, to));
        else if (to === 'in_review')
          for (const field of REVIEW_FIELDS)
            if (study[field] === '') errors.add(field, CASE_STUDY_MESSAGES.neededForReview);
        if (to === 'published' && errors.isEmpty && study.publish_permission !== 'yes')
          errors.add('non_field_errors', CASE_STUDY_MESSAGES.permissionNeeded);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = caseStudyOf(draft, projectId)!;
          const now = nowIso();
          recordMove(draft, projectId, persona.userId, stored.state, to!);
          stored.state = to!;
          stored.updated_by_id = persona.userId;
          stored.updated_at = now;
          if (to === 'published') stored.published_at = now;
        });
        return json(toCaseStudy(db.getState(), caseStudyOf(db.getState(), projectId)!));
      }),
    ];
  },
};

/** The History line of a move (from null: the case study was started). */
function recordMove(
  draft: MockState,
  projectId: number,
  userId: number,
  from: CaseStudyState | null,
  to: CaseStudyState,
): void {
  const by = personOf(draft, userId);
  recordProjectChange(draft, projectId, by, {
    section: SECTION,
    field: 'State',
    old_value: from ? CASE_STUDY_STATE_LABELS[from] : '',
    new_value: CASE_STUDY_STATE_LABELS[to],
  });
}
