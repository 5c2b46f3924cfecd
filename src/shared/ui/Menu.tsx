import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Menu.module.css';

interface MenuEntryBase {
  /** Stays unique within the menu; the label when not given. */
  key?: string;
  label: string;
  icon?: LucideIcon;
  disabled?: boolean;
}

/** A menu entry that does something, or one that goes somewhere (a router link). */
export type MenuEntry =
  (MenuEntryBase & { onSelect: () => void; danger?: boolean }) | (MenuEntryBase & { to: string });

/**
 * A menu button on Radix DropdownMenu (WAI-ARIA menu button pattern): a click, Enter, Space or
 * ArrowDown opens it on its first item, arrows and Home/End move, typing a letter jumps, Enter
 * chooses, Escape closes back to the button, a click outside closes.
 */
export function Menu({
  label,
  items,
  variant = 'button',
  align = 'end',
  menuLabel,
}: {
  /** The button's content: 'Actions', the user's name. */
  label: ReactNode;
  items: readonly MenuEntry[];
  /** 'quiet' is a borderless button, for a header. */
  variant?: 'button' | 'quiet';
  align?: 'start' | 'end';
  /** Names the menu; by default it takes its button's name. */
  menuLabel?: string;
}) {
  return (
    // Not modal: the page stays usable and readable behind an open menu, as with a native select.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={variant === 'quiet' ? styles.quiet : styles.trigger}>
        {label}
        <ChevronDown size={16} aria-hidden="true" className={styles.caret} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align={align}
          sideOffset={4}
          collisionPadding={8}
          {...(menuLabel ? { 'aria-label': menuLabel } : {})}
          onFocus={(event) => {
            // Radix focuses the menu itself after a click: the menu button pattern wants the
            // first item, as after a key.
            if (event.target !== event.currentTarget) return;
            event.currentTarget
              .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
              ?.focus();
          }}
        >
          {items.map((entry) => (
            <MenuItem key={entry.key ?? entry.label} entry={entry} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuItem({ entry }: { entry: MenuEntry }) {
  const Icon = entry.icon;
  const content = (
    <>
      {Icon && <Icon size={16} aria-hidden="true" className={styles.icon} />}
      {entry.label}
    </>
  );
  if ('to' in entry)
    return (
      <DropdownMenu.Item asChild disabled={entry.disabled ?? false} className={styles.item}>
        <Link to={entry.to}>{content}</Link>
      </DropdownMenu.Item>
    );
  return (
    <DropdownMenu.Item
      disabled={entry.disabled ?? false}
      className={entry.danger ? `${styles.item} ${styles.danger}` : styles.item}
      onSelect={entry.onSelect}
    >
      {content}
    </DropdownMenu.Item>
  );
}
