import { parseISO } from 'date-fns';
import { cellText, type ReportDefinition, type ReportRow } from '../../api/contract/reports';
import { loadExcel, workbookBlob } from '../../shared/lib/excel';

/**
 * The .xlsx of a report's rows, in their order, built in the browser: one sheet named after the
 * report, its columns' titles in bold on a frozen first row, codes as their labels, dates as
 * Excel dates (MM/DD/YYYY) and numbers as numbers. exceljs is loaded here, on the first export.
 */
export async function buildReportWorkbook(
  report: ReportDefinition,
  rows: readonly ReportRow[],
): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  // Excel refuses sheet names longer than 31 characters.
  const sheet = workbook.addWorksheet(report.title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = report.columns.map((column) => ({
    header: column.title,
    key: column.key,
    width:
      column.type === 'date' || column.type === 'number'
        ? 12
        : column.key === 'statement'
          ? 60
          : 24,
  }));
  sheet.addRows(
    rows.map((row) =>
      Object.fromEntries(report.columns.map((column) => [column.key, sheetValue(column, row)])),
    ),
  );
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: report.columns.length },
  };
  for (const column of report.columns)
    if (column.type === 'date') sheet.getColumn(column.key).numFmt = 'mm/dd/yyyy';
  return workbookBlob(workbook);
}

function sheetValue(
  column: ReportDefinition['columns'][number],
  row: ReportRow,
): string | number | Date | null {
  const value = row[column.key] ?? null;
  if (value === null) return null;
  if (column.type === 'number') return Number(value);
  if (column.type === 'date') return calendarDate(String(value));
  return cellText(column, value);
}

/** A YYYY-MM-DD day as Excel keeps a date: midnight UTC. */
function calendarDate(iso: string): Date {
  const local = parseISO(iso);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}
