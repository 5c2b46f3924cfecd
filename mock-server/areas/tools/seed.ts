import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { LicenceType, ToolCategory } from '../../../src/api/contract/tools';
import type { StoredTool, ToolsState } from './model';
import { seeded, type SeedPart } from '../../lib/seed';

const CANONICAL = 12;
const USER = { admin: 1, pm: 2, qcl: 5 } as const;
const CREATED = '2026-09-14T09:00:00.000Z';

type SeedTool = [
  name: string,
  category: ToolCategory,
  version: string,
  licence: LicenceType,
  /** An ISO date, or a number of days from the day the seed is built, or null. */
  expiry: string | number | null,
  owner: number,
  approved: boolean,
  notes: string,
];

/**
 * Each canonical project's register: one licence of each state (valid, expiring within 30 days,
 * expired, none) and two tools waiting for approval, so the demo and the e2e tests see each. The
 * expiring ones are counted from the day the seed is built, so they stay within 30 days.
 */
const REGISTER: readonly SeedTool[] = [
  ['Jira Software', 'project_management', '10.3', 'subscription', '2027-06-30', USER.pm, true, ''],
  ['GitLab', 'ci_cd', '17.5', 'commercial', 12, USER.admin, true, 'Premium tier, 40 seats.'],
  ['SonarQube', 'testing', '10.7', 'commercial', '2026-10-31', USER.qcl, true, 'Renewal asked.'],
  ['Playwright', 'testing', '1.49', 'open_source', null, USER.qcl, true, ''],
  ['PostgreSQL', 'data', '16', 'open_source', null, USER.pm, true, ''],
  ['Figma', 'design', '', 'subscription', 25, USER.pm, true, ''],
  [
    'GitHub Copilot',
    'ai',
    '',
    'subscription',
    '2027-03-31',
    USER.admin,
    false,
    'Pending Gen AI approval.',
  ],
  ['Grafana', 'monitoring', '11.3', 'open_source', null, USER.admin, true, ''],
  [
    'Slack',
    'collaboration',
    '',
    'client_provided',
    '2026-09-30',
    USER.pm,
    true,
    'The client’s workspace.',
  ],
  ['Burp Suite', 'security', '2024.10', 'commercial', 50, USER.qcl, false, ''],
];

const addDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The Tools register of each canonical project. */
export function buildTools(projects: readonly ProjectListItem[]): ToolsState {
  const tools: StoredTool[] = [];
  for (const project of projects) {
    if (project.id > CANONICAL) continue;
    for (const [name, category, version, licence, expiry, owner, approved, notes] of REGISTER)
      tools.push({
        id: tools.length + 1,
        project_id: project.id,
        name,
        category,
        version,
        licence_type: licence,
        licence_expiry: typeof expiry === 'number' ? addDays(expiry) : expiry,
        owner_id: owner,
        approved,
        notes,
        created_at: CREATED,
        updated_at: CREATED,
      });
  }
  return { tools };
}

export const toolsSeed: SeedPart = {
  name: 'tools',
  after: ['directory'],
  build: (_context, built) => buildTools(seeded(built, 'projects').projects),
};
