import {
  CAPABILITY_PERMISSIONS,
  FIELD_PERMISSIONS,
  type Risk,
  type RiskListItem,
} from '../../../src/api/contract/risks';
import { findPersonaByUserId, type Persona } from '../../auth/personas';
import { forbidden, notFound, ruleBroken, type MockRequest } from '../../lib/http';
import type { MockState } from '../../store/state';
import type { MockDb } from '../../store/db';
import type { StoredRisk } from './model';

const ALL = 'CAN_PERFORM_ALL_ACTIONS';
const VIEW_FLAGS = [ALL, 'CAN_VIEW_RISK', 'CAN_VIEW_ISSUE', 'CAN_VIEW_RISKS'];

const viewFlagOf = (risk: StoredRisk) =>
  risk.kind === 'risk' ? 'CAN_VIEW_RISK' : 'CAN_VIEW_ISSUE';
export const isReceiver = (persona: Persona, risk: StoredRisk) =>
  risk.transfer?.to.id === persona.userId;

/** Whether the persona holds a risk-viewing flag, so sees every risk. */
export const seesAllRisks = (persona: Persona): boolean =>
  VIEW_FLAGS.some((flag) => persona.permissions.includes(flag));

/** Anyone with a risk-viewing flag sees every risk; anyone else only what was transferred to them. */
export function canSee(persona: Persona, risk: StoredRisk): boolean {
  return seesAllRisks(persona) || isReceiver(persona, risk);
}

/**
 * Whether someone may act on a risk wherever a request would take it (the risk's level, or the
 * level above for an escalation or a propagation), so may receive such a request: company staff
 * who may view risks and issues. The mock keeps no per-person scopes, so the level changes
 * nothing here; a client-side person never qualifies (they see only what is transferred to
 * them). People of the directory without a demo persona are company staff with viewing rights.
 */
export function mayActOn(userId: number): boolean {
  const persona = findPersonaByUserId(userId);
  if (!persona) return true;
  return !persona.clientSide && seesAllRisks(persona);
}

/**
 * What of the directory a client-side person may read: themselves, and the people, projects and
 * accounts of the risks shared or transferred to them. Undefined for company staff (everything).
 */
export function sharedDirectory(
  state: MockState,
  persona: Persona,
): { people: Set<number>; projects: Set<number>; accounts: Set<number> } | undefined {
  if (!persona.clientSide) return undefined;
  const shared = {
    people: new Set([persona.userId]),
    projects: new Set<number>(),
    accounts: new Set<number>(),
  };
  for (const risk of state.risks) {
    if (!canSee(persona, risk)) continue;
    shared.people.add(risk.owner.id);
    if (risk.transfer) shared.people.add(risk.transfer.by.id);
    if (risk.project) shared.projects.add(risk.project.id);
    if (risk.account) shared.accounts.add(risk.account.id);
  }
  return shared;
}

/** Does the persona hold the flag (or every flag)? */
export function holds(persona: Persona, flag: string | null): flag is string {
  return flag !== null && (persona.permissions.includes(ALL) || persona.permissions.includes(flag));
}

/**
 * The spec §6 flags the persona holds for this kind of risk, before the risk's status narrows
 * them: viewing only for the receiver of a transfer.
 */
export function kindPermissions(persona: Persona, risk: StoredRisk): string[] {
  const view = viewFlagOf(risk);
  if (isReceiver(persona, risk)) return [view];
  const flags = [
    ...Object.values(FIELD_PERMISSIONS[risk.kind]),
    ...Object.values(CAPABILITY_PERMISSIONS[risk.kind]),
  ].filter((flag) => holds(persona, flag));
  return [...new Set([...flags, view])].sort();
}

/** `user_permissions` of a risk: the kind's flags, narrowed to viewing and reopen once closed. */
export function riskPermissions(persona: Persona, risk: StoredRisk): string[] {
  const flags = kindPermissions(persona, risk);
  if (risk.status === 'open') return flags;
  const keep = [viewFlagOf(risk), CAPABILITY_PERMISSIONS[risk.kind].reopen];
  return flags.filter((flag) => keep.includes(flag));
}

export function toListItem(risk: StoredRisk): RiskListItem {
  return {
    id: risk.id,
    kind: risk.kind,
    level: risk.level,
    scope: risk.scope,
    project: risk.project,
    account: risk.account,
    statement: risk.statement,
    category: risk.category,
    status: risk.status,
    resolution: risk.resolution,
    probability: risk.probability,
    impact: risk.impact,
    rating: risk.rating,
    priority: risk.priority,
    severity: risk.severity,
    response_strategy: risk.response_strategy,
    owner: risk.owner,
    due_date: risk.due_date,
    labels: risk.labels,
    visibility_tags: risk.visibility_tags,
    duplicates_group: risk.duplicates_group,
    poll_id: risk.poll_id,
    created_at: risk.created_at,
    updated_at: risk.updated_at,
  };
}

/** The risk as this persona sees it. */
export const riskBody = (persona: Persona, risk: StoredRisk): Risk => ({
  ...risk,
  user_permissions: riskPermissions(persona, risk),
});

export interface RiskAccess {
  state: MockState;
  risk: StoredRisk;
  persona: Persona;
}

/** The risk of `rawId` if this persona may see it (an unseen risk is absent). */
function findVisible(
  db: MockDb,
  persona: Persona,
  rawId: string | undefined,
): RiskAccess | undefined {
  const state = db.getState();
  const id = Number(rawId);
  const risk = Number.isInteger(id)
    ? state.risks.find((candidate) => candidate.id === id)
    : undefined;
  return risk && canSee(persona, risk) ? { state, risk, persona } : undefined;
}

/** Whether the persona holds the kind's flag for the capability (status aside). */
function allows(
  { persona, risk }: RiskAccess,
  capability: keyof (typeof CAPABILITY_PERMISSIONS)['risk'],
): boolean {
  const flag = CAPABILITY_PERMISSIONS[risk.kind][capability];
  return !!flag && kindPermissions(persona, risk).includes(flag);
}

/** Why a closed risk refuses what an open one takes (DRF's non_field_errors). */
const closedMessage = (risk: StoredRisk, what: string) => `A closed ${risk.kind} cannot ${what}.`;

/** The risk of `:id` if this persona may see it; DRF's 404 otherwise (an unseen risk is absent). */
export function riskOf(db: MockDb, { params, auth }: Pick<MockRequest, 'params' | 'auth'>) {
  return findVisible(db, auth.persona, params.id) ?? notFound();
}

/** 403 unless the persona holds the kind's flag for the capability (status aside). */
export function requireCapability(
  access: RiskAccess,
  capability: keyof (typeof CAPABILITY_PERMISSIONS)['risk'],
): void {
  if (!allows(access, capability)) forbidden();
}

/** 400 with DRF's non_field_errors unless the risk is open (a closed one only reopens). */
export function requireOpen(risk: StoredRisk, what: string): void {
  if (risk.status !== 'open') ruleBroken(closedMessage(risk, what));
}
