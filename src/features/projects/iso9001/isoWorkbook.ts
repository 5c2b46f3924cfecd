import { parseISO } from 'date-fns';
import { personLabel } from '../../../api/contract/display';
import {
  ISO_CLAUSES,
  ISO_STATE_LABELS,
  isoReadiness,
  type IsoAssessment,
} from '../../../api/contract/iso9001';
import {
  layOutColumns,
  SHEET_DATE_FORMAT,
  type SheetColumn,
  type SheetRow,
} from '../../../api/contract/sheet';
import { loadExcel, workbookBlob } from '../../../shared/lib/excel';

/** The columns of the readiness sheet an auditor reads. */
export const ISO_SHEET_COLUMNS = [
  { header: 'Clause', key: 'clause', width: 30 },
  { header: 'Requirement', key: 'requirement', width: 48 },
  { header: 'State', key: 'state', width: 18 },
  { header: 'Evidence', key: 'evidence', width: 60 },
  { header: 'Responsible', key: 'responsible', width: 28 },
  { header: 'Review date', key: 'review', width: 14 },
  { header: 'Note', key: 'note', width: 48 },
] as const satisfies readonly SheetColumn[];

/** The columns of the summary sheet, one row per clause and a total. */
export const ISO_SUMMARY_COLUMNS = [
  { header: 'Clause', key: 'clause', width: 30 },
  ...(['compliant', 'partly', 'not_compliant', 'not_applicable', 'not_assessed'] as const).map(
    (state) => ({ header: ISO_STATE_LABELS[state], key: state, width: 14 }),
  ),
  { header: '% compliant of applicable', key: 'percent', width: 14 },
  { header: 'Overdue reviews', key: 'overdue', width: 12 },
] as const satisfies readonly SheetColumn[];

type IsoSheetRow = SheetRow<typeof ISO_SHEET_COLUMNS, string | Date | null>;

/**
 * The .xlsx of the project's ISO 9001 readiness, built in the browser: the 'Readiness' sheet (one
 * row per requirement, in the standard's order) and a 'Summary by clause' sheet. exceljs is
 * loaded here, the first time a user exports, and never before.
 */
export async function buildIsoWorkbook(projectName: string, rows: readonly IsoAssessment[]) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  workbook.title = `ISO 9001 readiness of ${projectName}`;
  const byRequirement = new Map(rows.map((row) => [row.requirement, row]));

  const sheet = workbook.addWorksheet('Readiness', { views: [{ state: 'frozen', ySplit: 1 }] });
  layOutColumns(sheet, ISO_SHEET_COLUMNS);
  for (const clause of ISO_CLAUSES)
    for (const requirement of clause.requirements) {
      const row = byRequirement.get(requirement.id);
      if (row)
        sheet.addRow(
          toSheetRow(
            `${clause.number} ${clause.title}`,
            `${requirement.code} ${requirement.title}`,
            row,
          ),
        );
    }
  sheet.getColumn('review').numFmt = SHEET_DATE_FORMAT;
  for (const key of ['requirement', 'evidence', 'note'] as const)
    sheet.getColumn(key).alignment = { wrapText: true, vertical: 'top' };

  const summary = workbook.addWorksheet('Summary by clause');
  summary.columns = ISO_SUMMARY_COLUMNS.map((column) => ({ ...column }));
  const summaryRow = (label: string, clauseRows: IsoAssessment[]) => {
    const readiness = isoReadiness(clauseRows);
    return {
      clause: label,
      ...readiness.counts,
      percent: readiness.percent === null ? '—' : `${readiness.percent}%`,
      overdue: readiness.overdue,
    };
  };
  for (const clause of ISO_CLAUSES)
    summary.addRow(
      summaryRow(
        `${clause.number} ${clause.title}`,
        clause.requirements.flatMap((requirement) => byRequirement.get(requirement.id) ?? []),
      ),
    );
  summary.addRow(summaryRow('All clauses', [...rows]));
  summary.getRow(1).font = { bold: true };
  summary.lastRow!.font = { bold: true };
  return workbookBlob(workbook);
}

function toSheetRow(clause: string, requirement: string, row: IsoAssessment): IsoSheetRow {
  const notes = [
    row.justification && `Not applicable because: ${row.justification}`,
    row.note,
  ].filter(Boolean);
  return {
    clause,
    requirement,
    state: ISO_STATE_LABELS[row.state],
    evidence: [
      ...row.evidence.map((item) => item.label),
      ...row.files.map((file) => `File: ${file.file_name}`),
    ].join('\n'),
    responsible: row.responsible ? personLabel(row.responsible) : '',
    // As Excel keeps a date: the day at midnight UTC.
    review: row.review_date ? parseISO(`${row.review_date}T00:00:00Z`) : null,
    note: notes.join('\n'),
  };
}
