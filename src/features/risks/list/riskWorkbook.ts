import { parseISO } from 'date-fns';
import { loadExcel, workbookBlob } from '../../../shared/lib/excel';
import type { RiskListItem } from '../../../api/contract/risks';
import { entityLabel, LEVEL_LABELS, personLabel } from '../../../api/contract/display';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESOLUTION_LABELS,
  RISK_STATUS_LABELS,
  VISIBILITY_TAG_LABELS,
} from '../labels';

/** The columns of the Excel file: what the list shows, plus what a register keeps beside it. */
const SHEET_COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Kind', key: 'kind', width: 22 },
  { header: 'Statement', key: 'statement', width: 60 },
  { header: 'Level', key: 'level', width: 22 },
  { header: 'Scope', key: 'scope', width: 28 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Resolution', key: 'resolution', width: 24 },
  { header: 'Probability', key: 'probability', width: 12 },
  { header: 'Impact', key: 'impact', width: 12 },
  { header: 'Rating', key: 'rating', width: 12 },
  { header: 'Priority', key: 'priority', width: 12 },
  { header: 'Severity', key: 'severity', width: 12 },
  { header: 'Owner', key: 'owner', width: 30 },
  { header: 'Due', key: 'due', width: 12 },
  { header: 'Labels', key: 'labels', width: 30 },
  { header: 'Visibility tags', key: 'tags', width: 30 },
  { header: 'Created', key: 'created', width: 12 },
  { header: 'Updated', key: 'updated', width: 12 },
] as const;

type SheetRow = Record<(typeof SHEET_COLUMNS)[number]['key'], string | number | Date | null>;

/**
 * The .xlsx of these risks, in this order, built in the browser. exceljs is loaded here and only
 * here, the first time a user exports: it never weighs on the list page itself.
 */
export async function buildRiskWorkbook(risks: readonly RiskListItem[]): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Risks and issues', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = SHEET_COLUMNS.map((column) => ({ ...column }));
  sheet.addRows(risks.map(toSheetRow));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SHEET_COLUMNS.length } };
  for (const key of ['due', 'created', 'updated']) sheet.getColumn(key).numFmt = 'mm/dd/yyyy';
  sheet.getColumn('statement').alignment = { wrapText: true, vertical: 'top' };
  return workbookBlob(workbook);
}

function toSheetRow(risk: RiskListItem): SheetRow {
  return {
    id: risk.id,
    kind: entityLabel(risk.level, risk.kind),
    statement: risk.statement,
    level: LEVEL_LABELS[risk.level],
    scope: risk.scope.name,
    status: RISK_STATUS_LABELS[risk.status],
    resolution: risk.resolution ? RESOLUTION_LABELS[risk.resolution] : null,
    probability: risk.probability ? RATING_LABELS[risk.probability] : null,
    impact: risk.impact ? RATING_LABELS[risk.impact] : null,
    rating: risk.rating ? RATING_LABELS[risk.rating] : null,
    priority: risk.priority ? ISSUE_GRADE_LABELS[risk.priority] : null,
    severity: risk.severity ? ISSUE_GRADE_LABELS[risk.severity] : null,
    owner: personLabel(risk.owner),
    due: risk.due_date ? calendarDate(risk.due_date) : null,
    labels: risk.labels.join(', '),
    tags: risk.visibility_tags.map((tag) => VISIBILITY_TAG_LABELS[tag]).join(', '),
    created: calendarDate(risk.created_at),
    updated: calendarDate(risk.updated_at),
  };
}

/** The user's calendar day of an ISO date or timestamp, as Excel keeps a date (midnight UTC). */
function calendarDate(iso: string): Date {
  const local = parseISO(iso);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}
