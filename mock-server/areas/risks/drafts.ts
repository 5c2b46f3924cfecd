import { Router, type Request, type Response } from 'express';
import {
  RISK_KINDS,
  RISK_LEVELS,
  type RiskCreateRequest,
  type RiskDraft,
  type RiskKind,
  type RiskLevel,
} from '../../../src/api/contract/risks';
import { authOf } from '../../auth/middleware';
import {
  drf,
  FieldErrors,
  isPlainObject,
  queryChoice,
  rejected,
  REQUIRED,
  requireObjectBody,
} from '../../drf';
import { type StoredDraft } from './model';
import { scopeContext } from './scopes';
import { mayCreate } from './validate';
import type { MockState } from '../../store/state';
import { mutate, type MockDb } from '../../store/db';
import { createRisk } from './writes';
import { nextId } from '../../lib/ids';

/** A draft holds what was typed; a body larger than this is not a draft but an abuse. */
const DRAFT_MAX_CHARS = 20_000;

/**
 * Each user's own drafts: `GET|POST /api/risk-drafts/`, `PATCH|DELETE /api/risk-drafts/{id}/` and
 * `POST /api/risk-drafts/{id}/create/`, which validates the draft as a new risk (400 with field
 * errors while incomplete) and deletes the draft once the risk exists.
 */
export function riskDraftRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  const ownDraft = (req: Request, res: Response): StoredDraft | undefined => {
    const { persona } = authOf(res.locals);
    const draft = db
      .getState()
      .riskDrafts.find(
        (candidate) =>
          candidate.id === Number(req.params.id) && candidate.user_id === persona.userId,
      );
    if (!draft) drf.notFound(res);
    return draft;
  };

  router.get('/risk-drafts/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const kind = queryChoice(errors, query, 'kind', RISK_KINDS);
    const level = queryChoice(errors, query, 'level', RISK_LEVELS);
    if (rejected(res, errors)) return;
    const state = db.getState();
    res.json(
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
  });

  router.post('/risk-drafts/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const fields = draftFields(req.body as Record<string, unknown>, res);
    if (!fields) return;
    // A draft is a risk not yet created: only someone who may create it may keep one.
    if (!mayCreate(persona, fields.kind, fields.level)) {
      drf.forbidden(res);
      return;
    }
    const state = db.getState();
    const draft: StoredDraft = {
      id: nextId(state.riskDrafts),
      user_id: persona.userId,
      ...fields,
      updated_at: new Date().toISOString(),
    };
    mutate(db, (current) => {
      current.riskDrafts.push(draft);
    });
    res.status(201).json(draftBody(state, draft));
  });

  router.patch('/risk-drafts/:id/', requireObjectBody, (req, res) => {
    const draft = ownDraft(req, res);
    if (!draft) return;
    const { kind, level, data } = draft;
    const fields = draftFields({ kind, level, data, ...(req.body as object) }, res);
    if (!fields) return;
    if (!mayCreate(authOf(res.locals).persona, fields.kind, fields.level)) {
      drf.forbidden(res);
      return;
    }
    mutate(db, () => {
      Object.assign(draft, fields, { updated_at: new Date().toISOString() });
    });
    res.json(draftBody(db.getState(), draft));
  });

  router.delete('/risk-drafts/:id/', (req, res) => {
    const draft = ownDraft(req, res);
    if (!draft) return;
    mutate(db, (state) => {
      state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
    });
    res.status(204).end();
  });

  router.post('/risk-drafts/:id/create/', (req, res) => {
    const draft = ownDraft(req, res);
    if (!draft) return;
    const body = { ...draft.data, kind: draft.kind, level: draft.level };
    createRisk(db, res, body, (state) => {
      state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
    });
  });

  return router;
}

/** kind, level and data of a draft body; 400 with every problem otherwise. */
function draftFields(
  body: Record<string, unknown>,
  res: Response,
): Pick<StoredDraft, 'kind' | 'level' | 'data'> | undefined {
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
  if (rejected(res, errors)) return undefined;
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
