import { now as clockNow } from '../../lib/clock';
import { nextId } from '../../lib/ids';
import { CHECKLIST_TEMPLATES } from './seed';
import type { MockState } from '../../store/state';
import type { StoredChecklist } from './state';

const DAY = 86_400_000;
/** A checklist issued now is due this many days after it starts. */
export const ISSUED_DUE_DAYS = 30;

/** The project's checklists of the template that stand: neither canceled nor declined. */
export const heldChecklists = (state: MockState, projectId: number, template: string) =>
  state.checklists.filter(
    (row) =>
      row.project_id === projectId &&
      row.template_name === template &&
      row.state !== 'canceled' &&
      row.state !== 'declined',
  );

/**
 * Issues a checklist of `template` to `assigneeId` on the project, as the seed's are issued: state
 * available, no answer yet, every item of the template. It is due ISSUED_DUE_DAYS after it
 * starts: the first day of `startMonth` (`YYYY-MM`) or today, whichever is later. Call it inside
 * `mutate`; answers the stored checklist.
 */
export function issueChecklist(
  draft: MockState,
  {
    projectId,
    template,
    assigneeId,
    startMonth,
    by,
    now = clockNow(),
  }: {
    projectId: number;
    template: string;
    assigneeId: number;
    startMonth: string | null;
    /** Who issued it: the last writer. */
    by: number;
    now?: Date;
  },
): StoredChecklist {
  const items = CHECKLIST_TEMPLATES.find((candidate) => candidate.name === template)?.items;
  if (!items) throw new Error(`No checklist template named ${template}`);
  const starts = startMonth ? Date.parse(`${startMonth}-01T00:00:00Z`) : Number.NaN;
  const from = Number.isNaN(starts) ? now.getTime() : Math.max(starts, now.getTime());
  let itemId = nextId(draft.checklists.flatMap((row) => row.items));
  const checklist: StoredChecklist = {
    id: nextId(draft.checklists),
    project_id: projectId,
    template_name: template,
    due_date: new Date(from + ISSUED_DUE_DAYS * DAY).toISOString().slice(0, 10),
    state: 'available',
    assignee_id: assigneeId,
    decline_reason: '',
    updated_at: now.toISOString(),
    updated_by_id: by,
    items: items.map(([text, hint]) => ({
      id: itemId++,
      text,
      ...(hint ? { hint } : {}),
      answer: null,
      comment: '',
      attachments: [],
    })),
  };
  draft.checklists.push(checklist);
  return checklist;
}
