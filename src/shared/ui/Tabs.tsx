import * as RadixTabs from '@radix-ui/react-tabs';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useMeasure } from '../lib/useMeasure';
import styles from './Tabs.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A count or a mark shown after the label, read with it: '(3)'. */
  badge?: string | undefined;
}

/**
 * Tabs on Radix Tabs, controlled by the caller (so a tab can live in the URL, `?tab=`): one tab
 * stop for the list, arrow keys, Home and End move between the tabs, the selected tab's panel
 * (`children`) follows. With `manual`, arrows only move the focus and Enter, Space or a click
 * asks to select (for a switch that asks first); otherwise the focused tab is selected at once.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  manual = false,
  vertical = false,
  children,
}: {
  /** Names the tab list for assistive technology: 'Risk sections'. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  manual?: boolean;
  /**
   * Many tabs (a card's twenty sections): a column beside the panel from 900 px, arrows up and
   * down; below that a row that scrolls sideways.
   */
  vertical?: boolean;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // A row that scrolls sideways (narrow screens) brings the selected tab into sight, also when the
  // page opens on a late tab; the page itself does not move.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const active = list.querySelector<HTMLElement>('[data-state="active"]');
    if (!active) return;
    const bounds = list.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    if (tab.left < bounds.left) list.scrollLeft -= bounds.left - tab.left;
    else if (tab.right > bounds.right) list.scrollLeft += tab.right - bounds.right;
  }, [selected]);
  const [more, observeEdges] = useMeasure(scrollEdges, NO_EDGES, {
    scroll: true,
    changes: tabs.length,
  });
  // One ref for the row's measure and the scroll into sight above, stable across renders.
  const setList = useCallback(
    (list: HTMLDivElement | null) => {
      listRef.current = list;
      const stop = observeEdges(list);
      return () => {
        stop?.();
        listRef.current = null;
      };
    },
    [observeEdges],
  );

  return (
    <RadixTabs.Root
      value={selected}
      onValueChange={(value) => onSelect(value as Id)}
      activationMode={manual ? 'manual' : 'automatic'}
      orientation={vertical ? 'vertical' : 'horizontal'}
      className={vertical ? `${styles.root} ${styles.vertical}` : styles.root}
    >
      <RadixTabs.List
        ref={setList}
        aria-label={label}
        className={styles.list}
        // A row that scrolls sideways fades out at the edge where more tabs wait.
        data-more-before={more.before ? '' : undefined}
        data-more-after={more.after ? '' : undefined}
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.id}
            value={tab.id}
            className={styles.tab}
            // Only the selected tab's panel is in the page: the others point nowhere.
            {...(tab.id === selected ? {} : { 'aria-controls': undefined })}
          >
            {tab.label}
            {tab.badge && <span className={styles.badge}> {tab.badge}</span>}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={selected} className={styles.panel}>
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}

const NO_EDGES = { before: false, after: false };

/** Whether a row that scrolls sideways hides tabs before or after what it shows. */
function scrollEdges(list: HTMLElement) {
  const scrolls = list.scrollWidth > list.clientWidth + 1;
  return {
    before: scrolls && list.scrollLeft > 1,
    after: scrolls && list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
  };
}
