import { Faker, en } from '@faker-js/faker';
import {
  ISSUE_GRADES,
  RATINGS,
  RESOLUTIONS,
  RESPONSE_DECISIONS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  TRANSFER_SIDES,
  VISIBILITY_TAGS,
  ratingOf,
  type PersonRef,
  type RiskKind,
  type RiskLevel,
  type VisibilityTag,
} from '../../../src/api/contract/risks';
import type { MockState } from '../../store/state';
import type { StoredPoll } from '../checks/state';
import type { ScopeContext, StoredRisk } from './model';
import { scopeContext, type ScopeSource } from './scopes';
import { seededDraws } from '../../lib/random';
import { RiskSeeder, daysAgo } from './seeder';

const RISKS_SEED = 20261124;
const VOLUME = 600;
/** The canonical risks (fixtures/risks.json) come first; volume polls start after the canonical. */
const CANONICAL_POLLS = 10;

const STATEMENTS = [
  'Key developer may leave before the release',
  'Client acceptance criteria are not agreed',
  'Third-party API rate limits block the load test',
  'Scope creep in the reporting module',
  'Security review findings stay open past the deadline',
  'Test environment is shared with another programme',
  'Budget overrun on the integration phase',
  'Unclear ownership of the data migration',
  'Vendor delivers the payment component late',
  'Regression suite too slow for the release cadence',
  'Client steering committee meetings are cancelled',
  'Licence renewal of the build tooling is not approved',
  'Performance of the search page degrades with production data',
  'Key client stakeholder changes role',
  'Offshore team ramp-up slower than planned',
  'Open source licence of a library is not cleared',
];
const AREAS = [
  'billing',
  'onboarding',
  'mobile app',
  'data platform',
  'reporting',
  'identity',
  'checkout',
  'CRM integration',
];
const ITEMS = [
  'Agree the mitigation with the team',
  'Raise it at the next steering committee',
  'Ask the vendor for a recovery plan',
  'Add the risk to the weekly status report',
  'Review the estimate with the architect',
  'Book a workshop with the client',
];
const COMMENTS = [
  'Discussed at the daily stand-up; no change yet.',
  'The client confirmed the date by e-mail.',
  'Escalated informally to the delivery manager.',
  'Mitigation plan shared on https://wiki.example.com/plans',
  'Next review in two weeks.',
];
const ATTACHMENTS = ['status-report.pdf', 'mitigation-plan.pdf', 'burndown.png', 'timeline.png'];
const LABELS = ['release', 'vendor', 'staffing', 'budget', 'security', 'migration', 'client'];
/** Personas who own risks in the volume besides the generated staff. */
const PERSONA_OWNERS = [1, 2, 8, 9];

/** About 600 risks and issues at every level, status and resolution, each with its history. */
export function addRiskVolume(seeder: RiskSeeder, scopes: ScopeSource, polls: StoredPoll[]): void {
  const faker = new Faker({ locale: [en], seed: RISKS_SEED });
  const owners = [
    ...PERSONA_OWNERS.map((id) => seeder.person(id)),
    ...Array.from({ length: 60 }, (_, index) => seeder.person(101 + index)),
  ];
  const pollsOf = (projectId: number) =>
    polls.filter((poll) => poll.id > CANONICAL_POLLS && poll.project_id === projectId);

  for (let n = 0; n < VOLUME; n += 1) {
    const level = faker.helpers.weightedArrayElement<RiskLevel>([
      { value: 'project', weight: 8 },
      { value: 'account', weight: 3 },
      { value: 'business_line', weight: 1 },
      { value: 'business_segment', weight: 1 },
    ]);
    const entities =
      level === 'project'
        ? scopes.projects
        : level === 'account'
          ? scopes.accounts
          : level === 'business_line'
            ? scopes.businessLines
            : scopes.businessSegments;
    const context = scopeContext(scopes, level, faker.helpers.arrayElement(entities).id)!;
    const kind: RiskKind = faker.datatype.boolean(0.7) ? 'risk' : 'issue';
    const age = faker.number.int({ min: 3, max: 400 });
    const owner = faker.helpers.arrayElement(owners);
    const projectPolls = context.project ? pollsOf(context.project.id) : [];
    const risk = seeder.add(kind, context, {
      statement: `${faker.helpers.arrayElement(STATEMENTS)} (${faker.helpers.arrayElement(AREAS)})`,
      description: faker.datatype.boolean(0.4) ? faker.lorem.sentences({ min: 1, max: 3 }) : '',
      category: faker.helpers.arrayElement(RISK_CATEGORIES),
      probability: faker.helpers.arrayElement(RATINGS),
      impact: faker.helpers.arrayElement(RATINGS),
      priority: faker.helpers.arrayElement(ISSUE_GRADES),
      severity: faker.helpers.arrayElement(ISSUE_GRADES),
      response_strategy:
        kind === 'risk' && faker.datatype.boolean(0.8)
          ? faker.helpers.arrayElement(RESPONSE_STRATEGIES)
          : null,
      response_decision:
        kind === 'risk' && faker.datatype.boolean(0.3)
          ? faker.helpers.arrayElement(RESPONSE_DECISIONS)
          : null,
      owner_id: owner.id,
      due_date: faker.datatype.boolean(0.85)
        ? daysAgo(faker.number.int({ min: -120, max: 40 })).slice(0, 10)
        : null,
      labels: faker.helpers.arrayElements(LABELS, { min: 0, max: 2 }),
      visibility_tags: faker.helpers.arrayElements(VISIBILITY_TAGS, { min: 0, max: 2 }),
      informed: faker.helpers.arrayElements(owners, { min: 0, max: 2 }),
      client_communication: faker.datatype.boolean(0.2)
        ? 'Shared with the client at the weekly status meeting.'
        : '',
      awareness_raised: faker.datatype.boolean(0.1),
      shared_with:
        level === 'project' && faker.datatype.boolean(0.1)
          ? ['account']
          : level === 'account' && faker.datatype.boolean(0.1)
            ? ['project']
            : [],
      poll_id:
        projectPolls.length > 0 && faker.datatype.boolean(0.5)
          ? faker.helpers.arrayElement(projectPolls).id
          : null,
      created_at: daysAgo(age),
    });
    addEvents(seeder, faker, risk, age, owners);
  }
}

/** What happened to a risk after its creation, oldest first. */
function addEvents(
  seeder: RiskSeeder,
  faker: Faker,
  risk: StoredRisk,
  age: number,
  people: PersonRef[],
): void {
  const days = faker.helpers
    .multiple(() => faker.number.int({ min: 1, max: age - 1 }), { count: { min: 1, max: 6 } })
    .sort((a, b) => b - a);
  const last = days.pop()!;
  for (const day of days) {
    const at = daysAgo(day);
    const event = faker.helpers.arrayElement(['change', 'item', 'comment', 'item', 'change']);
    if (event === 'item')
      seeder.addItem(
        risk,
        {
          title: faker.helpers.arrayElement(ITEMS),
          owner_id: faker.helpers.arrayElement([risk.owner, ...people.slice(0, 6)]).id,
          due_date: daysAgo(day - faker.number.int({ min: 5, max: 30 })).slice(0, 10),
          done: faker.datatype.boolean(0.4),
        },
        at,
      );
    else if (event === 'comment')
      seeder.addComment(
        risk,
        {
          author_id: faker.helpers.arrayElement([risk.owner, ...risk.informed]).id,
          text: faker.helpers.arrayElement(COMMENTS),
          attachments: faker.datatype.boolean(0.25)
            ? [faker.helpers.arrayElement(ATTACHMENTS)]
            : [],
        },
        at,
      );
    else changeField(seeder, faker, risk, at);
  }
  if (faker.datatype.boolean(0.04))
    seeder.transfer(
      risk,
      {
        to_id: faker.helpers.arrayElement(people.filter((person) => person.id > 100)).id,
        side: faker.helpers.arrayElement(TRANSFER_SIDES),
        comment: 'Their decision to take from here.',
        by_id: risk.owner.id,
      },
      daysAgo(last),
    );
  else if (faker.datatype.boolean(0.25)) {
    const resolutions = RESOLUTIONS.filter(
      (resolution) => risk.kind === 'risk' || resolution !== 'converted_to_issue',
    );
    seeder.close(
      risk,
      risk.owner.id,
      faker.helpers.arrayElement(resolutions),
      faker.helpers.arrayElement(['Done.', 'No longer relevant after the re-plan.', '']),
      daysAgo(last),
    );
  }
}

/** A field changed in the past: the history holds the old value, the risk the current one. */
function changeField(seeder: RiskSeeder, faker: Faker, risk: StoredRisk, at: string): void {
  const field = faker.helpers.arrayElement(
    risk.kind === 'risk'
      ? (['probability', 'impact', 'due_date'] as const)
      : (['priority', 'severity', 'due_date'] as const),
  );
  const current = risk[field];
  const choices: readonly (string | null)[] =
    field === 'due_date'
      ? [daysAgo(faker.number.int({ min: -60, max: 60 })).slice(0, 10)]
      : field === 'probability' || field === 'impact'
        ? RATINGS
        : ISSUE_GRADES;
  const before = faker.helpers.arrayElement(choices.filter((value) => value !== current));
  if (before !== undefined) seeder.change(risk, risk.owner.id, field, before, current, at);
}

/** The distinctive statement of the volume's oldest risk: an e2e test searches for it. */
export const OLDEST_VOLUME_STATEMENT = 'Legacy mainframe licence renewal lapses';
/** The volume spreads over about six years. */
const VOLUME_MAX_AGE_DAYS = 6 * 365;
/** Share of the project-level volume in project 1 (and of the account-level in its account). */
const FIRST_SCOPE_SHARE = 0.3;
const DESCRIPTIONS = [
  'Raised at the monthly delivery review; the team agreed to watch it weekly.',
  'The client asked for a written mitigation plan before the next steering committee.',
  'Depends on the outcome of the procurement negotiation with the vendor.',
  'Found during the quarterly audit of the delivery processes.',
];

/**
 * `count` generated risks and issues at the project and account levels for the benches
 * (MOCK_RISK_VOLUME), kept out of the stored state: three quarters at project level (a share in
 * project 1, the rest over every project), a quarter at account level (likewise with project 1's
 * account), created over six years. The same ids and values on every start (the fixtures' today
 * is fixed); the first, `firstId`, is the oldest, in project 1, and reads OLDEST_VOLUME_STATEMENT.
 */
export function buildRiskVolume(
  count: number,
  firstId: number,
  { projects, accounts, people }: Pick<MockState, 'projects' | 'accounts' | 'people'>,
): StoredRisk[] {
  const { chance, int, pick, some } = seededDraws(RISKS_SEED + count);
  const staff = people.filter((person) => person.login);
  const projectContexts: ScopeContext[] = projects.map((project) => ({
    scope: { id: project.id, name: project.name, level: 'project' as const },
    project: { id: project.id, name: project.name },
    account: { id: project.account_id, name: project.account_name },
  }));
  const firstAccount = projects[0]!.account_id;
  const accountContexts: ScopeContext[] = [...accounts]
    .sort((a, b) => Number(b.id === firstAccount) - Number(a.id === firstAccount))
    .map((account) => ({
      scope: { id: account.id, name: account.name, level: 'account' as const },
      project: null,
      account: { id: account.id, name: account.name },
    }));
  const contextOf = (contexts: ScopeContext[]) =>
    chance(FIRST_SCOPE_SHARE) ? contexts[0]! : pick(contexts);
  // Dates, label and tag lists repeat: each is made once and shared (a volume risk is never
  // written), so 100 000 risks cost little more than their own fields.
  const dayOf = interned((age: number) => daysAgo(age));
  const dueOf = interned((age: number) => daysAgo(age).slice(0, 10));
  const labelsOf = interned((_key: string, labels: string[]) => labels);
  const tagsOf = interned((_key: string, tags: VisibilityTag[]) => tags);
  const listOf = <T extends string>(lists: (key: string, list: T[]) => T[], list: T[]) =>
    lists(list.join(), list);
  const none: never[] = [];
  return Array.from({ length: count }, (_, index): StoredRisk => {
    // The oldest (the first) is a project 1 risk, as an e-2-e test looks for it there.
    const level: RiskLevel = chance(0.75) || index === 0 ? 'project' : 'account';
    const drawn = contextOf(level === 'project' ? projectContexts : accountContexts);
    const { scope, project, account } = index === 0 ? projectContexts[0]! : drawn;
    const kind: RiskKind = chance(0.7) ? 'risk' : 'issue';
    const probability = kind === 'risk' ? pick(RATINGS) : null;
    const impact = kind === 'risk' ? pick(RATINGS) : null;
    const owner = pick(staff);
    const age = index === 0 ? VOLUME_MAX_AGE_DAYS : int(1, VOLUME_MAX_AGE_DAYS - 1);
    const created = dayOf(age);
    const updated = dayOf(int(0, age));
    const closed = chance(age > 365 ? 0.6 : 0.2);
    return {
      id: firstId + index,
      kind,
      level,
      scope,
      project,
      account,
      statement:
        index === 0 ? OLDEST_VOLUME_STATEMENT : `${pick(STATEMENTS)} (${pick(AREAS)} ${index + 1})`,
      category: pick(RISK_CATEGORIES),
      status: closed ? 'closed' : 'open',
      resolution: closed ? 'resolved' : null,
      probability,
      impact,
      rating: probability && impact ? ratingOf(probability, impact) : null,
      priority: kind === 'issue' ? pick(ISSUE_GRADES) : null,
      severity: kind === 'issue' ? pick(ISSUE_GRADES) : null,
      response_strategy: null,
      owner,
      due_date: chance(0.85) ? dueOf(age - int(14, 260)) : null,
      labels: listOf(labelsOf, some(LABELS, 2)),
      visibility_tags: listOf(tagsOf, some(VISIBILITY_TAGS, 2)),
      duplicates_group: null,
      poll_id: null,
      created_at: created,
      updated_at: updated < created ? created : updated,
      description: chance(0.3) ? pick(DESCRIPTIONS) : '',
      response_decision: null,
      client_communication: '',
      resolution_comment: '',
      informed: none,
      created_by: owner,
      awareness_raised: false,
      shared_with: none,
      transfer: null,
      action_items_count: 0,
      comments_count: 0,
    };
  });
}

/** `make` once per key, the same value after. */
function interned<Key, Args extends unknown[], Value>(
  make: (key: Key, ...args: Args) => Value,
): (key: Key, ...args: Args) => Value {
  const made = new Map<Key, Value>();
  return (key, ...args) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key, ...args);
      made.set(key, value);
    }
    return value;
  };
}
