import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import styles from './Layout.module.css';

/**
 * The layout pieces every screen of records repeats (they grew in the project card first): a
 * column of blocks, a toolbar over a list, a row of buttons, a grid of panels, a plain list, the
 * fields of a dialog, a pair of fields side by side, a checkbox with its label, a fieldset of
 * choices, a detail line under a cell, a warning note and the buttons at the end of a table row.
 * Each is one element with its class; `as` changes the element where the markup needs another
 * (a `section` stack, an `ol` list), `className` adds a screen's own look.
 */
type Tag = 'div' | 'section' | 'p' | 'span' | 'ul' | 'ol' | 'li' | 'label' | 'fieldset' | 'dd';

type PieceProps<T extends Tag> = { as?: T } & ComponentPropsWithoutRef<T>;

function piece<Default extends Tag>(defaultTag: Default, look: string | undefined, name: string) {
  function Piece<T extends Tag = Default>({ as, className, ...rest }: PieceProps<T>) {
    const Element = (as ?? defaultTag) as ElementType;
    return <Element className={[look, className].filter(Boolean).join(' ')} {...rest} />;
  }
  Piece.displayName = name;
  return Piece;
}

/** Blocks one under the other, a gap between them: a tab, a section, a form. */
export const Stack = piece('div', styles.stack, 'Stack');

/** A line over a list: what it holds on the left ('10 tools'), its buttons on the right; wraps. */
export const Toolbar = piece('div', styles.toolbar, 'Toolbar');

/** Buttons side by side, wrapping. */
export const ButtonRow = piece('div', styles.buttonRow, 'ButtonRow');

/** Panels side by side, as many as fit at 16rem each. */
export const PanelGrid = piece('div', styles.panelGrid, 'PanelGrid');

/** A bordered box of its own on the page, its h3 on top: a glance, a part of a tab. */
export const Panel = piece('section', styles.panel, 'Panel');

/** A list without bullets, its items a gap apart. */
export const PlainList = piece('ul', styles.plainList, 'PlainList');

/** An item of a plain list whose parts spread along its line (a name, its badge). */
export const ListRow = piece('li', styles.listRow, 'ListRow');

/** Counts on a line (badges), wrapping. */
export const Counts = piece('ul', styles.counts, 'Counts');

/** Text typed by someone, its lines kept as typed. */
export const TypedText = piece('p', styles.typedText, 'TypedText');

/** A dialog's fields one under the other. */
export const Fields = piece('div', styles.fields, 'Fields');

/** Two (or more) fields side by side, one under the other when narrow. */
export const FieldPair = piece('div', styles.fieldPair, 'FieldPair');

/** A checkbox (or radio) with its label after it. */
export const CheckRow = piece('label', styles.checkRow, 'CheckRow');

/**
 * The pieces' classes, for what cannot be a piece: a line of filters (the class a `FilterBar`
 * takes), a form laid out as a stack, two looks on one element (a warning that is a toolbar).
 */
export const layoutClass = {
  stack: styles.stack,
  toolbar: styles.toolbar,
  buttonRow: styles.buttonRow,
  panelGrid: styles.panelGrid,
  panel: styles.panel,
  plainList: styles.plainList,
  listRow: styles.listRow,
  counts: styles.counts,
  typedText: styles.typedText,
  fields: styles.fields,
  fieldPair: styles.fieldPair,
  checkRow: styles.checkRow,
  choiceGroup: styles.choiceGroup,
  filters: styles.filters,
  detailLine: styles.detailLine,
  warningNote: styles.warningNote,
  rowButtons: styles.rowButtons,
} as const;

/** A smaller, muted line under a cell's main text (a tool's notes, a request's comment). */
export const DetailLine = piece('span', styles.detailLine, 'DetailLine');

/** A warning the screen raises about its records ('2 licences have expired'). */
export const WarningNote = piece('p', styles.warningNote, 'WarningNote');

/** The buttons at the end of a table row, on one line. */
export const RowButtons = piece('div', styles.rowButtons, 'RowButtons');

/**
 * Radios or checkboxes of one question, side by side, under their legend (read with each
 * choice by screen readers).
 */
export function ChoiceGroup({
  legend,
  className,
  children,
}: {
  legend: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className ? `${styles.choiceGroup} ${className}` : styles.choiceGroup}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
