import fixtures from '../../../fixtures/risks.json' with { type: 'json' };
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import type {
  PersonRef,
  Resolution,
  RiskCreateRequest,
  RiskKind,
  RiskLevel,
  TransferSide,
} from '../../../src/api/contract/risks';
import type { RisksState, ScopeContext } from './model';
import { scopeContext } from './scopes';
import type { StoredPoll } from '../checks/state';
import { RiskSeeder, daysAgo, type RiskSeed } from './seeder';
import { addRiskVolume } from './volume';
import { seeded, type SeedPart } from '../../lib/seed';

/** One canonical risk of fixtures/risks.json: the ids the demo and the e2e tests rely on. */
interface RiskFixture extends Omit<RiskSeed, 'created_at' | 'transfer' | 'resolution'> {
  id: number;
  kind: RiskKind;
  level: RiskLevel;
  scope_id?: number;
  /** For an account-level risk: the account of this project. */
  account_of_project?: number;
  informed_ids?: number[];
  created_days_ago: number;
  action_items?: { title: string; owner_id: number; due_date: string | null; done: boolean }[];
  comments?: { author_id: number; days_ago: number; text: string; attachments: string[] }[];
  history?: {
    by_id: number;
    days_ago: number;
    field: string;
    old_value: string;
    new_value: string;
  }[];
  transfer?: {
    to_id: number;
    side: TransferSide;
    comment: string;
    by_id: number;
    days_ago: number;
  };
  resolution?: Resolution;
  resolved_days_ago?: number;
}

interface DraftFixture {
  id: number;
  user_id: number;
  kind: RiskKind;
  level: RiskLevel;
  data: Partial<RiskCreateRequest>;
  days_ago: number;
}

/**
 * Business segments and lines, the canonical risks of fixtures/risks.json (ids 1–10), drafts and
 * the duplicates group, then about 600 risks and issues of volume with a fixed seed.
 */
export function buildRisks(
  projects: ProjectListItem[],
  accounts: AccountListItem[],
  people: PersonRef[],
  polls: StoredPoll[],
): RisksState {
  const businessSegments = fixtures.businessSegments.map((name, index) => ({
    id: index + 1,
    name,
  }));
  const businessLines = fixtures.businessLines.map((line, index) => ({
    id: index + 1,
    name: line.name,
    segment_id: line.segment_id,
    account_ids: accounts
      .filter((account) => (account.id - 1) % fixtures.businessLines.length === index)
      .map((account) => account.id),
  }));
  const state: RisksState = {
    businessSegments,
    businessLines,
    risks: [],
    riskActionItems: [],
    duplicateGroups: [],
    riskHistory: [],
    riskDrafts: [],
    riskComments: [],
    sentEmails: [],
  };
  const scopes = { projects, accounts, businessLines, businessSegments };
  const seeder = new RiskSeeder(state, people);

  for (const fixture of fixtures.risks as RiskFixture[]) {
    const scopeId =
      fixture.account_of_project !== undefined
        ? projects[fixture.account_of_project - 1]?.account_id
        : fixture.scope_id;
    const context: ScopeContext | null = scopeContext(scopes, fixture.level, scopeId);
    if (!context) throw new Error(`Risk fixture ${fixture.id} names an unknown scope`);
    addCanonical(seeder, fixture, context);
  }
  for (const group of fixtures.duplicateGroups) {
    state.duplicateGroups.push({ id: group.id, risk_ids: group.risk_ids, excluded: [] });
    for (const id of group.risk_ids) state.risks[id - 1]!.duplicates_group = group.id;
  }
  for (const draft of fixtures.drafts as DraftFixture[]) {
    state.riskDrafts.push({
      id: draft.id,
      user_id: draft.user_id,
      kind: draft.kind,
      level: draft.level,
      data: draft.data,
      updated_at: daysAgo(draft.days_ago),
    });
  }

  addRiskVolume(seeder, scopes, polls);
  return state;
}

function addCanonical(seeder: RiskSeeder, fixture: RiskFixture, context: ScopeContext): void {
  const {
    id,
    kind,
    level: _level,
    scope_id: _scope,
    account_of_project: _account,
    informed_ids = [],
    created_days_ago,
    action_items = [],
    comments = [],
    history = [],
    transfer,
    resolution,
    resolved_days_ago,
    resolution_comment = '',
    ...fields
  } = fixture;
  const risk = seeder.add(kind, context, {
    ...fields,
    informed: informed_ids.map((personId) => seeder.person(personId)),
    created_at: daysAgo(created_days_ago),
  });
  if (risk.id !== id) throw new Error(`Risk fixture ${id} is out of order (got id ${risk.id})`);
  const events: { days: number; apply: () => void }[] = [
    ...action_items.map((item, index) => ({
      days: created_days_ago - index - 1,
      apply: () => seeder.addItem(risk, item, daysAgo(created_days_ago - index - 1)),
    })),
    ...comments.map((comment) => ({
      days: comment.days_ago,
      apply: () => seeder.addComment(risk, comment, daysAgo(comment.days_ago)),
    })),
    ...history.map((entry) => ({
      days: entry.days_ago,
      apply: () =>
        seeder.change(
          risk,
          entry.by_id,
          entry.field,
          entry.old_value,
          entry.new_value,
          daysAgo(entry.days_ago),
        ),
    })),
    ...(transfer
      ? [
          {
            days: transfer.days_ago,
            apply: () => seeder.transfer(risk, transfer, daysAgo(transfer.days_ago)),
          },
        ]
      : []),
    ...(resolution
      ? [
          {
            days: resolved_days_ago ?? 1,
            apply: () =>
              seeder.close(
                risk,
                risk.owner.id,
                resolution,
                resolution_comment,
                daysAgo(resolved_days_ago ?? 1),
              ),
          },
        ]
      : []),
  ];
  // Oldest first, as they happened.
  for (const event of events.sort((a, b) => b.days - a.days)) event.apply();
}

export const risksSeed: SeedPart = {
  name: 'risks',
  after: ['directory', 'checks'],
  build: (_context, built) => {
    const { projects, accounts, people, polls } = seeded(
      built,
      'projects',
      'accounts',
      'people',
      'polls',
    );
    return buildRisks(projects, accounts, people, polls);
  },
};
