import { Router } from 'express';
import {
  RISK_KINDS,
  RISK_LEVELS,
  type RiskExportQueued,
  type RiskScope,
  type SimilarRisk,
} from '../../../src/api/contract/risks';
import { authOf } from '../../auth/middleware';
import {
  FieldErrors,
  queryChoice,
  queryInteger,
  rejected,
  REQUIRED,
  requireObjectBody,
  TOO_LONG,
} from '../../drf';
import { canSee, isReceiver, riskBody, seesAllRisks, toListItem, visibleRisk } from './access';
import type { StoredRisk } from './model';
import { entitiesOf } from './scopes';
import { similarity } from './similarity';
import { buildRiskVolume } from './volume';
import type { MockState } from '../../store/state';
import { mutate, type MockDb } from '../../store/db';
import { sendPage } from '../../lib/paging';

/** The SPA fetches a scope's risks whole and filters them in the browser: pages up to 10 000. */
export const RISK_PAGE_MAX = 10_000;
/** Ids of the bench's extra risks, far above the stored ones. */
const VOLUME_FIRST_ID = 100_000;
const SIMILAR_MIN_SCORE = 0.3;
const SIMILAR_MAX = 5;

export interface RiskRouteOptions {
  /** Extra generated risks in project 1 (the 10 000-row bench), kept out of the stored state. */
  riskVolume?: number;
}

const newestFirst = (a: StoredRisk, b: StoredRisk) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/**
 * Reading risks: `GET /api/risks/` (level, scope, kind, poll; newest first), `/api/risks/similar/`,
 * `/api/risks/{id}/`, `/api/risks/{id}/history/`, `/api/risk-scopes/`, and the e-mailed export.
 */
export function riskRoutes(db: MockDb, options: RiskRouteOptions = {}): Router {
  const router = Router({ strict: true });
  let volume: StoredRisk[] | undefined;
  const allRisks = (state: MockState): StoredRisk[] => {
    if (!options.riskVolume) return state.risks;
    volume ??= buildRiskVolume(
      options.riskVolume,
      VOLUME_FIRST_ID,
      state.projects[0]!,
      state.people,
    );
    return [...state.risks, ...volume];
  };

  router.get('/risks/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = queryChoice(errors, query, 'level', RISK_LEVELS);
    const kind = queryChoice(errors, query, 'kind', RISK_KINDS);
    const scope = queryInteger(errors, query, 'scope');
    const poll = queryInteger(errors, query, 'poll');
    if (rejected(res, errors)) return;
    // Every risk's row, newest first, once per version of the state; a request filters them.
    const all = db.memo('risks:list', (state) =>
      [...allRisks(state)].sort(newestFirst).map((risk) => ({ risk, row: toListItem(risk) })),
    );
    const seesAll = seesAllRisks(persona);
    const rows = all
      .filter(
        ({ risk }) =>
          (!level || risk.level === level) &&
          (scope === undefined || risk.scope.id === scope) &&
          (!kind || risk.kind === kind) &&
          (poll === undefined || risk.poll_id === poll) &&
          (seesAll || isReceiver(persona, risk)),
      )
      .map(({ row }) => row);
    sendPage(req, res, rows, RISK_PAGE_MAX);
  });

  /** Likely duplicates of a statement before it is saved: open risks of the kind in the scope. */
  router.get('/risks/similar/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = queryChoice(errors, query, 'level', RISK_LEVELS);
    const kind = queryChoice(errors, query, 'kind', RISK_KINDS);
    const scope = queryInteger(errors, query, 'scope');
    for (const field of ['level', 'kind', 'scope'])
      if (query[field] === undefined || query[field] === '') errors.add(field, REQUIRED);
    if (value(query.statement).length > 1000) errors.add('statement', TOO_LONG(1000));
    if (rejected(res, errors)) return;
    const statement = value(query.statement);
    const results: SimilarRisk[] = db
      .getState()
      .risks.filter(
        (risk) =>
          risk.status === 'open' &&
          risk.level === level &&
          risk.scope.id === scope &&
          risk.kind === kind &&
          canSee(persona, risk),
      )
      .map((risk) => ({ risk, score: similarity(statement, risk.statement) }))
      .filter((match) => match.score >= SIMILAR_MIN_SCORE)
      .sort((a, b) => b.score - a.score || newestFirst(a.risk, b.risk))
      .slice(0, SIMILAR_MAX)
      .map((match) => ({ risk: toListItem(match.risk), score: Number(match.score.toFixed(2)) }));
    res.json(results);
  });

  router.get('/risks/:id/', (req, res) => {
    const { persona } = authOf(res.locals);
    const id = Number(req.params.id);
    const volumeRisk =
      options.riskVolume && id >= VOLUME_FIRST_ID
        ? allRisks(db.getState()).find((risk) => risk.id === id)
        : undefined;
    if (volumeRisk && canSee(persona, volumeRisk)) {
      res.json(riskBody(persona, volumeRisk));
      return;
    }
    const access = visibleRisk(db, req, res);
    if (access) res.json(riskBody(access.persona, access.risk));
  });

  /** Every change of the risk, newest first: who, when, field, old and new value. */
  router.get('/risks/:id/history/', (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    res.json(
      access.state.riskHistory
        .filter((entry) => entry.risk_id === access.risk.id)
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
        .map(({ risk_id: _risk, ...entry }) => entry),
    );
  });

  router.get('/risk-scopes/', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const level = queryChoice(errors, query, 'level', RISK_LEVELS);
    if (query.level === undefined || query.level === '') errors.add('level', REQUIRED);
    if (rejected(res, errors) || !level) return;
    const search = value(query.search).trim().toLowerCase();
    const scopes: RiskScope[] = entitiesOf(db.getState(), level)
      .map(({ id, name }) => ({ id, name, level }))
      .filter((scope) => !search || scope.name.toLowerCase().includes(search))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    sendPage(req, res, scopes);
  });

  /** A large Excel export goes by e-mail: the mock records the e-mail it would send. */
  router.post('/risks/export/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const ids = (req.body as Record<string, unknown>).ids;
    const errors = new FieldErrors();
    if (ids === undefined || ids === null) errors.add('ids', REQUIRED);
    else if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id)))
      errors.add('ids', 'Expected a list of risk ids.');
    else if (ids.length === 0) errors.add('ids', 'Choose at least one risk.');
    else {
      const known = new Set(
        allRisks(db.getState())
          .filter((risk) => canSee(persona, risk))
          .map((risk) => risk.id),
      );
      const unknown = (ids as number[]).filter((id) => !known.has(id));
      if (unknown.length > 0)
        errors.add('ids', `Some of these risks do not exist: ${unknown.slice(0, 10).join(', ')}.`);
    }
    if (rejected(res, errors)) return;
    const riskIds = [...new Set(ids as number[])];
    const email = `${persona.login || `user${persona.userId}`}@example.com`;
    mutate(db, (state) => {
      state.sentEmails.push({
        to: email,
        subject: `Your Excel export of ${riskIds.length} risks and issues`,
        count: riskIds.length,
        risk_ids: riskIds,
        at: new Date().toISOString(),
      });
    });
    const body: RiskExportQueued = { email, count: riskIds.length };
    res.status(202).json(body);
  });

  return router;
}

const value = (raw: unknown) => (typeof raw === 'string' ? raw : '');
