import { parseISO } from 'date-fns';
import { personLabel } from '../../../api/contract/display';
import {
  LICENCE_STATE_LABELS,
  LICENCE_TYPE_LABELS,
  TOOL_CATEGORY_LABELS,
  type Tool,
} from '../../../api/contract/tools';
import {
  layOutColumns,
  SHEET_DATE_FORMAT,
  type SheetColumn,
  type SheetRow,
} from '../../../api/contract/sheet';
import { loadExcel, workbookBlob } from '../../../shared/lib/excel';

/** The columns of the Excel file: what the register shows, with the notes. */
export const TOOL_SHEET_COLUMNS = [
  { header: 'Tool', key: 'name', width: 28 },
  { header: 'Category', key: 'category', width: 20 },
  { header: 'Version', key: 'version', width: 12 },
  { header: 'Licence type', key: 'licence', width: 24 },
  { header: 'Licence expiry', key: 'expiry', width: 14 },
  { header: 'Licence state', key: 'state', width: 16 },
  { header: 'Owner', key: 'owner', width: 30 },
  { header: 'Approved', key: 'approved', width: 10 },
  { header: 'Notes', key: 'notes', width: 40 },
] as const satisfies readonly SheetColumn[];

type ToolSheetRow = SheetRow<typeof TOOL_SHEET_COLUMNS, string | Date | null>;

/**
 * The .xlsx of these tools, in this order, built in the browser; exceljs is loaded here, the
 * first time a user exports, and never before.
 */
export async function buildToolsWorkbook(projectName: string, tools: readonly Tool[]) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  workbook.title = `Tools register of ${projectName}`;
  const sheet = workbook.addWorksheet('Tools register', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  layOutColumns(sheet, TOOL_SHEET_COLUMNS);
  sheet.addRows(tools.map(toSheetRow));
  sheet.getColumn('expiry').numFmt = SHEET_DATE_FORMAT;
  sheet.getColumn('notes').alignment = { wrapText: true, vertical: 'top' };
  return workbookBlob(workbook);
}

function toSheetRow(tool: Tool): ToolSheetRow {
  return {
    name: tool.name,
    category: TOOL_CATEGORY_LABELS[tool.category],
    version: tool.version,
    licence: LICENCE_TYPE_LABELS[tool.licence_type],
    // As Excel keeps a date: the day at midnight UTC.
    expiry: tool.licence_expiry ? parseISO(`${tool.licence_expiry}T00:00:00Z`) : null,
    state: LICENCE_STATE_LABELS[tool.licence_state],
    owner: personLabel(tool.owner),
    approved: tool.approved ? 'Yes' : 'No',
    notes: tool.notes,
  };
}
