/**
 * The Tools register of a project (spec §2 the card's Tools register tab, §6 the flags "tech
 * register"): the tools and technologies the project uses, each with its category, version,
 * licence type and expiry, an owner, and whether the company approved it. Spec §7 says the project
 * calls are "not shown": these are the calls this product designs, DRF-style. The SPA, the mock
 * server and the pact tests import them.
 *
 * Viewing needs CAN_VIEW_TOOLS_REGISTER; adding, changing and removing CAN_EDIT_TECH_REGISTER.
 * A licence expiring within LICENCE_WARNING_DAYS days, or expired, is flagged to the quality lead.
 */
import { addCalendarDays } from './calendarDays';
import type { PersonRef } from './actionRequests';

export const TOOLS_VIEW_FLAG = 'CAN_VIEW_TOOLS_REGISTER';
export const TOOLS_EDIT_FLAG = 'CAN_EDIT_TECH_REGISTER';

export const TOOL_CATEGORIES = [
  'development',
  'ci_cd',
  'testing',
  'project_management',
  'collaboration',
  'design',
  'monitoring',
  'security',
  'data',
  'ai',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const TOOL_CATEGORY_LABELS: Record<ToolCategory, string> = {
  development: 'Development',
  ci_cd: 'CI/CD',
  testing: 'Testing',
  project_management: 'Project management',
  collaboration: 'Collaboration',
  design: 'Design',
  monitoring: 'Monitoring',
  security: 'Security',
  data: 'Data',
  ai: 'Gen AI',
};

export const LICENCE_TYPES = [
  'open_source',
  'commercial',
  'subscription',
  'freeware',
  'client_provided',
  'internal',
] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export const LICENCE_TYPE_LABELS: Record<LicenceType, string> = {
  open_source: 'Open source',
  commercial: 'Commercial',
  subscription: 'Subscription',
  freeware: 'Freeware',
  client_provided: 'Client’s',
  internal: 'Internal',
};

/**
 * Where a licence stands on the day of the call: none without an expiry date, expired before
 * today, expiring within LICENCE_WARNING_DAYS days (today included), valid after.
 */
export const LICENCE_STATES = ['valid', 'expiring', 'expired', 'no_expiry'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
  no_expiry: 'No expiry',
};

export const LICENCE_WARNING_DAYS = 30;

export const TOOL_LIMITS = { name: 120, version: 40, notes: 1000 } as const;

/** The state of a licence expiring on `expiry` (or never, null), seen on the day `today`. */
export function licenceState(expiry: string | null, today: string): LicenceState {
  if (expiry === null) return 'no_expiry';
  if (expiry < today) return 'expired';
  if (expiry <= addCalendarDays(today, LICENCE_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

/** `GET /api/projects/{id}/tools/`: one row each, by name (then version). */
export interface Tool {
  id: number;
  name: string;
  category: ToolCategory;
  /** Empty when none was given ("latest", a SaaS). */
  version: string;
  licence_type: LicenceType;
  /** `YYYY-MM-DD`; null for a licence that never expires. */
  licence_expiry: string | null;
  /** Computed by the server on the day of the call. */
  licence_state: LicenceState;
  owner: PersonRef;
  /** Approved for use on the project by the company. */
  approved: boolean;
  /** Empty when none were given. */
  notes: string;
  created_at: string;
  updated_at: string;
}

/**
 * `POST /api/projects/{id}/tools/` (CAN_EDIT_TECH_REGISTER). A name and version already in the
 * register is a 400 on `name`.
 */
export interface NewTool {
  name: string;
  category: ToolCategory;
  version?: string;
  licence_type: LicenceType;
  licence_expiry?: string | null;
  owner_id: number;
  approved?: boolean;
  notes?: string;
}

/** `PATCH /api/projects/{id}/tools/{tid}/` (CAN_EDIT_TECH_REGISTER): any of the fields. */
export type ToolPatch = Partial<NewTool>;

/** `DELETE /api/projects/{id}/tools/{tid}/` (CAN_EDIT_TECH_REGISTER): 204; History keeps it. */

/** The 400 on `name` when the register already holds the tool in that version. */
export const TOOL_DUPLICATE = 'This tool is already in the register in this version.';
