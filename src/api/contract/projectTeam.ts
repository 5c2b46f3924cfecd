/**
 * The project card's Team tab (spec §2 card tabs, §6 viewing flag "team"): the people who work on
 * the project, with their role, allocation and dates. Spec §7 says the project calls are "not
 * shown": these are the calls this product designs, DRF-style. The SPA, the mock server and the
 * pact tests all import these types.
 *
 * - `GET /api/projects/{id}/team/` → `TeamMember[]` (CAN_VIEW_TEAM)
 * - `POST /api/projects/{id}/team/` with `NewTeamMember` → 201 `TeamMember`
 * - `PATCH /api/projects/{id}/team/{memberId}/` with `TeamMemberPatch` → `TeamMember`
 * - `DELETE /api/projects/{id}/team/{memberId}/` → 204
 *
 * Writes need CAN_EDIT_PROJECT_CARD (a 403 names it). The project manager comes from the CRM: the
 * role 'project_manager' is theirs alone, their member can neither be removed nor given another
 * role (400).
 */
import type { PersonRef } from './actionRequests';

export const TEAM_VIEW_FLAG = 'CAN_VIEW_TEAM';
export const TEAM_EDIT_FLAG = 'CAN_EDIT_PROJECT_CARD';

/** The roles a member may hold, in the order the tab sorts them. */
export const TEAM_ROLES = [
  'project_manager',
  'qc_lead',
  'delivery_manager',
  'architect',
  'developer',
  'tester',
  'business_analyst',
  'scrum_master',
  'other',
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  project_manager: 'Project manager',
  qc_lead: 'QC lead',
  delivery_manager: 'Delivery manager',
  architect: 'Architect',
  developer: 'Developer',
  tester: 'Tester',
  business_analyst: 'Business analyst',
  scrum_master: 'Scrum master',
  other: 'Other',
};

/** The role the CRM's project manager holds; nobody else may be given it. */
export const MANAGER_ROLE: TeamRole = 'project_manager';

/** The roles a member may be given here (every one but the CRM's project manager). */
export const ASSIGNABLE_TEAM_ROLES = TEAM_ROLES.filter((role) => role !== MANAGER_ROLE);

/** Share of a full-time week, in whole percent. */
export const ALLOCATION_MIN = 1;
export const ALLOCATION_MAX = 100;

export interface TeamMember {
  id: number;
  person: PersonRef;
  role: TeamRole;
  /** Whole percent, 1–100. */
  allocation: number;
  /** `yyyy-MM-dd`. */
  start_date: string;
  /** `yyyy-MM-dd`, never before `start_date`; null while the member stays on. */
  end_date: string | null;
}

/** `POST /api/projects/{id}/team/`. */
export interface NewTeamMember {
  person_id: number;
  role: TeamRole;
  allocation: number;
  start_date: string;
  end_date: string | null;
}

/** `PATCH /api/projects/{id}/team/{memberId}/`: the person stays; remove and add to change them. */
export type TeamMemberPatch = Partial<Omit<NewTeamMember, 'person_id'>>;

/** The server's words the SPA shows (and the tests check). */
export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already on the team.',
  managerRemoved:
    'The project manager cannot be removed from the team: the manager is changed in the CRM.',
  managerRole: 'The project manager role comes from the CRM and cannot be given here.',
  managerRoleKept: 'The project manager keeps this role: the manager is changed in the CRM.',
  endBeforeStart: 'The end date may not be before the start date.',
} as const;

/**
 * Where a member stands on `today` (`yyyy-MM-dd` on the reader's calendar): `future` before their
 * start date, `past` once their end date has passed (they are on the team until its end), else
 * `current`.
 */
export function memberPhase(
  member: Pick<TeamMember, 'start_date' | 'end_date'>,
  today: string,
): 'future' | 'current' | 'past' {
  if (member.end_date !== null && member.end_date < today) return 'past';
  return member.start_date > today ? 'future' : 'current';
}

/**
 * A member counts (in team_size, the allocation and the full-time people) from their start date to
 * the end of their end date: one who has not started yet or has left does not.
 */
export function isCurrentMember(
  member: Pick<TeamMember, 'start_date' | 'end_date'>,
  today: string,
): boolean {
  return memberPhase(member, today) === 'current';
}

/** The team's total allocation in percent (100 is one full-time person). */
export function totalAllocation(members: readonly Pick<TeamMember, 'allocation'>[]): number {
  return members.reduce((sum, member) => sum + member.allocation, 0);
}
