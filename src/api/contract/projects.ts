/**
 * The project portfolio and the project card (spec §1, §2, §3, §6). Spec §7 says the project calls
 * are "not shown": these are the calls this product designs, DRF-style. The SPA, the mock server
 * and the pact tests all import these types.
 */
import type { PersonRef } from './actionRequests';
import type { PollStatus, PollType } from './polls';
import type { NamedRef, Rating } from './risks';

export const PROJECT_STATUSES = ['active', 'on_hold', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  on_hold: 'On hold',
  closed: 'Closed',
};

/** The flag that opens the portfolio and the card (spec §2 sidebar). */
export const PROJECT_CARD_FLAG = 'CAN_VIEW_PROJECT_CARD';

export interface PortfolioLine extends NamedRef {
  segment_id: number;
}
export interface PortfolioAccount extends NamedRef {
  line_id: number;
}

/** The latest check of a project, as the portfolio row shows it. */
export interface LastCheck {
  id: number;
  status: PollStatus;
  type: PollType;
  /** When it finished, or when it was created while it runs (ISO). */
  date: string;
}

/** One project row of the portfolio tree. */
export interface PortfolioProject {
  id: number;
  name: string;
  code: string;
  account_id: number;
  manager: PersonRef | null;
  status: ProjectStatus;
  high_ownership: boolean;
  last_check: LastCheck | null;
  /** The highest rating among the project's open risks; null without any. */
  open_risk_rating: Rating | null;
  open_risks: number;
  open_high_risks: number;
  open_issues: number;
  checks_in_progress: number;
}

/**
 * `GET /api/portfolio/`: the whole tree business segment → business line → account → project,
 * fetched once and filtered in the browser (5 000 projects are about 180 kB gzip-free JSON).
 */
export interface Portfolio {
  segments: NamedRef[];
  lines: PortfolioLine[];
  accounts: PortfolioAccount[];
  projects: PortfolioProject[];
}

/** A file the project card keeps (the profile revenue sheet, validation evidence). */
export interface StoredFileRef {
  id: number;
  file_name: string;
  size: number;
  uploaded_at: string;
  uploaded_by: PersonRef;
}

/**
 * A stored file of the card, with a same-origin download address signed for the caller (a plain
 * link: `GET /api/project-files/{id}/?user=&expires=&signature=`).
 */
export interface ProjectFile extends StoredFileRef {
  url: string;
}

/** `GET /api/projects/{id}/`: the card's header and its Overview facts. */
export interface ProjectDetail {
  id: number;
  name: string;
  code: string;
  status: ProjectStatus;
  high_ownership: boolean;
  account: NamedRef;
  business_line: NamedRef;
  business_segment: NamedRef;
  manager: PersonRef | null;
  start_date: string;
  end_date: string | null;
  /** What a check's overview step shows as the project description. */
  description: string;
  /** The experts' part of the overview step. */
  expert_description: string;
  exclude_from_kpi: boolean;
  ada: boolean;
  /** The profile revenue sheet, with its download address; null while none was uploaded. */
  profile_revenue: ProjectFile | null;
  open_risks: number;
  open_issues: number;
  checks_in_progress: number;
  team_size: number;
}

/** Limits of the project's free texts (spec §9: the text-length limits). */
export const PROJECT_TEXT_LIMITS = { description: 2000, expert_description: 2000 } as const;

/**
 * `PATCH /api/projects/{id}/`: each field behind its flag (a 403 names the first missing one):
 * description and expert description CAN_EDIT_PROJECT_DETAILS, exclude_from_kpi
 * CAN_EXCLUDE_FROM_KPI, ada CAN_EDIT_ADA.
 */
export type ProjectPatch = Partial<
  Pick<ProjectDetail, 'description' | 'expert_description' | 'exclude_from_kpi' | 'ada'>
>;

export const PROJECT_PATCH_FLAGS: Record<keyof ProjectPatch, string> = {
  description: 'CAN_EDIT_PROJECT_DETAILS',
  expert_description: 'CAN_EDIT_PROJECT_DETAILS',
  exclude_from_kpi: 'CAN_EXCLUDE_FROM_KPI',
  ada: 'CAN_EDIT_ADA',
};

/** `GET /api/projects/{id}/history/`: every change made on the card, newest first. */
export interface ProjectHistoryEntry {
  id: number;
  at: string;
  by: PersonRef;
  /** The tab the change was made on ('Project overview', 'Team', …). */
  section: string;
  field: string;
  old_value: string;
  new_value: string;
}

/** The spreadsheet upload of the profile revenue (CAN_UPLOAD_PROFILE_REVENUE). */
export const PROFILE_REVENUE_UPLOAD = {
  maxFiles: 1,
  maxBytes: 52_428_800,
  extensions: ['xls', 'xlsx', 'ods'],
} as const;
