import { parseISO } from 'date-fns';
import { entityLabel, LEVEL_LABELS, personLabel } from './display';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESOLUTION_LABELS,
  RISK_STATUS_LABELS,
  VISIBILITY_TAG_LABELS,
  type RiskListItem,
} from './risks';
import { SHEET_DATE_FORMAT, type SheetColumn, type SheetRow } from './sheet';

/**
 * The Excel file of the risk register (spec §8), one layout for both ways it is made: built in the
 * browser up to EXPORT_DOWNLOAD_LIMIT rows, e-mailed by the server above it (the mock builds the
 * same sheet). No DOM, no exceljs here: the columns and each row's cells.
 */

/** The columns: what the list shows, plus what a register keeps beside it. */
export const RISK_SHEET_COLUMNS = [
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
] as const satisfies readonly SheetColumn[];

export const RISK_SHEET_NAME = 'Risks and issues';
/** The date columns, shown as spec §5 dates. */
export const RISK_SHEET_DATE_KEYS = ['due', 'created', 'updated'] as const;
export const RISK_SHEET_DATE_FORMAT = SHEET_DATE_FORMAT;

export type RiskSheetRow = SheetRow<typeof RISK_SHEET_COLUMNS, string | number | Date | null>;

/** One risk's cells, in the words of the product. */
export function riskSheetRow(risk: RiskListItem): RiskSheetRow {
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
