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
import type { Persona } from '../../auth/personas';
import { recordAccountChange } from '../accounts/model';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { nowIso, today } from '../../lib/clock';
import { FieldErrors, queryChoice, queryInteger, requiredText } from '../../lib/drf';
import { created, forbidden, json, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { objectBody } from '../../lib/objectBody';
import { personOf } from '../../lib/people';
import { requiredChoice } from '../../lib/requiredChoice';
import { route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import {
  accountDetail,
  dashboardContext,
  distributionOf,
  looksAfter,
  scoreExplanation,
  storedRows,
  trendOf,
  type DashboardContext,
} from './model';
import { accountVolume } from './volume';
import { dashboardSeed } from './seed';

/**
 * The riskiness and issueness dashboard (src/api/contract/dashboard.ts): the list of accounts with
 * their distribution and trend, an account's page, each score explained, and the actual riskiness
 * an account's delivery owner records. Every answer is computed from the live state; every route
 * needs CAN_VIEW_RISK_DASHBOARD. The accounts volume (the 1 000-account bench) adds generated
 * accounts to the list.
 */
export const dashboard: Area = {
  feature: 'dashboard',
  seed: [dashboardSeed],
  routes: ({ db, volume: volumes }) => {
    const volume = accountVolume(volumes.accounts);
    // Read-only views index the untracked state once per call.
    const context = () => dashboardContext(db.readState());

    const explained = (kind: ScoreKind) => (req: MockRequest) => {
      const { persona } = req.auth;
      requireFlags(persona, DASHBOARD_FLAG);
      const current = context();
      const id = idParam(req);
      const explanation = scoreExplanation(current, id, kind, mayRecord(current, persona, id));
      return explanation ? json(explanation) : notFound();
    };

    return [
      route.get('/dashboard/', (req) => {
        requireFlags(req.auth.persona, DASHBOARD_FLAG);
        return json(dashboardList(db, req, volumes.accounts, volume));
      }),

      route.get('/dashboard/accounts/:id/', (req) => {
        requireFlags(req.auth.persona, DASHBOARD_FLAG);
        const detail = accountDetail(context(), idParam(req));
        return detail ? json(detail) : notFound();
      }),

      route.get('/dashboard/accounts/:id/riskiness/', explained('riskiness')),
      route.get('/dashboard/accounts/:id/issueness/', explained('issueness')),

      // As DRF's object permissions: 404 for an unknown account, then the owner rule, then the body.
      route.postAny('/dashboard/accounts/:id/actual-riskiness/', (req) => {
        const { persona } = req.auth;
        requireFlags(persona, DASHBOARD_FLAG, ACTUAL_RISKINESS_FLAG);
        const accountId = idParam(req);
        ownAccount(db, persona, accountId);
        const body = objectBody(req);
        const errors = new FieldErrors();
        const level = requiredChoice(errors, body, 'level', SCORE_LEVELS);
        const reason = requiredText(errors, body, 'reason', ACTUAL_REASON_MAX);
        errors.refuseIfAny();
        const chosen = level!;
        const recordedAt = nowIso();
        const month = recordedAt.slice(0, 7);
        let recorded: ActualRiskiness | undefined;
        mutate(db, (state) => {
          const id = nextId(state.actualRiskiness);
          const by = personOf(state, persona.userId);
          state.actualRiskiness.push({
            id,
            account_id: accountId,
            month,
            level: chosen,
            reason,
            recorded_by_id: persona.userId,
            recorded_at: recordedAt,
          });
          recordAccountChange(state, accountId, by, {
            field: `Actual riskiness of ${month}`,
            old_value: '',
            new_value: `${SCORE_LEVEL_LABELS[chosen]}: ${reason}`,
          });
          recorded = { id, month, level: chosen, reason, recorded_by: by, recorded_at: recordedAt };
        });
        return created(recorded);
      }),
    ];
  },
};

/** The list: the accounts the query's filters keep, by riskiness, with their places and trend. */
function dashboardList(
  db: MockDb,
  { query }: MockRequest,
  accounts: number | undefined,
  volume: ReturnType<typeof accountVolume>,
): DashboardResponse {
  const errors = new FieldErrors();
  const segment = queryInteger(errors, query, 'segment');
  const line = queryInteger(errors, query, 'line');
  const riskiness = queryChoice(errors, query, 'riskiness', SCORE_LEVELS);
  const issueness = queryChoice(errors, query, 'issueness', SCORE_LEVELS);
  errors.refuseIfAny();
  const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
  // The stored rows are computed once per day and version of the tables they read (db.memo).
  const stored = db.memo(`dashboard:${today()}`, (state) => {
    const current = dashboardContext(state);
    return { month: current.month, months: current.months, rows: storedRows(current) };
  });
  // A volume under the stored count keeps the first accounts only (the bench's small page).
  const own = accounts ? stored.rows.slice(0, accounts) : stored.rows;
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
  return {
    month: stored.month,
    count: rows.length,
    total: visible.length,
    ...placesOf(visible),
    results: rows.map(({ row }) => row),
    distribution: distributionOf(rows),
    trend: trendOf(stored.months, rows),
  };
}

/** DRF's object permissions of a recording: 404 for an unknown account, 403 to any but its owner. */
function ownAccount(db: MockDb, persona: Persona, id: number): void {
  const state = db.readState();
  if (!state.accounts.some((account) => account.id === id)) notFound();
  const team = state.accountTeams.find((candidate) => candidate.account_id === id);
  if (!looksAfter(team, persona.userId)) forbidden(ACTUAL_RISKINESS_OWNER_DETAIL);
}

/** Names in the en-US order, one collator for every comparison of a sort. */
const byName = new Intl.Collator('en-US');

/** The id of the path, or 0 (no account has it). */
const idParam = (req: MockRequest) => Number(req.params.id) || 0;

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
