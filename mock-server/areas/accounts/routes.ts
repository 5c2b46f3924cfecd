import {
  ACCOUNT_EDIT_FLAG,
  ACCOUNT_TAB_FLAG,
  BUSINESS_LINE_TAB_FLAG,
  BUSINESS_SEGMENT_TAB_FLAG,
  CRM_FIELD_MESSAGES,
  CRM_FIELDS,
  type AccountHistoryEntry,
  type AccountRow,
  type BusinessLineRef,
} from '../../../src/api/contract/accounts';
import { personLabel } from '../../../src/api/contract/display';
import type { NamedRef } from '../../../src/api/contract/risks';
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import {
  FieldErrors,
  NOT_CHANGEABLE,
  NOT_NULL,
  NOTHING_TO_CHANGE,
  pkProblem,
  pkValue,
  queryInteger,
  typeName,
  userField,
} from '../../lib/drf';
import { created, forbidden, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { pageOf } from '../../lib/paging';
import { personOf } from '../../lib/people';
import { route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import {
  accountDetail,
  accountOf,
  accountRows,
  businessLineDetail,
  businessSegmentDetail,
  recordAccountChange,
  teamOf,
  type StoredAccountTeam,
} from './model';
import { accountsSeed } from './seed';

/** Spec §6 has no number; a sane bound so that a list stays a list. */
const MAX_EXTRA_ASSISTANTS = 20;

const VIEW_FLAGS = [ACCOUNT_TAB_FLAG, BUSINESS_LINE_TAB_FLAG, BUSINESS_SEGMENT_TAB_FLAG];

/** 403 unless the user holds one of the three viewing flags of accounts, lines and segments. */
function requireAnyViewFlag(persona: Persona): void {
  if (!VIEW_FLAGS.some((flag) => persona.permissions.includes(flag)))
    forbidden(`You do not have permission to perform this action (${VIEW_FLAGS.join(' or ')}).`);
}

/** The id of the path, or 0 (no record has it). */
const idParam = (req: MockRequest, name = 'id') => Number(req.params[name]) || 0;

const labels = (state: MockState, ids: readonly number[]) =>
  ids.map((id) => personLabel(personOf(state, id))).join(', ');

/** The account to change: the viewing flag, then the 404, then the editing flag. */
function editableAccount(db: MockDb, req: MockRequest) {
  const { persona } = req.auth;
  requireFlags(persona, ACCOUNT_TAB_FLAG);
  const id = idParam(req);
  const state = db.getState();
  if (!accountOf(state, id) || !teamOf(state, id)) notFound();
  requireFlags(persona, ACCOUNT_EDIT_FLAG);
  return { id, by: personOf(state, persona.userId) };
}

/**
 * Accounts, business lines and business segments: the accounts list with its filters, the
 * account page with its extra assistants, the pages of a line and a segment. Reading an account
 * needs CAN_VIEW_ACCOUNT_TAB, a line CAN_VIEW_BUSINESS_LINE_TAB, a segment
 * CAN_VIEW_BUSINESS_SEGMENT_TAB; changing the extra assistants CAN_EDIT_PROJECT_CARD. The
 * directory's `GET /api/accounts/` and `/api/accounts/{id}/` are the projects area's.
 */
export const accounts: Area = {
  feature: 'accounts',
  seed: [accountsSeed],
  routes: ({ db }) => [
    route.get('/accounts/overview/', (req) => {
      requireFlags(req.auth.persona, ACCOUNT_TAB_FLAG);
      const { query } = req;
      const errors = new FieldErrors();
      const line = queryInteger(errors, query, 'line');
      const segment = queryInteger(errors, query, 'segment');
      errors.refuseIfAny();
      const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
      const ordering = typeof query.ordering === 'string' ? query.ordering : '';
      const rows = accountRows(db.getState()).filter(
        (row) =>
          (line === undefined || row.business_line.id === line) &&
          (segment === undefined || row.business_segment.id === segment) &&
          (!search || row.name.toLowerCase().includes(search)),
      );
      return pageOf(req, orderAccounts(rows, ordering));
    }),

    route.get('/accounts/:id/details/', (req) => {
      requireFlags(req.auth.persona, ACCOUNT_TAB_FLAG);
      return json(accountDetail(db.getState(), idParam(req)) ?? notFound());
    }),

    route.patch('/accounts/:id/details/', (req) => {
      const target = editableAccount(db, req);
      const { body } = req;
      const state = db.getState();
      const team = teamOf(state, target.id)!;
      const errors = new FieldErrors();
      for (const key of Object.keys(body)) {
        if ((CRM_FIELDS as readonly string[]).includes(key))
          errors.add(key, CRM_FIELD_MESSAGES[key as (typeof CRM_FIELDS)[number]]);
        else if (key !== 'extra_assistant_ids') errors.add(key, NOT_CHANGEABLE);
      }
      if (Object.keys(body).length === 0) errors.add('non_field_errors', NOTHING_TO_CHANGE);
      const ids = 'extra_assistant_ids' in body ? assistantIds(errors, state, team, body) : null;
      errors.refuseIfAny();
      if (ids) {
        mutate(db, (draft) => {
          const stored = teamOf(draft, target.id)!;
          const before = stored.extra_assistant_ids;
          if (before.length === ids.length && before.every((id, index) => id === ids[index]))
            return false;
          stored.extra_assistant_ids = ids;
          recordAccountChange(draft, target.id, target.by, {
            field: 'Extra account assistants',
            old_value: labels(draft, before),
            new_value: labels(draft, ids),
          });
        });
      }
      return json(accountDetail(db.getState(), target.id));
    }),

    route.post('/accounts/:id/extra-assistants/', (req) => {
      const target = editableAccount(db, req);
      const state = db.getState();
      const team = teamOf(state, target.id)!;
      const errors = new FieldErrors();
      const userId = userField(errors, state, req.body, 'user_id');
      if (errors.isEmpty) {
        const problem = assistantProblem(state, team, userId);
        if (problem) errors.add('user_id', problem);
        else if (team.extra_assistant_ids.length >= MAX_EXTRA_ASSISTANTS)
          errors.add('user_id', `An account has at most ${MAX_EXTRA_ASSISTANTS} extra assistants.`);
      }
      errors.refuseIfAny();
      mutate(db, (draft) => {
        teamOf(draft, target.id)!.extra_assistant_ids.push(userId);
        recordAccountChange(draft, target.id, target.by, {
          field: 'Extra account assistant',
          old_value: '',
          new_value: personLabel(personOf(draft, userId)),
        });
      });
      return created(accountDetail(db.getState(), target.id));
    }),

    route.delete('/accounts/:id/extra-assistants/:userId/', (req) => {
      const target = editableAccount(db, req);
      const userId = idParam(req, 'userId');
      if (!teamOf(db.getState(), target.id)!.extra_assistant_ids.includes(userId)) notFound();
      mutate(db, (draft) => {
        const team = teamOf(draft, target.id)!;
        team.extra_assistant_ids = team.extra_assistant_ids.filter((id) => id !== userId);
        recordAccountChange(draft, target.id, target.by, {
          field: 'Extra account assistant',
          old_value: personLabel(personOf(draft, userId)),
          new_value: '',
        });
      });
      return noContent();
    }),

    route.get('/accounts/:id/history/', (req) => {
      requireFlags(req.auth.persona, ACCOUNT_TAB_FLAG);
      const id = idParam(req);
      const state = db.getState();
      if (!accountOf(state, id)) notFound();
      const entries: AccountHistoryEntry[] = state.accountHistory
        .filter((entry) => entry.account_id === id)
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
        .map(({ account_id: _account, ...entry }) => entry);
      return json(entries);
    }),

    route.get('/business-segments/', (req) => {
      requireAnyViewFlag(req.auth.persona);
      const segments: NamedRef[] = db
        .getState()
        .businessSegments.map(({ id, name }) => ({ id, name }));
      return json(segments);
    }),

    route.get('/business-lines/', (req) => {
      requireAnyViewFlag(req.auth.persona);
      const lines: BusinessLineRef[] = db
        .getState()
        .businessLines.map(({ id, name, segment_id }) => ({ id, name, segment_id }));
      return json(lines);
    }),

    route.get('/business-lines/:id/', (req) => {
      requireFlags(req.auth.persona, BUSINESS_LINE_TAB_FLAG);
      return json(businessLineDetail(db.getState(), idParam(req)) ?? notFound());
    }),

    route.get('/business-segments/:id/', (req) => {
      requireFlags(req.auth.persona, BUSINESS_SEGMENT_TAB_FLAG);
      return json(businessSegmentDetail(db.getState(), idParam(req)) ?? notFound());
    }),
  ],
};

/** Why this person cannot be an extra assistant of the account, or null when they can. */
function assistantProblem(
  state: MockState,
  team: StoredAccountTeam,
  userId: number,
): string | null {
  const who = personLabel(personOf(state, userId));
  if (userId === team.delivery_owner_id) return `${who} is the account's delivery owner.`;
  if (userId === team.owner_assistant_id) return `${who} is the account's owner assistant.`;
  if (team.extra_assistant_ids.includes(userId))
    return `${who} is already an extra account assistant.`;
  return null;
}

/** `extra_assistant_ids` of a PATCH: distinct known people, neither owner nor owner assistant. */
function assistantIds(
  errors: FieldErrors,
  state: MockState,
  team: StoredAccountTeam,
  body: Record<string, unknown>,
): number[] | null {
  const list = body.extra_assistant_ids;
  const field = 'extra_assistant_ids';
  if (!Array.isArray(list)) {
    errors.add(
      field,
      list === null ? NOT_NULL : `Expected a list of items but got type "${typeName(list)}".`,
    );
    return null;
  }
  if (list.length > MAX_EXTRA_ASSISTANTS) {
    errors.add(field, `An account has at most ${MAX_EXTRA_ASSISTANTS} extra assistants.`);
    return null;
  }
  const ids: number[] = [];
  for (const value of list) {
    const pkError = pkProblem(value, (id) => state.people.some((person) => person.id === id));
    if (pkError) {
      errors.add(field, pkError);
      return null;
    }
    const item = pkValue(value)!;
    if (ids.includes(item)) {
      errors.add(field, `${personLabel(personOf(state, item))} is named twice.`);
      return null;
    }
    const problem = assistantProblem(state, { ...team, extra_assistant_ids: [] }, item);
    if (problem) {
      errors.add(field, problem);
      return null;
    }
    ids.push(item);
  }
  return ids;
}

/** DRF's OrderingFilter on `name` (the only field offered); unknown fields are ignored. */
function orderAccounts(rows: AccountRow[], ordering: string): AccountRow[] {
  const field = ordering
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.replace(/^-/, '') === 'name');
  const direction = field?.startsWith('-') ? -1 : 1;
  return [...rows].sort((a, b) => direction * a.name.localeCompare(b.name, 'en-US') || a.id - b.id);
}
