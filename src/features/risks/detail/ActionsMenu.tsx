import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Risk, RiskAction } from '../../../api/contract/risks';
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

/** The header's 'Actions' menu button (WAI-ARIA menu button pattern). */
export function ActionsMenu({
  actions,
  onChoose,
}: {
  actions: RiskAction[];
  onChoose: (action: RiskAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(actions.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="risk-actions-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Actions"
          tabIndex={-1}
          className="menu risk-menu"
          onKeyDown={onMenuKey}
        >
          {actions.map((action, index) => (
            <button
              key={action}
              ref={(node) => {
                itemRefs.current[index] = node;
              }}
              type="button"
              role="menuitem"
              className="menu-item"
              tabIndex={index === focusIndex ? 0 : -1}
              onClick={() => {
                setOpen(false);
                onChoose(action);
              }}
            >
              {RISK_ACTION_LABELS[action]}…
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
