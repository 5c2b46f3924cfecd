import type { ChecklistAnswer, ChecklistState } from '../../../src/api/contract/checklists';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import { CHECKLIST_FILE_SEED_BASE } from './model';
import type { ChecklistsState, StoredChecklist, StoredChecklistItem } from './state';
import { SEED_NOW } from '../risks/seeder';
import { seeded, type SeedPart } from '../../lib/seed';

const USER = { admin: 1, pm: 2, qcl: 5 } as const;
const DAY = 86_400_000;
/** The canonical projects (1–12: pm manages them, qcl is their QC lead). */
const CANONICAL_PROJECTS = 12;
/** admin's volume: enough open checklists that the sidebar shows 99+. */
export const ADMIN_VOLUME = 160;

/** The templates checklists are issued from: each item a statement, some with a hint. */
export const CHECKLIST_TEMPLATES: readonly { name: string; items: [string, string?][] }[] = [
  {
    name: 'Release readiness',
    items: [
      ['Release notes are written and reviewed', 'Shared with the client before the release date.'],
      ['Regression tests pass on the release candidate'],
      ['A rollback plan exists and was rehearsed', 'Rehearsed on staging within the last month.'],
      ['Monitoring and alerts cover the new features'],
      ['The client signed off the acceptance tests'],
    ],
  },
  {
    name: 'Sprint quality gate',
    items: [
      ['Every story done meets the definition of done'],
      ['Code review covers every merged change', 'At least one reviewer outside the author.'],
      ['Unit test coverage did not drop'],
      ['Open defects of severity high are triaged'],
    ],
  },
  {
    name: 'Security baseline',
    items: [
      ['Dependencies are scanned for known vulnerabilities', 'Weekly, with the report attached.'],
      ['Secrets are kept out of the repository'],
      ['Access to production is reviewed quarterly'],
      ['Personal data is classified and its storage documented'],
      ['The incident response contact list is current'],
      ['Backups are restored in a test at least once a quarter'],
    ],
  },
  {
    name: 'Project kick-off',
    items: [
      ['The statement of work is signed'],
      ['Roles and responsibilities are agreed (RACI)', 'The ownership matrix of the project card.'],
      ['The communication plan is shared with the client'],
      ['The risk register holds the initial risks'],
      ['Environments and access are requested'],
    ],
  },
];

type Fill = 'none' | 'some' | 'all';

interface CanonicalSpec {
  project: number;
  template: number;
  state: ChecklistState;
  assignee: number;
  /** Days from the seed's clock (negative: overdue if still open). */
  due: number;
  fill: Fill;
  reason?: string;
  /** A seeded PDF on the first item. */
  file?: boolean;
}

/**
 * Checklists 1–17 are the canonical ones, on the canonical projects: pm has 1–7, qcl 8–12, admin
 * 13–17, each with every state; then admin's volume on the other projects. Ids are the same after
 * every reset. 1 (pm, available) is the one to fill and submit; 13 (admin, available) to decline.
 */
const CANONICAL: readonly CanonicalSpec[] = [
  { project: 1, template: 0, state: 'available', assignee: USER.pm, due: 14, fill: 'none' },
  {
    project: 2,
    template: 1,
    state: 'in_progress',
    assignee: USER.pm,
    due: 7,
    fill: 'some',
    file: true,
  },
  { project: 3, template: 2, state: 'available', assignee: USER.pm, due: -5, fill: 'none' },
  { project: 4, template: 3, state: 'in_progress', assignee: USER.pm, due: 21, fill: 'some' },
  { project: 1, template: 1, state: 'submitted', assignee: USER.pm, due: -10, fill: 'all' },
  {
    project: 2,
    template: 0,
    state: 'declined',
    assignee: USER.pm,
    due: -3,
    fill: 'some',
    reason: 'The release moved to next quarter; this checklist will be issued again then.',
  },
  { project: 5, template: 3, state: 'canceled', assignee: USER.pm, due: 2, fill: 'none' },
  { project: 6, template: 2, state: 'available', assignee: USER.qcl, due: 10, fill: 'none' },
  { project: 7, template: 0, state: 'in_progress', assignee: USER.qcl, due: -2, fill: 'some' },
  { project: 8, template: 1, state: 'submitted', assignee: USER.qcl, due: -20, fill: 'all' },
  {
    project: 9,
    template: 3,
    state: 'declined',
    assignee: USER.qcl,
    due: -1,
    fill: 'none',
    reason: 'Project 9 was kicked off last year; a kick-off checklist does not apply.',
  },
  { project: 10, template: 2, state: 'canceled', assignee: USER.qcl, due: 30, fill: 'none' },
  { project: 11, template: 0, state: 'available', assignee: USER.admin, due: 12, fill: 'none' },
  { project: 12, template: 1, state: 'in_progress', assignee: USER.admin, due: 5, fill: 'some' },
  { project: 1, template: 2, state: 'submitted', assignee: USER.admin, due: -30, fill: 'all' },
  {
    project: 2,
    template: 3,
    state: 'declined',
    assignee: USER.admin,
    due: -8,
    fill: 'none',
    reason: 'Duplicate of the kick-off checklist the account team already filled.',
  },
  { project: 3, template: 0, state: 'canceled', assignee: USER.admin, due: 9, fill: 'none' },
];

/** The volume's states, in turn: mostly waiting on admin, some finished. */
const VOLUME_STATES: readonly ChecklistState[] = [
  'available',
  'in_progress',
  'available',
  'in_progress',
  'available',
  'submitted',
  'available',
  'declined',
  'in_progress',
  'canceled',
];

const ANSWER_TURNS: readonly ChecklistAnswer[] = ['yes', 'yes', 'not_applicable', 'yes', 'no'];

/** The project checklists of the seed (see CANONICAL); no randomness, so no seed of its own. */
export function buildChecklists(
  projects: readonly ProjectListItem[],
  now = SEED_NOW,
): ChecklistsState {
  const checklists: StoredChecklist[] = [];
  let itemId = 0;
  let fileId = CHECKLIST_FILE_SEED_BASE;
  const iso = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  const add = (spec: CanonicalSpec) => {
    const template = CHECKLIST_TEMPLATES[spec.template]!;
    const answered = spec.fill === 'all' ? template.items.length : spec.fill === 'some' ? 2 : 0;
    const items = template.items.map(([text, hint], index): StoredChecklistItem => {
      const answer = index < answered ? ANSWER_TURNS[(index + spec.project) % 5]! : null;
      return {
        id: (itemId += 1),
        text,
        ...(hint ? { hint } : {}),
        answer,
        comment:
          answer === 'no'
            ? 'Not yet: planned for the next sprint, owner named in the risk register.'
            : '',
        attachments:
          spec.file && index === 0
            ? [{ id: (fileId += 1), name: 'evidence.pdf', size: 1_024 }]
            : [],
      };
    });
    const touched = spec.state !== 'available';
    checklists.push({
      id: checklists.length + 1,
      project_id: spec.project,
      template_name: template.name,
      due_date: iso(spec.due),
      state: spec.state,
      assignee_id: spec.assignee,
      decline_reason: spec.reason ?? '',
      updated_at: new Date(now - (touched ? 2 : 20) * DAY).toISOString(),
      updated_by_id: spec.state === 'canceled' ? USER.admin : spec.assignee,
      items,
    });
  };
  CANONICAL.forEach(add);
  const others = projects.filter((project) => project.id > CANONICAL_PROJECTS);
  for (let index = 0; index < ADMIN_VOLUME && others.length > 0; index += 1) {
    const state = VOLUME_STATES[index % VOLUME_STATES.length]!;
    add({
      project: others[index % others.length]!.id,
      template: index % CHECKLIST_TEMPLATES.length,
      state,
      assignee: USER.admin,
      due: (index % 60) - 15,
      fill: state === 'submitted' ? 'all' : state === 'in_progress' ? 'some' : 'none',
      reason: state === 'declined' ? 'Not applicable to this project phase.' : undefined,
    });
  }
  return { checklists };
}

export const checklistsSeed: SeedPart = {
  name: 'checklists',
  after: ['directory'],
  build: (_context, built) => buildChecklists(seeded(built, 'projects').projects),
};
