import type { RiskLevel } from '../../../src/api/contract/risks';
import type { MockState } from '../../store/state';
import type { ScopeContext, StoredRisk } from './model';

/** Where propagation and escalation take a risk; a business segment is the top. */
export const NEXT_LEVEL: Record<RiskLevel, RiskLevel | null> = {
  project: 'account',
  account: 'business_line',
  business_line: 'business_segment',
  business_segment: null,
};

export type ScopeSource = Pick<
  MockState,
  'projects' | 'accounts' | 'businessLines' | 'businessSegments'
>;

/** The entities of a level, by id and name. */
export function entitiesOf(state: ScopeSource, level: RiskLevel): { id: number; name: string }[] {
  if (level === 'project') return state.projects;
  if (level === 'account') return state.accounts;
  if (level === 'business_line') return state.businessLines;
  return state.businessSegments;
}

/** The scope `id` of `level` with its project and account, or null when it does not exist. */
export function scopeContext(
  state: ScopeSource,
  level: RiskLevel,
  id: unknown,
): ScopeContext | null {
  const entity = entitiesOf(state, level).find((candidate) => candidate.id === id);
  if (!entity) return null;
  const scope = { id: entity.id, name: entity.name, level };
  if (level === 'project') {
    const project = state.projects.find((candidate) => candidate.id === entity.id)!;
    return {
      scope,
      project: { id: project.id, name: project.name },
      account: { id: project.account_id, name: project.account_name },
    };
  }
  if (level === 'account')
    return { scope, project: null, account: { id: entity.id, name: entity.name } };
  return { scope, project: null, account: null };
}

/** The scope one level up from where the risk lives: its account, business line or segment. */
export function nextScope(state: ScopeSource, risk: StoredRisk): ScopeContext | null {
  const level = NEXT_LEVEL[risk.level];
  if (!level) return null;
  if (level === 'account') return risk.account && scopeContext(state, level, risk.account.id);
  if (level === 'business_line') {
    const line = state.businessLines.find((candidate) =>
      candidate.account_ids.includes(risk.scope.id),
    );
    return line ? scopeContext(state, level, line.id) : null;
  }
  const line = state.businessLines.find((candidate) => candidate.id === risk.scope.id);
  return line ? scopeContext(state, level, line.segment_id) : null;
}

/** Moves a risk to another scope (an accepted escalation or propagation). */
export function moveTo(risk: StoredRisk, context: ScopeContext): void {
  risk.level = context.scope.level;
  risk.scope = context.scope;
  risk.project = context.project;
  risk.account = context.account;
}
