import {
  ArrowUpFromLine,
  Building2,
  ChevronsUp,
  FolderKanban,
  Megaphone,
  UserRoundPlus,
  VolumeX,
  type LucideIcon,
} from 'lucide-react';
import type { Risk, RiskAction } from '../../../api/contract/risks';
import { Menu } from '../../../shared/ui/Menu';
import { RISK_ACTION_LABELS } from '../labels';
import { can } from './riskAccess';

/**
 * The spec §4 other actions this user may take on this open risk, each behind its flag:
 * propagate, delegate, escalate, raise or lower awareness, share the visibility with the account
 * or the project (not the level it already lives at, nor one it is already shared with).
 */
export function availableActions(risk: Risk): RiskAction[] {
  if (risk.status !== 'open') return [];
  const actions: RiskAction[] = [];
  if (can(risk, 'propagate')) actions.push('propagate');
  if (can(risk, 'delegate')) actions.push('delegate');
  if (can(risk, 'escalate')) actions.push('escalate');
  if (can(risk, 'awareness'))
    actions.push(risk.awareness_raised ? 'lower_awareness' : 'raise_awareness');
  if (can(risk, 'share')) {
    if (risk.level !== 'account' && !risk.shared_with.includes('account'))
      actions.push('share_with_account');
    if (risk.level !== 'project' && !risk.shared_with.includes('project'))
      actions.push('share_with_project');
  }
  return actions;
}

/** The icon beside each action, to scan the menu. */
const ACTION_ICONS: Record<RiskAction, LucideIcon> = {
  propagate: ArrowUpFromLine,
  delegate: UserRoundPlus,
  escalate: ChevronsUp,
  raise_awareness: Megaphone,
  lower_awareness: VolumeX,
  share_with_account: Building2,
  share_with_project: FolderKanban,
};

/**
 * The risk's workflow menu: propagate, delegate, escalate, awareness, share. Named 'Escalate &
 * share' so that 'Actions' means one thing only, the header's pending action requests (spec §2).
 */
export function ActionsMenu({
  actions,
  onChoose,
}: {
  actions: RiskAction[];
  onChoose: (action: RiskAction) => void;
}) {
  return (
    <Menu
      label="Escalate & share"
      menuLabel="Escalate and share"
      items={actions.map((action) => ({
        key: action,
        label: `${RISK_ACTION_LABELS[action]}…`,
        icon: ACTION_ICONS[action],
        onSelect: () => onChoose(action),
      }))}
    />
  );
}
