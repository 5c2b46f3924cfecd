import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A count or a mark shown after the label, read with it. */
  badge?: string | undefined;
}

/**
 * WAI-ARIA tabs: one tab stop for the tab list, arrow keys, Home and End move between the tabs,
 * the selected tab's panel follows. With `manual`, arrows only move the focus and Enter or Space
 * selects (for a switch that asks first); otherwise the focused tab is selected at once.
 */
export function Tabs<Id extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  manual = false,
  children,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  manual?: boolean;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => buttons.current.get(tab.id) === event.target);
    if (current < 0) return;
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    buttons.current.get(tab.id)?.focus();
    if (!manual) onSelect(tab.id);
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        className="risk-tabs"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="risk-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                if (!isSelected) onSelect(tab.id);
              }}
            >
              {tab.label}
              {tab.badge && <span className="risk-tab-badge"> {tab.badge}</span>}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        className="risk-tabpanel"
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
