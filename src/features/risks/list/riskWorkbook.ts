import { loadExcel, workbookBlob } from '../../../shared/lib/excel';
import type { RiskListItem } from '../../../api/contract/risks';
import {
  RISK_SHEET_COLUMNS,
  RISK_SHEET_DATE_FORMAT,
  RISK_SHEET_DATE_KEYS,
  RISK_SHEET_NAME,
  riskSheetRow,
} from '../../../api/contract/riskSheet';
import { layOutColumns } from '../../../api/contract/sheet';

/**
 * The .xlsx of these risks, in this order, built in the browser (the columns are the server's
 * e-mailed export's: contract/riskSheet.ts). exceljs is loaded here and only here, the first time
 * a user exports: it never weighs on the list page itself.
 */
export async function buildRiskWorkbook(risks: readonly RiskListItem[]): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(RISK_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  layOutColumns(sheet, RISK_SHEET_COLUMNS);
  sheet.addRows(risks.map(riskSheetRow));
  for (const key of RISK_SHEET_DATE_KEYS) sheet.getColumn(key).numFmt = RISK_SHEET_DATE_FORMAT;
  sheet.getColumn('statement').alignment = { wrapText: true, vertical: 'top' };
  return workbookBlob(workbook);
}
