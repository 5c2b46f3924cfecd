import type { PersonRef } from '../../api/contract/actionRequests';
import {
  fridayOf,
  type ExpertConflict,
  type PlannerColumn,
  type PlannerProject,
} from '../../api/contract/planner';
import {
  EXPERT_KIND_LABELS,
  POLL_MODEL_LABELS,
  POLL_TYPE_LABELS,
} from '../../api/contract/pollLabels';
import { loadExcel, workbookBlob } from '../../shared/lib/excel';
import { nameOf, type PlanIndex } from './plannerGrid';

const PLAN_COLUMNS = [
  { header: 'Period', key: 'period', width: 14 },
  { header: 'Project', key: 'project', width: 40 },
  { header: 'Code', key: 'code', width: 12 },
  { header: 'Account', key: 'account', width: 30 },
  { header: 'Project manager', key: 'manager', width: 26 },
  { header: 'Type', key: 'type', width: 18 },
  { header: 'Model', key: 'model', width: 14 },
  { header: 'Week (Monday)', key: 'week', width: 14 },
  { header: 'Due date', key: 'due', width: 12 },
  { header: 'Main expert', key: 'main', width: 26 },
  { header: 'Experts', key: 'experts', width: 40 },
  { header: 'Expert conflict', key: 'conflict', width: 14 },
  { header: 'State', key: 'state', width: 14 },
  { header: 'Note', key: 'note', width: 50 },
] as const;

const DUE_COLUMNS = [
  { header: 'Project', key: 'project', width: 40 },
  { header: 'Code', key: 'code', width: 12 },
  { header: 'Account', key: 'account', width: 30 },
  { header: 'Model', key: 'model', width: 14 },
  { header: 'Last check', key: 'last', width: 14 },
  { header: 'Due since', key: 'since', width: 14 },
] as const;

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

export interface PlanExport {
  projects: readonly PlannerProject[];
  periods: readonly PlannerColumn[];
  plan: PlanIndex;
  people: ReadonlyMap<number, PersonRef>;
  accounts: ReadonlyMap<number, string>;
  conflicts: ReadonlyMap<number, ExpertConflict[]>;
  /** The period whose unplanned due projects the second sheet lists. */
  period: PlannerColumn | undefined;
}

/**
 * The plan of the projects the filters show as an .xlsx built in the browser: one row per
 * planned check (period by period, projects in the grid's order), and a second sheet with the
 * due projects not planned in the working period.
 */
export async function buildPlanWorkbook(data: PlanExport): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Project Excellence Platform';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Plan', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PLAN_COLUMNS.map((column) => ({ ...column }));
  for (const period of data.periods)
    for (const project of data.projects) {
      const check = data.plan.get(project.id)?.get(period.id);
      if (!check) continue;
      const main = check.experts.find((expert) => expert.kind === 'main_expert');
      sheet.addRow({
        period: period.name,
        project: project.name,
        code: project.code,
        account: data.accounts.get(project.account_id) ?? '',
        manager: project.manager_id === null ? '' : nameOf(data.people, project.manager_id),
        type: POLL_TYPE_LABELS[check.type],
        model: POLL_MODEL_LABELS[check.model],
        week: day(check.planned_week),
        due: day(fridayOf(check.planned_week)),
        main: main ? nameOf(data.people, main.user_id) : '',
        experts: check.experts
          .map(
            (expert) =>
              `${nameOf(data.people, expert.user_id)} (${EXPERT_KIND_LABELS[expert.kind]})`,
          )
          .join('; '),
        conflict: data.conflicts.has(check.id) ? 'Yes' : '',
        state: check.poll_id === null ? 'Planned' : `Check ${check.poll_id}`,
        note: check.note,
      });
    }
  finish(sheet, PLAN_COLUMNS.length, ['week', 'due']);

  if (data.period) {
    const period = data.period;
    const due = workbook.addWorksheet(`Due, not in ${period.name}`.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    due.columns = DUE_COLUMNS.map((column) => ({ ...column }));
    for (const project of data.projects)
      if (project.due && !data.plan.get(project.id)?.has(period.id))
        due.addRow({
          project: project.name,
          code: project.code,
          account: data.accounts.get(project.account_id) ?? '',
          model: POLL_MODEL_LABELS[project.model],
          last: project.last_check ? day(project.last_check.finished_at) : 'Never',
          since: project.due_since ? day(project.due_since) : '',
        });
    finish(due, DUE_COLUMNS.length, ['last', 'since']);
  }
  return workbookBlob(workbook);
}

type Sheet = ReturnType<
  InstanceType<Awaited<ReturnType<typeof loadExcel>>['Workbook']>['addWorksheet']
>;

/** Bold headers, a filter on every column, dates as dates. */
function finish(sheet: Sheet, columns: number, dates: string[]) {
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns } };
  for (const key of dates) sheet.getColumn(key).numFmt = 'mm/dd/yyyy';
}
