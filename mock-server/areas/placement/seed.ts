import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { DependencyType } from '../../../src/api/contract/placement';
import type { PlacementState, StoredDependency, StoredPlacement, StoredProgramme } from './state';
import { seeded, type SeedPart } from '../../lib/seed';

const CREATED = '2026-09-21T09:00:00.000Z';

/**
 * The programme catalogue: each groups projects of one account (its first member's; a programme
 * without members names its account). Project 1's account (Stanton - Wyman) has two, so that a
 * programme can be changed as well as set or cleared.
 */
const PROGRAMMES: readonly [
  code: string,
  name: string,
  description: string,
  members: number[],
  account?: number,
][] = [
  [
    'PRG-SW-01',
    'Media platform renewal',
    'The panel, its mobile app and the content back office, released together.',
    [1, 19, 47],
  ],
  [
    'PRG-SW-02',
    'Data and analytics',
    'Usage analytics and reporting over the media platform.',
    [109, 201],
  ],
  ['PRG-DJ-01', 'Online booking', 'The booking engine and its partner integrations.', [2, 17, 155]],
  [
    'PRG-GC-01',
    'Claims modernisation',
    'Claims intake, assessment and payment on one platform.',
    [3, 35, 44],
  ],
  [
    'PRG-LW-01',
    '5G rollout',
    'Radio network planning and the rollout of the 5G sites.',
    [5, 15, 51],
  ],
  ['PRG-RI-01', 'Store of the future', 'Point of sale, stock and the store apps.', [7, 69, 75]],
  ['PRG-MB-01', 'Grid analytics', 'Metering data and grid load forecasting.', [12, 34, 55]],
  ['PRG-SI-01', 'Patient portal', 'The patient portal and its appointment booking.', [6, 82]],
  ['PRG-CW-01', 'Network core upgrade', 'The core network’s transmitters and panels.', [8, 24]],
  ['PRG-FS-01', 'Loyalty programme', 'The loyalty scheme across stores and web.', [], 37],
];

/** Sub-projects: [child, parent], each in its parent's account. */
const PARENTS: readonly [number, number][] = [
  [19, 1],
  [47, 1],
  [155, 2],
  [35, 3],
  [15, 5],
  [69, 7],
  [34, 12],
];

/** Related projects: the same account, or the same business line. */
const RELATED: readonly [number, number][] = [
  [1, 109],
  [3, 4],
  [5, 8],
  [7, 9],
];

/** [dependent, depended on, type, due date, note]. */
const DEPENDENCIES: readonly [number, number, DependencyType, string | null, string][] = [
  [
    19,
    1,
    'finish_to_start',
    '2026-12-15',
    'The mobile app goes live once the panel’s API is released.',
  ],
  [1, 47, 'shared_resource', null, 'Shares the QA environment and two testers.'],
  [109, 1, 'data_interface', '2026-11-10', 'Reads the panel’s usage events.'],
  [155, 2, 'deliverable', '2027-01-31', 'Needs the booking engine’s partner API, version 2.'],
  [3, 4, 'data_interface', '2027-02-28', 'Takes the policy data feed of the salad feed project.'],
  [
    5,
    15,
    'finish_to_start',
    '2026-12-31',
    'The circuit design starts once the capacitors are certified.',
  ],
  [12, 34, 'deliverable', '2027-03-15', 'Needs the bus firmware for the meter gateways.'],
];

/**
 * Programmes, parents, related projects and dependencies of the canonical projects and their
 * neighbours, consistent with their accounts: a programme's members and a parent's sub-projects
 * share the account; related and dependent projects share the account or the business line.
 */
export function buildPlacement(projects: readonly ProjectListItem[]): PlacementState {
  const accountOf = (id: number) => {
    const project = projects.find((candidate) => candidate.id === id);
    if (!project) throw new Error(`The seed has no project ${id} to place`);
    return project.account_id;
  };
  const placements = new Map<number, StoredPlacement>();
  const placementOf = (projectId: number) => {
    let found = placements.get(projectId);
    if (!found) {
      found = { project_id: projectId, programme_id: null, parent_id: null };
      placements.set(projectId, found);
    }
    return found;
  };
  const programmes: StoredProgramme[] = PROGRAMMES.map(
    ([code, name, description, members, account], index) => {
      const accountId = account ?? accountOf(members[0]!);
      for (const member of members) {
        if (accountOf(member) !== accountId)
          throw new Error(`Project ${member} is not of the account of programme ${code}`);
        placementOf(member).programme_id = index + 1;
      }
      return { id: index + 1, name, code, description, account_id: accountId };
    },
  );
  for (const [child, parent] of PARENTS) {
    if (accountOf(child) !== accountOf(parent))
      throw new Error(`Project ${child} is not of the account of its parent ${parent}`);
    placementOf(child).parent_id = parent;
  }
  const dependencies: StoredDependency[] = DEPENDENCIES.map(
    ([from, to, type, due, note], index) => ({
      id: index + 1,
      from_project_id: from,
      to_project_id: to,
      type,
      note,
      due_date: due,
      created_at: CREATED,
      updated_at: CREATED,
    }),
  );
  return {
    programmes,
    projectPlacements: [...placements.values()].sort((a, b) => a.project_id - b.project_id),
    projectRelations: RELATED.map(([a, b], index) => ({
      id: index + 1,
      project_ids: a < b ? [a, b] : [b, a],
    })),
    projectDependencies: dependencies,
  };
}

export const placementSeed: SeedPart = {
  name: 'placement',
  after: ['directory'],
  build: (_context, built) => buildPlacement(seeded(built, 'projects').projects),
};
