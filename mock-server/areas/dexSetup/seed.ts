import {
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  type DexPracticeCode,
} from '../../../src/api/contract/dexSetup';
import type { ProjectTeam } from '../checks/state';
import type { DexSetupsState, StoredDexPractice, StoredDexSetup } from './state';
import { seeded, type SeedPart } from '../../lib/seed';

/** Projects 1–11 have a saved setup; 12, the last canonical one, still shows the defaults. */
const CONFIGURED = 11;
const USER = { qcl: 5 } as const;
const SAVED_AT = '2026-09-01T08:30:00.000Z';
const START = '2026-09';

type Override = Partial<Omit<StoredDexPractice, 'code'>>;

/** Where a project's setup leaves the defaults, each with its reason. */
const OVERRIDES: Record<number, Partial<Record<DexPracticeCode, Override>>> = {
  1: {
    audit: {
      in_scope: true,
      reason: 'The contract asks for a yearly delivery audit.',
      owner_id: USER.qcl,
      start_period: '2026-10',
    },
    defect_leakage: {
      in_scope: true,
      reason: 'The SLA counts the defects found in production.',
      owner_id: USER.qcl,
    },
  },
  2: {
    self_check: {
      in_scope: false,
      reason: 'The quarterly health checks cover it; the client asked for no self checks.',
    },
    security_baseline: { in_scope: false, reason: 'The client’s security team runs the baseline.' },
  },
  3: { risk_review: { in_scope: true, reason: 'A regulated client: risks are reviewed monthly.' } },
  10: {
    audit: { in_scope: true, reason: 'An audit is due after the incident of 2026 Q2.' },
  },
};

/** Fixed-price projects (the even ones) watch their margin. */
const MARGIN: Override = { in_scope: true, reason: 'Fixed price: the margin is watched monthly.' };

/** The saved DEX set ups of canonical projects 1–11, owned by each project's manager. */
export function buildDexSetups(teams: readonly ProjectTeam[]): DexSetupsState {
  const dexSetups: StoredDexSetup[] = [];
  for (let projectId = 1; projectId <= CONFIGURED; projectId += 1) {
    const manager = teams.find((team) => team.project_id === projectId)?.pm_id ?? USER.qcl;
    const overrides = {
      ...(projectId % 2 === 0 ? { gross_margin: MARGIN } : {}),
      ...OVERRIDES[projectId],
    } as Partial<Record<DexPracticeCode, Override>>;
    const practices = DEX_PRACTICE_CODES.map((code): StoredDexPractice => {
      const change = overrides[code] ?? {};
      const inScope = change.in_scope ?? DEX_PRACTICES[code].default_in_scope;
      return {
        code,
        in_scope: inScope,
        reason: change.reason ?? (inScope ? '' : DEX_PRACTICES[code].default_reason),
        owner_id: inScope ? (change.owner_id ?? manager) : null,
        start_period: inScope ? (change.start_period ?? START) : null,
      };
    });
    dexSetups.push({
      project_id: projectId,
      practices,
      updated_at: SAVED_AT,
      updated_by_id: USER.qcl,
    });
  }
  return { dexSetups };
}

export const dexSetupSeed: SeedPart = {
  name: 'dexSetup',
  after: ['checks'],
  build: (_context, built) => buildDexSetups(seeded(built, 'projectTeams').projectTeams),
};
