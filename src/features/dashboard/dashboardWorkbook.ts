import { parseISO } from 'date-fns';
import { SCORE_LEVEL_LABELS, type DashboardAccountRow } from '../../api/contract/dashboard';
import { personLabel } from '../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { loadExcel, workbookBlob } from '../../shared/lib/excel';
import { trendText } from './scores';

/** The columns of the Excel file: what the table shows, each score split into its parts. */
const SHEET_COLUMNS = [
  { header: 'Account', key: 'account', width: 32 },
  { header: 'Business line', key: 'line', width: 24 },
  { header: 'Business segment', key: 'segment', width: 24 },
  { header: 'Delivery owner', key: 'owner', width: 28 },
  { header: 'Riskiness', key: 'riskinessLevel', width: 11 },
  { header: 'Riskiness score', key: 'riskiness', width: 10 },
  { header: 'Riskiness trend', key: 'riskinessTrend', width: 34 },
  { header: 'Issueness', key: 'issuenessLevel', width: 11 },
  { header: 'Issueness score', key: 'issueness', width: 10 },
  { header: 'Issueness trend', key: 'issuenessTrend', width: 34 },
  { header: 'Open high risks', key: 'highRisks', width: 10 },
  { header: 'Overdue action items', key: 'overdue', width: 10 },
  { header: 'Last check', key: 'lastCheck', width: 30 },
  { header: 'Last check due', key: 'lastCheckDue', width: 12 },
  { header: 'Actual riskiness', key: 'actual', width: 12 },
  { header: 'Actual riskiness reason', key: 'actualReason', width: 50 },
  { header: 'Disagrees', key: 'disagrees', width: 10 },
] as const;

type SheetRow = Record<(typeof SHEET_COLUMNS)[number]['key'], string | number | Date | null>;

/**
 * The .xlsx of these accounts, in this order, built in the browser; exceljs is loaded here, the
 * first time a user exports.
 */
export async function buildDashboardWorkbook(rows: readonly DashboardAccountRow[]): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Dashboard', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SHEET_COLUMNS.map((column) => ({ ...column }));
  sheet.addRows(rows.map(toSheetRow));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SHEET_COLUMNS.length } };
  sheet.getColumn('lastCheckDue').numFmt = 'mm/dd/yyyy';
  return workbookBlob(workbook);
}

export function toSheetRow(row: DashboardAccountRow): SheetRow {
  const check = row.last_check;
  return {
    account: row.name,
    line: row.business_line.name,
    segment: row.business_segment.name,
    owner: row.delivery_owner ? personLabel(row.delivery_owner) : null,
    riskinessLevel: SCORE_LEVEL_LABELS[row.riskiness.level],
    riskiness: row.riskiness.score,
    riskinessTrend: trendText(row.riskiness),
    issuenessLevel: SCORE_LEVEL_LABELS[row.issueness.level],
    issueness: row.issueness.score,
    issuenessTrend: trendText(row.issueness),
    highRisks: row.open_high_risks,
    overdue: row.overdue_action_items,
    lastCheck: check
      ? `${POLL_TYPE_LABELS[check.type]} ${check.index} · ${check.project.name}`
      : null,
    lastCheckDue: check ? calendarDate(check.due_date) : null,
    actual: row.actual_riskiness ? SCORE_LEVEL_LABELS[row.actual_riskiness.level] : null,
    actualReason: row.actual_riskiness?.reason ?? null,
    disagrees: row.disagrees ? 'Yes' : 'No',
  };
}

/** A calendar day as Excel keeps a date (midnight UTC). */
function calendarDate(iso: string): Date {
  const local = parseISO(iso);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}
