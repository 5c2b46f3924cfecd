import {
  RISK_KINDS,
  RISK_LEVELS,
  type RiskCreateRequest,
  type RiskDraft,
  type RiskKind,
  type RiskLevel,
} from '../../../src/api/contract/risks';
import type { AreaServices } from '../../lib/area';
import { nowIso } from '../../lib/clock';
import { FieldErrors, isPlainObject, queryChoice, REQUIRED } from '../../lib/drf';
import { created, forbidden, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { type StoredDraft } from './model';
import { scopeContext } from './scopes';
import { mayCreate } from './validate';
import { createRisk } from './writes';

/** A draft holds what was typed; a body larger than this is not a draft but an abuse. */
const DRAFT_MAX_CHARS = 20_000;

/**
 * Each user's own drafts: `GET|POST /api/risk-drafts/`, `PATCH|DELETE /api/risk-drafts/{id}/` and
 * `POST /api/risk-drafts/{id}/create/`, which validates the draft as a new risk (400 with field
 * errors while incomplete) and deletes the draft once the risk exists.
 */
export function draftRoutes({ db }: AreaServices): Route[] {
  const ownDraft = ({ params, auth }: MockRequest): StoredDraft =>
    db
      .getState()
      .riskDrafts.find(
        (candidate) =>
          candidate.id === Number(params.id) && candidate.user_id === auth.persona.userId,
      ) ?? notFound();

  return [
    route.get('/risk-drafts/', ({ auth: { persona }, query }) => {
      const errors = new FieldErrors();
      const kind = queryChoice(errors, query, 'kind', RISK_KINDS);
      const level = queryChoice(errors, query, 'level', RISK_LEVELS);
      errors.refuseIfAny();
      const state = db.getState();
      return json(
        state.riskDrafts
          .filter(
            (draft) =>
              draft.user_id === persona.userId &&
              (!kind || draft.kind === kind) &&
              (!level || draft.level === level),
          )
          .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id)
          .map((draft) => draftBody(state, draft)),
      );
    }),

    route.post('/risk-drafts/', ({ auth: { persona }, body }) => {
      const fields = draftFields(body);
      // A draft is a risk not yet created: only someone who may create it may keep one.
      if (!mayCreate(persona, fields.kind, fields.level)) forbidden();
      const state = db.getState();
      const draft: StoredDraft = {
        id: nextId(state.riskDrafts),
        user_id: persona.userId,
        ...fields,
        updated_at: nowIso(),
      };
      mutate(db, (current) => {
        current.riskDrafts.push(draft);
      });
      return created(draftBody(state, draft));
    }),

    route.patch('/risk-drafts/:id/', (req) => {
      const draft = ownDraft(req);
      const { kind, level, data } = draft;
      const fields = draftFields({ kind, level, data, ...req.body });
      if (!mayCreate(req.auth.persona, fields.kind, fields.level)) forbidden();
      mutate(db, () => {
        Object.assign(draft, fields, { updated_at: nowIso() });
      });
      return json(draftBody(db.getState(), draft));
    }),

    route.delete('/risk-drafts/:id/', (req) => {
      const draft = ownDraft(req);
      mutate(db, (state) => {
        state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
      });
      return noContent();
    }),

    // The draft is the body: a POST of any body (it is not read).
    route.postAny('/risk-drafts/:id/create/', (req) => {
      const draft = ownDraft(req);
      const body = { ...draft.data, kind: draft.kind, level: draft.level };
      return createRisk(db, req.auth.persona, body, (state) => {
        state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
      });
    }),
  ];
}

/** kind, level and data of a draft body; 400 with every problem otherwise. */
function draftFields(body: Record<string, unknown>): Pick<StoredDraft, 'kind' | 'level' | 'data'> {
  const errors = new FieldErrors();
  const choice = (field: 'kind' | 'level', choices: readonly string[]) => {
    const value = body[field];
    if (value === undefined || value === null) errors.add(field, REQUIRED);
    else if (!choices.includes(value as string))
      errors.add(field, `"${String(value)}" is not a valid choice.`);
  };
  choice('kind', RISK_KINDS);
  choice('level', RISK_LEVELS);
  if (!isPlainObject(body.data)) errors.add('data', 'Invalid data. Expected a dictionary.');
  else if (JSON.stringify(body.data).length > DRAFT_MAX_CHARS)
    errors.add('data', `Ensure the draft has no more than ${DRAFT_MAX_CHARS} characters.`);
  errors.refuseIfAny();
  return {
    kind: body.kind as RiskKind,
    level: body.level as RiskLevel,
    data: body.data as Partial<RiskCreateRequest>,
  };
}

/** A draft as its author sees it, with its scope and informed people spelled out. */
function draftBody(state: MockState, { user_id: _user, ...draft }: StoredDraft): RiskDraft {
  const informedIds = Array.isArray(draft.data.informed_ids) ? draft.data.informed_ids : [];
  return {
    ...draft,
    scope: scopeContext(state, draft.level, draft.data.scope_id)?.scope ?? null,
    informed: state.people.filter((person) => informedIds.includes(person.id)),
  };
}
