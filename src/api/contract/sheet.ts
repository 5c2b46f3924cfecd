/**
 * A column of an Excel sheet the product exports (the risk register, the ISO 9001 readiness, the
 * tools register), as exceljs takes it: its heading, the key its rows' cells are under, its width
 * in characters. No exceljs here: the browser and the mock both lay their sheets out with it.
 */
export interface SheetColumn<Key extends string = string> {
  header: string;
  key: Key;
  width: number;
}

/** A row of cells under the keys of `Columns`. */
export type SheetRow<Columns extends readonly SheetColumn[], Cell> = Record<
  Columns[number]['key'],
  Cell
>;

/** How a date column shows its dates (spec §5). */
export const SHEET_DATE_FORMAT = 'mm/dd/yyyy';

/** What `layOutColumns` needs of an exceljs worksheet (or its streaming writer). */
interface Sheet {
  columns: unknown;
  getRow(index: number): { font: unknown };
  autoFilter?: unknown;
}

/** The sheet's columns, under a bold heading row with a filter over every column. */
export function layOutColumns(sheet: Sheet, columns: readonly SheetColumn[]): void {
  sheet.columns = columns.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}
