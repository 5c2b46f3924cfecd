import { nextId } from '../../lib/ids';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  ACTUAL_REASON_MAX,
  ACTUAL_RISKINESS_FLAG,
  ACTUAL_RISKINESS_OWNER_DETAIL,
  DASHBOARD_FLAG,
  SCORE_LEVELS,
  SCORE_LEVEL_LABELS,
  type ActualRiskiness,
  type DashboardAccountRow,
  type DashboardLine,
  type DashboardResponse,
  type ScoreKind,
} from '../../../src/api/contract/dashboard';
import type { NamedRef } from '../../../src/api/contract/risks';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import { recordAccountChange } from '../accounts/model';
import {
  dashboardContext,
  distributionOf,
  looksAfter,
  accountDetail,
  scoreExplanation,
  storedRows,
  todayIso,
  trendOf,
  type DashboardContext,
} from './model';
import { accountVolume } from './volume';
import {
  drf,
  FieldErrors,
  queryChoice,
  queryInteger,
  rejected,
  requiredText,
  requireObjectBody,
} from '../../drf';
import { mutate, type MockDb } from '../../store/db';
import { choiceField } from '../../routes/projectTeam';
import { needsFlags } from '../../routes/projects';
import { personOf } from '../../lib/people';

export interface DashboardRouteOptions {
  /** Accounts GET /api/dashboard/ holds in all, generated ones added (the 1 000-account bench). */
  accountVolume?: number;
}

/**
 * The riskiness and issueness dashboard (src/api/contract/dashboard.ts): the list of accounts with
 * their distribution and trend, an account's page, each score explained, and the actual riskiness
 * an account's delivery owner records. Every answer is computed from the live state; every route
 * needs CAN_VIEW_RISK_DASHBOARD.
 */
export function dashboardRoutes(db: MockDb, options: DashboardRouteOptions = {}): Router {
  const router = Router({ strict: true });
  const volume = accountVolume(options.accountVolume);
  // Read-only views index the untracked state once per call.
  const context = () => dashboardContext(db.readState());

  router.get('/dashboard/', needsFlags(DASHBOARD_FLAG), (req, res) => {
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const segment = queryInteger(errors, query, 'segment');
    const line = queryInteger(errors, query, 'line');
    const riskiness = queryChoice(errors, query, 'riskiness', SCORE_LEVELS);
    const issueness = queryChoice(errors, query, 'issueness', SCORE_LEVELS);
    if (rejected(res, errors)) return;
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    // The stored rows are computed once per day and version of the tables they read (db.memo).
    const stored = db.memo(`dashboard:${todayIso()}`, (state) => {
      const current = dashboardContext(state);
      return { month: current.month, months: current.months, rows: storedRows(current) };
    });
    // A volume under the stored count keeps the first accounts only (the bench's small page).
    const own = options.accountVolume ? stored.rows.slice(0, options.accountVolume) : stored.rows;
    const visible = [...own, ...volume(() => dashboardContext(db.readState()))];
    const rows = visible
      .filter(
        ({ row }) =>
          (!search || row.name.toLowerCase().includes(search)) &&
          (segment === undefined || row.business_segment.id === segment) &&
          (line === undefined || row.business_line.id === line) &&
          (riskiness === undefined || row.riskiness.level === riskiness) &&
          (issueness === undefined || row.issueness.level === issueness),
      )
      .sort(
        (a, b) =>
          b.row.riskiness.score - a.row.riskiness.score ||
          byName.compare(a.row.name, b.row.name) ||
          a.row.id - b.row.id,
      );
    const body: DashboardResponse = {
      month: stored.month,
      count: rows.length,
      total: visible.length,
      ...placesOf(visible),
      results: rows.map(({ row }) => row),
      distribution: distributionOf(rows),
      trend: trendOf(stored.months, rows),
    };
    res.json(body);
  });

  router.get('/dashboard/accounts/:id/', needsFlags(DASHBOARD_FLAG), (req, res) => {
    const detail = accountDetail(context(), idParam(req));
    if (!detail) {
      drf.notFound(res);
      return;
    }
    res.json(detail);
  });

  const explained = (kind: ScoreKind) => (req: Request, res: Response) => {
    const { persona } = authOf(res.locals);
    const current = context();
    const id = idParam(req);
    const explanation = scoreExplanation(current, id, kind, mayRecord(current, persona, id));
    if (!explanation) {
      drf.notFound(res);
      return;
    }
    res.json(explanation);
  };
  router.get(
    '/dashboard/accounts/:id/riskiness/',
    needsFlags(DASHBOARD_FLAG),
    explained('riskiness'),
  );
  router.get(
    '/dashboard/accounts/:id/issueness/',
    needsFlags(DASHBOARD_FLAG),
    explained('issueness'),
  );

  /** As DRF's object permissions: 404 for an unknown account, then the owner rule, then the body. */
  const ownAccount: RequestHandler = (req, res, next) => {
    const { persona } = authOf(res.locals);
    const state = db.readState();
    const id = idParam(req);
    if (!state.accounts.some((account) => account.id === id)) {
      drf.notFound(res);
      return;
    }
    const team = state.accountTeams.find((candidate) => candidate.account_id === id);
    if (!looksAfter(team, persona.userId)) {
      drf.forbidden(res, ACTUAL_RISKINESS_OWNER_DETAIL);
      return;
    }
    next();
  };

  router.post(
    '/dashboard/accounts/:id/actual-riskiness/',
    needsFlags(DASHBOARD_FLAG, ACTUAL_RISKINESS_FLAG),
    ownAccount,
    requireObjectBody,
    (req, res) => {
      const { persona } = authOf(res.locals);
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const level = choiceField(errors, body, 'level', SCORE_LEVELS);
      const reason = requiredText(errors, body, 'reason', ACTUAL_REASON_MAX);
      if (rejected(res, errors) || !level) return;
      const accountId = idParam(req);
      const recordedAt = new Date().toISOString();
      const month = recordedAt.slice(0, 7);
      let recorded: ActualRiskiness | undefined;
      mutate(db, (state) => {
        const id = nextId(state.actualRiskiness);
        const by = personOf(state, persona.userId);
        state.actualRiskiness.push({
          id,
          account_id: accountId,
          month,
          level,
          reason,
          recorded_by_id: persona.userId,
          recorded_at: recordedAt,
        });
        recordAccountChange(state, accountId, by, {
          field: `Actual riskiness of ${month}`,
          old_value: '',
          new_value: `${SCORE_LEVEL_LABELS[level]}: ${reason}`,
        });
        recorded = { id, month, level, reason, recorded_by: by, recorded_at: recordedAt };
      });
      res.status(201).json(recorded);
    },
  );

  return router;
}

/** Names in the en-US order, one collator for every comparison of a sort. */
const byName = new Intl.Collator('en-US');

/** The id of the path, or 0 (no account has it). */
const idParam = (req: Request) => Number(req.params.id) || 0;

/** Whether the persona may record the account's actual riskiness: the flag and the owner rule. */
function mayRecord(context: DashboardContext, persona: Persona, accountId: number): boolean {
  return (
    persona.permissions.includes(ACTUAL_RISKINESS_FLAG) &&
    looksAfter(context.teams.get(accountId), persona.userId)
  );
}

/** The segments and lines of the accounts, each once, by name. */
function placesOf(rows: readonly { row: DashboardAccountRow }[]) {
  const segments = new Map<number, NamedRef>();
  const lines = new Map<number, DashboardLine>();
  for (const { row } of rows) {
    segments.set(row.business_segment.id, row.business_segment);
    lines.set(row.business_line.id, { ...row.business_line, segment_id: row.business_segment.id });
  }
  const byPlaceName = (a: NamedRef, b: NamedRef) => byName.compare(a.name, b.name) || a.id - b.id;
  return {
    segments: [...segments.values()].sort(byPlaceName),
    lines: [...lines.values()].sort(byPlaceName),
  };
}
