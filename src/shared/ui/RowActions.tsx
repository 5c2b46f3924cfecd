import type { ReactNode } from 'react';
import { RowButtons } from './Layout';
import { Menu, type MenuEntry } from './Menu';

/**
 * The actions of one row of a table, at its end: the buttons it shows (`children`) and an
 * 'Actions' menu (Radix DropdownMenu) with the rest. The menu button is named for its row to
 * screen readers ('Actions for “Figma”'), as a list of rows has many such buttons.
 */
export function RowActions({
  of,
  items = [],
  children,
}: {
  /** The row, as the button's name ends: '“Figma”', 'SOW-2026-001-02'. */
  of: string;
  items?: readonly MenuEntry[];
  children?: ReactNode;
}) {
  return (
    <RowButtons>
      {children}
      {items.length > 0 && (
        <Menu
          label={
            <>
              Actions <span className="visually-hidden">for {of}</span>
            </>
          }
          items={items}
        />
      )}
    </RowButtons>
  );
}
