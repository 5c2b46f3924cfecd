/**
 * The DEX set up of a project (spec §2 the card's "dex set up" tab, §6 the flag "dex scope
 * setup"): which delivery-excellence practices and measures apply to the project. Each practice of
 * the catalogue below is in or out of scope, with a reason, an owner and the month it starts. Spec
 * §7 says the project calls are "not shown": these are the calls this product designs, DRF-style.
 * The SPA, the mock server and the pact tests import them.
 *
 * Everyone who sees the card reads the setup; CAN_EDIT_DEX_SCOPE_SETUP saves it, the whole table
 * at once (one PUT). A project without a saved setup shows the catalogue's defaults. The scope
 * decides what the project is asked for: the checks it runs, the targets it sets and the
 * checklists it is issued ("asked_for", computed by the server against the project's records).
 * A save that puts a checklist practice in scope (newly, or on the first save) issues the
 * project a checklist of its template unless it holds one that is not canceled.
 */
import type { PersonRef } from './actionRequests';
import type { PollType } from './polls';
import { TARGET_METRIC_INFO, type TargetMetric } from './targets';

export const DEX_EDIT_FLAG = 'CAN_EDIT_DEX_SCOPE_SETUP';

export const DEX_AREAS = [
  'checks',
  'risk_management',
  'security',
  'targets',
  'checklists',
] as const;
export type DexArea = (typeof DEX_AREAS)[number];

export const DEX_AREA_LABELS: Record<DexArea, string> = {
  checks: 'Checks',
  risk_management: 'Risk management',
  security: 'Security commitments',
  targets: 'Targets and KPIs',
  checklists: 'Checklists',
};

/** What a practice in scope asks the project for: a kind of check, a target or a checklist. */
export type DexAsk =
  | { kind: 'check'; types: readonly PollType[] }
  | { kind: 'target'; metric: TargetMetric }
  | { kind: 'checklist'; template: string }
  | null;

export interface DexPracticeInfo {
  area: DexArea;
  label: string;
  /** In scope for a project that has no setup yet. */
  default_in_scope: boolean;
  /** Why a practice is out of scope by default (the reason its default row carries); '' if in. */
  default_reason: string;
  asks: DexAsk;
}

const OPTIONAL_KPI = 'A KPI the account chooses per project; none asked for by default.';
const OPTIONAL_CHECKLIST = 'Issued where the project’s phase calls for it; not by default.';

const target = (metric: TargetMetric, inScope: boolean): DexPracticeInfo => ({
  area: 'targets',
  label: TARGET_METRIC_INFO[metric].label,
  default_in_scope: inScope,
  default_reason: inScope ? '' : OPTIONAL_KPI,
  asks: { kind: 'target', metric },
});

/** The checklist templates the app issues checklists from (mock-server/seed/checklists.ts). */
const checklist = (template: string, inScope: boolean): DexPracticeInfo => ({
  area: 'checklists',
  label: template,
  default_in_scope: inScope,
  default_reason: inScope ? '' : OPTIONAL_CHECKLIST,
  asks: { kind: 'checklist', template },
});

/** The catalogue, in the order the tab shows it, grouped by area. */
export const DEX_PRACTICES = {
  health_check: {
    area: 'checks',
    label: 'Health check',
    default_in_scope: true,
    default_reason: '',
    asks: { kind: 'check', types: ['health_check', 'qmo_health_check'] },
  },
  self_check: {
    area: 'checks',
    label: 'Self check',
    default_in_scope: true,
    default_reason: '',
    asks: { kind: 'check', types: ['self_check', 'qmo_self_check'] },
  },
  audit: {
    area: 'checks',
    label: 'Audit',
    default_in_scope: false,
    default_reason: 'Audits are planned by the quality office for selected projects only.',
    asks: { kind: 'check', types: ['audit_check'] },
  },
  risk_register: {
    area: 'risk_management',
    label: 'Risk and issue register',
    default_in_scope: true,
    default_reason: '',
    asks: null,
  },
  risk_review: {
    area: 'risk_management',
    label: 'Monthly risk review with the client',
    default_in_scope: false,
    default_reason:
      'Risks are reviewed in the project’s own meetings unless the client asks for more.',
    asks: null,
  },
  security_commitments: {
    area: 'security',
    label: 'Security commitments',
    default_in_scope: true,
    default_reason: '',
    asks: null,
  },
  on_time_delivery: target('on_time_delivery', true),
  csat: target('csat', true),
  budget_variance: target('budget_variance', true),
  defect_leakage: target('defect_leakage', false),
  team_attrition: target('team_attrition', false),
  gross_margin: target('gross_margin', false),
  release_readiness: checklist('Release readiness', true),
  sprint_quality_gate: checklist('Sprint quality gate', true),
  security_baseline: checklist('Security baseline', true),
  project_kick_off: checklist('Project kick-off', false),
} as const satisfies Record<string, DexPracticeInfo>;

export type DexPracticeCode = keyof typeof DEX_PRACTICES;
export const DEX_PRACTICE_CODES = Object.keys(DEX_PRACTICES) as DexPracticeCode[];

export const DEX_LIMITS = { reason: 500 } as const;

/** A start period is a month: `2026-11`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const MONTH_MESSAGE = 'Enter the start as a month, for example 2026-11.';
export const OWNER_REQUIRED = 'Name the owner of a practice in scope.';
export const START_REQUIRED = 'Give the month a practice in scope starts.';

/**
 * A reason is needed out of scope, or in scope where the default is out (a default row out of
 * scope carries the catalogue's `default_reason`).
 */
export const reasonRequired = (code: DexPracticeCode, inScope: boolean) =>
  !inScope || !DEX_PRACTICES[code].default_in_scope;

/** The message of a missing reason, saying why one is needed. */
export const reasonMessage = (code: DexPracticeCode, inScope: boolean) =>
  inScope
    ? 'Say why this practice is in scope: it is out of scope by default.'
    : 'Say why this practice is out of scope.';

/** `2026-11` → `Nov 2026`. */
export function formatMonth(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return month;
  const names = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  return `${names[Number(match[2]) - 1]} ${match[1]}`;
}

/** One practice of a project's setup. */
export interface DexPractice {
  code: DexPracticeCode;
  in_scope: boolean;
  /** Empty when none was given. */
  reason: string;
  /** Null for a practice out of scope that names none. */
  owner: PersonRef | null;
  /** `YYYY-MM`; null for a practice out of scope that gives none. */
  start_period: string | null;
}

/** Where something the scope asks for stands on the project. */
export const ASK_STATES = ['in_place', 'missing'] as const;
export type AskState = (typeof ASK_STATES)[number];
export const ASK_STATE_LABELS: Record<AskState, string> = {
  in_place: 'In place',
  missing: 'Missing',
};

/** One thing the project is asked for because a practice is in scope. */
export interface DexAskedItem {
  code: DexPracticeCode;
  kind: 'check' | 'target' | 'checklist';
  label: string;
  state: AskState;
  /** What the project holds for it, in one line: "Last: Finished, due 08/12/2026". */
  detail: string;
}

/** `GET /api/projects/{id}/dex-setup/`: every practice of the catalogue, in its order. */
export interface DexSetup {
  /** False until the setup is first saved: the practices are then the defaults. */
  configured: boolean;
  updated_at: string | null;
  updated_by: PersonRef | null;
  practices: DexPractice[];
  /** The checks, targets and checklists the practices in scope ask for, in catalogue order. */
  asked_for: DexAskedItem[];
}

/** One row of `PUT /api/projects/{id}/dex-setup/`. */
export interface DexPracticeInput {
  code: DexPracticeCode;
  in_scope: boolean;
  reason: string;
  owner_id: number | null;
  start_period: string | null;
}

/**
 * `PUT /api/projects/{id}/dex-setup/` (CAN_EDIT_DEX_SCOPE_SETUP): every practice of the catalogue
 * once; answers the saved setup. A 400 holds the rows' errors as DRF's list serializer does, a
 * list in the order sent, `{}` for a row without error: `{practices: [{}, {reason: ["…"]}]}`;
 * a list that misses or repeats a practice is `{practices: ["…"]}`.
 */
export interface DexSetupInput {
  practices: DexPracticeInput[];
}

/** A checklist a save of the setup issued, to the practice's owner. */
export interface DexIssuedChecklist {
  id: number;
  template_name: string;
  assignee: PersonRef;
  /** `YYYY-MM-DD`. */
  due_date: string;
}

/**
 * The answer of `PUT …/dex-setup/`: the saved setup, and the checklists this save issued (a
 * checklist practice put in scope, newly or on the first save, whose template the project holds
 * no checklist of that is not canceled); empty when it issued none. Taking a practice out of
 * scope cancels nothing.
 */
export interface DexSetupSaved extends DexSetup {
  issued_checklists: DexIssuedChecklist[];
}

/** `{practices: [...]}` of a whole list's problem. */
export const PRACTICES_INCOMPLETE = 'Give every practice of the catalogue exactly once.';
