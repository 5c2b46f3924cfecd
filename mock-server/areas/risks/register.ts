import {
  RISK_KINDS,
  RISK_LEVELS,
  type RiskExportQuery,
  type RiskExportQueued,
  type RiskScope,
  type RiskSummary,
  type SimilarRisk,
} from '../../../src/api/contract/risks';
import type { Persona } from '../../auth/personas';
import type { AreaServices } from '../../lib/area';
import { FieldErrors, queryChoice, queryInteger, REQUIRED, TOO_LONG } from '../../lib/drf';
import { json, Refusal, ruleBroken } from '../../lib/http';
import { INVALID_PAGE, pageBody, pageNumber, pageOf } from '../../lib/paging';
import { route, type Route } from '../../lib/routes';
import type { MockState } from '../../store/state';
import { openActionItemsOf } from './actionItems';
import { canSee, riskBody, riskOf, seesAllRisks, toListItem } from './access';
import type { StoredRisk } from './model';
import { readRegisterQuery, readRiskPaging, type RegisterQuery } from './query';
import { newestFirst, RegisterIndex } from './registerIndex';
import { emailRiskWorkbook } from './riskWorkbook';
import { entitiesOf } from './scopes';
import { similarity } from './similarity';
import { buildRiskVolume } from './volume';

/** Ids of the bench's extra risks, far above the stored ones. */
export const VOLUME_FIRST_ID = 100_000;
const SIMILAR_MIN_SCORE = 0.3;
const SIMILAR_MAX = 5;

/**
 * Reading risks: `GET /api/risks/` (the register filtered, ordered and paged on the server),
 * `/api/risks/summary/` (its count, heat map and filter choices), `/api/risks/similar/`,
 * `/api/risks/{id}/`, `/api/risks/{id}/history/`, `/api/risk-scopes/`, and the e-mailed export.
 * The risks volume (MOCK_RISK_VOLUME) adds generated risks, never stored.
 */
export function registerRoutes({ db, attachments, volume: volumes }: AreaServices): Route[] {
  const riskVolume = volumes.risks;
  let volume: StoredRisk[] | undefined;
  const allRisks = (state: MockState): StoredRisk[] => {
    if (!riskVolume) return state.risks;
    volume ??= buildRiskVolume(riskVolume, VOLUME_FIRST_ID, state);
    return [...state.risks, ...volume];
  };
  /** The register's indexes, once per version of the risks (see registerIndex.ts). */
  const registerIndex = () =>
    db.memo('risks:register', (state) => new RegisterIndex(allRisks(state)));
  // With a volume, the first request finds the indexes built and every order sorted.
  if (riskVolume) registerIndex().warm();
  const personExists = (id: number) => db.readState().people.some((person) => person.id === id);
  /** The query's rows as the signed-in persona sees them. */
  const selected = (index: RegisterIndex, persona: Persona, query: RegisterQuery, heat = false) =>
    index.select(query, seesAllRisks(persona), persona.userId, heat, withActionItems(query));
  /** The risks the action-item filters keep, when given. */
  const withActionItems = ({ filters }: RegisterQuery): ReadonlySet<number> | undefined =>
    filters.action_owner === undefined
      ? undefined
      : new Set(
          openActionItemsOf(db.getState(), filters.action_owner, filters.action_due_before).map(
            (item) => item.risk_id,
          ),
        );

  return [
    route.get('/risks/', (req) => {
      const { persona } = req.auth;
      const query = readRegisterQuery(req.query, personExists, { ordering: true, paged: true });
      const paging = readRiskPaging(req.query);
      if (!paging) throw new Refusal(INVALID_PAGE);
      const index = registerIndex();
      const { rows } = selected(index, persona, query);
      const start = (pageNumber(paging, rows.length) - 1) * paging.pageSize;
      const { risks } = index;
      const page = [...rows.subarray(Math.max(0, start), start + paging.pageSize)].map((row) =>
        toListItem(risks[row]!),
      );
      const body = pageBody(req.url, rows.length, page, paging);
      if (!body) throw new Refusal(INVALID_PAGE);
      return json(body);
    }),

    /** What the list shows beside its rows: the count, the heat map, the owner and label choices. */
    route.get('/risks/summary/', (req) => {
      const { persona } = req.auth;
      const query = readRegisterQuery(req.query, personExists);
      const index = registerIndex();
      const { rows, heat } = selected(index, persona, query, true);
      const { owners, labels } = index.scopeChoices(query, seesAllRisks(persona), persona.userId);
      const summary: RiskSummary = { count: rows.length, heat, owners, labels };
      return json(summary);
    }),

    /** Likely duplicates of a statement before it is saved: open risks of the kind in the scope. */
    route.get('/risks/similar/', ({ auth: { persona }, query }) => {
      const errors = new FieldErrors();
      const level = queryChoice(errors, query, 'level', RISK_LEVELS);
      const kind = queryChoice(errors, query, 'kind', RISK_KINDS);
      const scope = queryInteger(errors, query, 'scope');
      for (const field of ['level', 'kind', 'scope'])
        if (query[field] === undefined || query[field] === '') errors.add(field, REQUIRED);
      if (value(query.statement).length > 1000) errors.add('statement', TOO_LONG(1000));
      errors.refuseIfAny();
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
      return json(results);
    }),

    route.get('/risks/:id/', (req) => {
      const { persona } = req.auth;
      const id = Number(req.params.id);
      const volumeRisk =
        riskVolume && id >= VOLUME_FIRST_ID ? registerIndex().byIdOf(id) : undefined;
      if (volumeRisk && canSee(persona, volumeRisk)) return json(riskBody(persona, volumeRisk));
      const access = riskOf(db, req);
      return json(riskBody(access.persona, access.risk));
    }),

    /** Every change of the risk, newest first: who, when, field, old and new value. */
    route.get('/risks/:id/history/', (req) => {
      const { state, risk } = riskOf(db, req);
      return json(
        state.riskHistory
          .filter((entry) => entry.risk_id === risk.id)
          .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
          .map(({ risk_id: _risk, ...entry }) => entry),
      );
    }),

    route.get('/risk-scopes/', (req) => {
      const { query } = req;
      const errors = new FieldErrors();
      const level = queryChoice(errors, query, 'level', RISK_LEVELS);
      if (query.level === undefined || query.level === '') errors.add('level', REQUIRED);
      errors.refuseIfAny();
      const search = value(query.search).trim().toLowerCase();
      const scopes: RiskScope[] = entitiesOf(db.getState(), level!)
        .map(({ id, name }) => ({ id, name, level: level! }))
        .filter((scope) => !search || scope.name.toLowerCase().includes(search))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      return pageOf(req, scopes);
    }),

    /**
     * A large Excel export goes by e-mail: the register's query (RiskExportQuery: the list's
     * filters and ordering, no paging). The mock records the e-mail and builds the workbook it
     * carries (see riskWorkbook.ts; the outbox serves it).
     */
    route.post('/risks/export/', ({ auth: { persona }, body }) => {
      const index = registerIndex();
      const query = readRegisterQuery(body, personExists, { ordering: true });
      const { rows } = selected(index, persona, query);
      if (rows.length === 0) ruleBroken(NOTHING_TO_EXPORT);
      const risks = Array.from(rows, (row) => index.risks[row]!);
      const record = { risk_query: exportQueryOf(query) };
      const { email } = emailRiskWorkbook(db, attachments, persona, risks, record);
      const answer: RiskExportQueued = { email: email.to, count: email.count };
      return json(answer, 202);
    }),
  ];
}

const value = (raw: unknown) => (typeof raw === 'string' ? raw : '');

export const NOTHING_TO_EXPORT = 'Nothing to export: no risk or issue matches these filters.';

/** The export's query as the e-mail records it (what was asked, defaults filled in). */
function exportQueryOf({ level, scope, poll, filters, ordering }: RegisterQuery): RiskExportQuery {
  const { terms, ...rest } = filters;
  const query: RiskExportQuery = { level, scope, poll, ...rest, ordering };
  if (terms.length > 0) query.search = terms.join(' ');
  return Object.fromEntries(
    Object.entries(query).filter(([, given]) => given !== undefined),
  ) as RiskExportQuery;
}
