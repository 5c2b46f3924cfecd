/**
 * "My work" on `/welcome` (issue 33): what waits for the signed-in person, grouped, each group with
 * the address of the list page that shows exactly its records (when one exists), and the count that
 * list shows.
 * The server builds the groups from the same rules as the lists, so a count never disagrees with
 * the list it opens.
 *
 *   GET /api/my-work/   → MyWork
 */
import type { PollWaiting } from './polls';

export const MY_WORK_KINDS = [
  'checks_to_answer',
  'checks_to_review',
  'risks_due',
  'action_items',
  'checklists',
  'approvals',
  'action_requests',
] as const;
export type MyWorkKind = (typeof MY_WORK_KINDS)[number];

/** The most items a group holds; its `count` says how many wait in all. */
export const MY_WORK_GROUP_LIMIT = 5;
/**
 * A risk or issue, or an action item, is "due" when its due date is at most this many days away
 * (or past).
 */
export const MY_WORK_DUE_DAYS = 7;

/** The checks list's `waiting` value of each checks group. */
export const MY_WORK_CHECK_WAITING: Record<
  Extract<MyWorkKind, 'checks_to_answer' | 'checks_to_review'>,
  PollWaiting
> = { checks_to_answer: 'answer', checks_to_review: 'review' };

export interface MyWorkItem {
  id: number;
  /**
   * What it is called: a check's project and index, a risk's statement, an action item's title, a
   * checklist's template, an approval's subject.
   */
  title: string;
  /** One line that tells it apart: its project, status or level. */
  detail: string;
  /** YYYY-MM-DD, or null when it has none. */
  due_date: string | null;
  /** Due before today. */
  overdue: boolean;
  /** The in-app address it opens. */
  path: string;
}

export interface MyWorkGroup {
  kind: MyWorkKind;
  /** What the group holds, in words: "Checks to answer", "Project risks and issues you own". */
  label: string;
  /**
   * The in-app address of the list filtered to exactly this group's records: the approvals group
   * opens `/approvals`, the requests waiting on the person across projects (APPROVALS_PATH).
   */
  path: string;
  /**
   * How many records wait: those the list at `path` shows (for the approvals group, also the sum
   * of the "Waiting on me" views of every project's Approvals tab). `items` holds the first
   * MY_WORK_GROUP_LIMIT.
   */
  count: number;
  items: MyWorkItem[];
}

export interface MyWork {
  /** The server's today (YYYY-MM-DD), against which "due" and "overdue" were judged. */
  today: string;
  /**
   * The groups with something waiting, in MY_WORK_KINDS order: risks and action items by level
   * (the register lists one level at a time), approvals in one group across projects, each item
   * naming its project in `detail` and opening the request on that project's Approvals tab
   * (`waitingApprovalPath`).
   * An action items group holds the risks and issues whose action items wait, as the register
   * it opens lists them.
   */
  groups: MyWorkGroup[];
}
