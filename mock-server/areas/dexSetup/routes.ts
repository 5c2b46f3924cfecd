import {
  DEX_EDIT_FLAG,
  DEX_LIMITS,
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  formatMonth,
  MONTH_MESSAGE,
  MONTH_PATTERN,
  OWNER_REQUIRED,
  PRACTICES_INCOMPLETE,
  reasonMessage,
  reasonRequired,
  START_REQUIRED,
  type DexIssuedChecklist,
  type DexPracticeCode,
  type DexSetupSaved,
} from '../../../src/api/contract/dexSetup';
import { formatDate, personLabel } from '../../../src/api/contract/display';
import { heldChecklists, issueChecklist } from '../checklists/issue';
import { practicesOf, toDexSetup, type StoredDexPractice } from './model';
import type { Area } from '../../lib/area';
import { cardAccess } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  FieldErrors,
  isPlainObject,
  NOT_AN_OBJECT,
  NOT_NULL,
  optionalText,
  pkProblem,
  pkValue,
  REQUIRED,
  typeName,
} from '../../lib/drf';
import { booleanValue, listField, notBoolean } from '../../lib/drfFields';
import { badRequest, json } from '../../lib/http';
import { route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { personOf } from '../../lib/people';
import { dexSetupSeed } from './seed';

const SECTION = 'DEX set up';

/** One row of the PUT, checked as a nested serializer does: the practice, or null, and its errors. */
function practiceRow(
  state: MockState,
  row: unknown,
): { practice: StoredDexPractice | null; errors: FieldErrors } {
  const errors = new FieldErrors();
  if (!isPlainObject(row)) {
    errors.add('non_field_errors', NOT_AN_OBJECT(typeName(row)));
    return { practice: null, errors };
  }
  let code: DexPracticeCode | null = null;
  if (row.code === undefined) errors.add('code', REQUIRED);
  else if (row.code === null) errors.add('code', NOT_NULL);
  else if (typeof row.code === 'string' && Object.hasOwn(DEX_PRACTICES, row.code))
    code = row.code as DexPracticeCode;
  else
    errors.add(
      'code',
      `"${typeof row.code === 'string' || typeof row.code === 'number' ? row.code : typeName(row.code)}" is not a valid choice.`,
    );

  const inScope = row.in_scope === undefined ? null : (booleanValue(row.in_scope) ?? null);
  if (row.in_scope === undefined) errors.add('in_scope', REQUIRED);
  else if (inScope === null) errors.add('in_scope', notBoolean(row.in_scope));

  const reason = optionalText(errors, row, 'reason', DEX_LIMITS.reason).trim();
  const reasonTyped = !('reason' in errors.toJSON());
  if (code && inScope !== null && reasonTyped && reason === '' && reasonRequired(code, inScope))
    errors.add('reason', reasonMessage(code, inScope));

  let ownerId: number | null = null;
  const owner = row.owner_id;
  if (owner === undefined || owner === null || owner === '') {
    if (inScope) errors.add('owner_id', OWNER_REQUIRED);
  } else {
    const problem = pkProblem(owner, (id) => state.people.some((person) => person.id === id));
    if (problem) errors.add('owner_id', problem);
    else ownerId = pkValue(owner)!;
  }

  let start: string | null = null;
  const month = row.start_period;
  if (month === undefined || month === null || month === '') {
    if (inScope) errors.add('start_period', START_REQUIRED);
  } else if (typeof month !== 'string' || !MONTH_PATTERN.test(month)) {
    errors.add('start_period', MONTH_MESSAGE);
  } else start = month;

  if (!errors.isEmpty || code === null || inScope === null) return { practice: null, errors };
  return {
    practice: { code, in_scope: inScope, reason, owner_id: ownerId, start_period: start },
    errors,
  };
}

/** A practice as History shows it: "In scope · Priya Nair (pnair) · from Nov 2026". */
function shown(state: MockState, practice: StoredDexPractice): string {
  const parts = [practice.in_scope ? 'In scope' : 'Out of scope'];
  if (practice.owner_id !== null) parts.push(personLabel(personOf(state, practice.owner_id)));
  if (practice.start_period) parts.push(`from ${formatMonth(practice.start_period)}`);
  if (practice.reason) parts.push(`“${practice.reason}”`);
  return parts.join(' · ');
}

const same = (a: StoredDexPractice, b: StoredDexPractice) =>
  a.in_scope === b.in_scope &&
  a.reason === b.reason &&
  a.owner_id === b.owner_id &&
  a.start_period === b.start_period;

/**
 * Issues the checklists the saved scope newly asks for: a checklist practice in scope now and
 * out before (or no setup saved before), whose template the project holds no standing checklist
 * of (one declined or canceled does not count, as in the asked-for list); to the practice's owner, one History line each. Inside `mutate`.
 */
function issueAsked(
  draft: MockState,
  projectId: number,
  byId: number,
  before: readonly StoredDexPractice[] | null,
  practices: readonly StoredDexPractice[],
): DexIssuedChecklist[] {
  const issued: DexIssuedChecklist[] = [];
  const by = personOf(draft, byId);
  for (const practice of practices) {
    const asks = DEX_PRACTICES[practice.code].asks;
    if (asks?.kind !== 'checklist' || !practice.in_scope || practice.owner_id === null) continue;
    if (before?.find((row) => row.code === practice.code)?.in_scope) continue;
    if (heldChecklists(draft, projectId, asks.template).length > 0) continue;
    const stored = issueChecklist(draft, {
      projectId,
      template: asks.template,
      assigneeId: practice.owner_id,
      startMonth: practice.start_period,
      by: byId,
    });
    const assignee = personOf(draft, stored.assignee_id);
    recordProjectChange(draft, projectId, by, {
      section: SECTION,
      field: 'Checklist',
      old_value: '',
      new_value: `${asks.template} issued to ${personLabel(assignee)}, due ${formatDate(stored.due_date)}`,
    });
    issued.push({
      id: stored.id,
      template_name: stored.template_name,
      assignee,
      due_date: stored.due_date,
    });
  }
  return issued;
}

/**
 * The DEX set up of a project: `GET /api/projects/{id}/dex-setup/` (everyone who sees the card)
 * and `PUT` there (CAN_EDIT_DEX_SCOPE_SETUP), the whole catalogue at once. Each practice changed
 * is one line of the card's History under 'DEX set up', and so is each checklist the save
 * issues (DexSetupSaved).
 */
export const dexSetup: Area = {
  feature: 'projects/dexSetup',
  seed: [dexSetupSeed],
  routes: ({ db }) => {
    const PATH = '/projects/:id/dex-setup/';
    return [
      route.get(PATH, (req) => {
        const { state, projectId } = cardAccess(db, req);
        return json(toDexSetup(state, projectId));
      }),

      route.put(PATH, (req) => {
        const { state, projectId, persona } = cardAccess(db, req, DEX_EDIT_FLAG);
        const errors = new FieldErrors();
        const rows = listField(errors, req.body, 'practices');
        errors.refuseIfAny();
        const checked = rows!.map((row) => practiceRow(state, row));
        if (checked.some(({ errors }) => !errors.isEmpty))
          return json({ practices: checked.map(({ errors }) => errors.toJSON()) }, 400);
        const practices = checked.map(({ practice }) => practice!);
        const codes = new Set(practices.map((practice) => practice.code));
        if (codes.size !== practices.length || codes.size !== DEX_PRACTICE_CODES.length)
          badRequest({ practices: [PRACTICES_INCOMPLETE] });
        const ordered = DEX_PRACTICE_CODES.map((code) =>
          practices.find((row) => row.code === code)!,
        );
        let issued: DexIssuedChecklist[] = [];
        mutate(db, (draft) => {
          const before = practicesOf(draft, projectId);
          const saved = draft.dexSetups.find((setup) => setup.project_id === projectId);
          const changed = ordered.filter(
            (practice, index) => !before[index] || !same(before[index], practice),
          );
          if (saved && changed.length === 0) return false;
          const by = personOf(draft, persona.userId);
          for (const practice of changed)
            recordProjectChange(draft, projectId, by, {
              section: SECTION,
              field: DEX_PRACTICES[practice.code].label,
              old_value: shown(
                draft,
                before.find((row) => row.code === practice.code)!,
              ),
              new_value: shown(draft, practice),
            });
          const next = {
            project_id: projectId,
            practices: ordered,
            updated_at: nowIso(),
            updated_by_id: persona.userId,
          };
          issued = issueAsked(draft, projectId, persona.userId, saved ? before : null, ordered);
          if (saved) Object.assign(saved, next);
          else draft.dexSetups.push(next);
          return true;
        });
        const answer: DexSetupSaved = {
          ...toDexSetup(db.getState(), projectId),
          issued_checklists: issued,
        };
        return json(answer);
      }),
    ];
  },
};
