import { Faker, en } from '@faker-js/faker';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import {
  ISSUE_GRADES,
  RATINGS,
  RESOLUTIONS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  VISIBILITY_TAGS,
  ratingOf,
  type ActionItem,
  type HistoryEntry,
  type RiskComment,
  type RiskDraft,
  type NamedRef,
  type PersonRef,
  type Risk,
  type RiskKind,
  type RiskLevel,
  type RiskScope,
} from '../../src/api/contract/risks';

/** A risk as stored: everything but what depends on who asks. */
export type StoredRisk = Omit<Risk, 'user_permissions'>;

export interface StoredActionItem extends ActionItem {
  risk_id: number;
}

export interface DuplicatesGroupRecord {
  id: number;
  risk_ids: number[];
  /** Marked "not a duplicate": never shown in the group again. */
  excluded: number[];
}

export interface StoredHistoryEntry extends HistoryEntry {
  risk_id: number;
}

export interface StoredRiskComment extends RiskComment {
  risk_id: number;
}

export interface StoredDraft extends RiskDraft {
  user_id: number;
}

export interface SentEmail {
  to: string;
  subject: string;
  count: number;
  at: string;
}

export interface RisksState {
  businessLines: (NamedRef & { segment_id: number })[];
  businessSegments: NamedRef[];
  risks: StoredRisk[];
  riskActionItems: StoredActionItem[];
  duplicateGroups: DuplicatesGroupRecord[];
  riskHistory: StoredHistoryEntry[];
  riskDrafts: StoredDraft[];
  riskComments: StoredRiskComment[];
  sentEmails: SentEmail[];
}

const RISKS_SEED = 20261124;
const VOLUME = 600;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20);
const iso = (time: number) => new Date(time).toISOString();

const SEGMENTS = ['Financial Services', 'Industry and Energy', 'Public Sector', 'Retail and Media'];
const LINES = [
  'Banking',
  'Insurance',
  'Manufacturing',
  'Energy',
  'Government',
  'Healthcare',
  'Retail',
  'Media',
  'Telecom',
  'Travel',
];

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
];

const LABELS = ['release', 'vendor', 'staffing', 'budget', 'security', 'migration', 'client'];

/** The scope a risk lives at, with its project and account. */
export interface ScopeContext {
  scope: RiskScope;
  project: NamedRef | null;
  account: NamedRef | null;
}

export function buildRisks(
  projects: ProjectListItem[],
  accounts: AccountListItem[],
  people: PersonRef[],
): RisksState {
  const faker = new Faker({ locale: [en], seed: RISKS_SEED });
  const businessSegments = SEGMENTS.map((name, index) => ({ id: index + 1, name }));
  const businessLines = LINES.map((name, index) => ({
    id: index + 1,
    name,
    segment_id: (index % SEGMENTS.length) + 1,
  }));
  const state: RisksState = {
    businessLines,
    businessSegments,
    risks: [],
    riskActionItems: [],
    duplicateGroups: [],
    riskHistory: [],
    riskDrafts: [],
    riskComments: [],
    sentEmails: [],
  };
  const person = (id: number) => people.find((candidate) => candidate.id === id)!;
  const projectScope = (id: number): ScopeContext => {
    const project = projects[id - 1]!;
    return {
      scope: { id: project.id, name: project.name, level: 'project' },
      project: { id: project.id, name: project.name },
      account: { id: project.account_id, name: project.account_name },
    };
  };
  const accountScope = (id: number): ScopeContext => {
    const account = accounts[id - 1]!;
    return {
      scope: { id: account.id, name: account.name, level: 'account' },
      project: null,
      account: { id: account.id, name: account.name },
    };
  };
  const lineScope = (id: number): ScopeContext => ({
    scope: { id, name: businessLines[id - 1]!.name, level: 'business_line' },
    project: null,
    account: null,
  });
  const segmentScope = (id: number): ScopeContext => ({
    scope: { id, name: businessSegments[id - 1]!.name, level: 'business_segment' },
    project: null,
    account: null,
  });
  const owner = person(8);
  const staff = people.filter((candidate) => candidate.login);

  const add = (
    kind: RiskKind,
    context: ScopeContext,
    fields: Partial<StoredRisk> & { statement: string },
  ): StoredRisk => {
    const id = state.risks.length + 1;
    const created = fields.created_at ?? iso(NOW - (60 - (id % 60)) * DAY);
    const probability = kind === 'risk' ? (fields.probability ?? 'moderate') : null;
    const impact = kind === 'risk' ? (fields.impact ?? 'moderate') : null;
    const risk: StoredRisk = {
      id,
      kind,
      level: context.scope.level,
      scope: context.scope,
      project: context.project,
      account: context.account,
      category: 'delivery',
      status: 'open',
      resolution: null,
      priority: kind === 'issue' ? 'moderate' : null,
      severity: kind === 'issue' ? 'moderate' : null,
      response_strategy: kind === 'risk' ? 'mitigate' : null,
      owner,
      due_date: null,
      labels: [],
      visibility_tags: [],
      duplicates_group: null,
      poll_id: null,
      updated_at: created,
      description: '',
      response_decision: null,
      client_communication: '',
      resolution_comment: '',
      informed: [],
      created_by: owner,
      awareness_raised: false,
      shared_with: [],
      transfer: null,
      action_items_count: 0,
      comments_count: 0,
      ...fields,
      created_at: created,
      probability,
      impact,
      rating: probability && impact ? ratingOf(probability, impact) : null,
    };
    state.risks.push(risk);
    return risk;
  };
  const addItem = (risk: StoredRisk, title: string, done = false) => {
    state.riskActionItems.push({
      id: state.riskActionItems.length + 1,
      risk_id: risk.id,
      title,
      owner: risk.owner,
      due_date: risk.due_date,
      done,
      created_at: risk.created_at,
    });
    risk.action_items_count += 1;
  };

  // The canonical risks the demo and the e2e tests use (README).
  const first = add('risk', projectScope(1), {
    statement: 'Key developer may leave before the release',
    description: 'The only engineer who knows the payment integration has an offer elsewhere.',
    category: 'people',
    probability: 'moderate',
    impact: 'high',
    due_date: '2026-12-15',
    labels: ['staffing', 'release'],
    visibility_tags: ['steering'],
    informed: [person(2)],
  });
  state.riskHistory.push(
    {
      id: 1,
      risk_id: 1,
      at: first.created_at,
      by: owner,
      field: 'created',
      old_value: '',
      new_value: first.statement,
    },
    {
      id: 2,
      risk_id: 1,
      at: iso(NOW - 3 * DAY),
      by: owner,
      field: 'probability',
      old_value: 'Low',
      new_value: 'Moderate',
    },
  );
  state.riskDrafts.push({
    id: 1,
    user_id: 8,
    kind: 'risk',
    level: 'project',
    data: { scope_id: 1, statement: 'Release window may clash with the client freeze' },
    updated_at: iso(NOW - DAY),
  });
  state.riskComments.push(
    {
      id: 1,
      risk_id: 1,
      text: 'Offer letter confirmed by HR; see https://wiki.example.com/apollo/staffing',
      author: owner,
      created_at: iso(NOW - 4 * DAY),
      attachments: [
        {
          id: 1,
          name: 'staffing-plan.pdf',
          size: 312,
          content_type: 'application/pdf',
          url: '/api/attachments/1/',
        },
      ],
    },
    {
      id: 2,
      risk_id: 1,
      text: 'Pairing started this sprint.',
      author: person(2),
      created_at: iso(NOW - 2 * DAY),
      attachments: [],
    },
  );
  first.comments_count = 2;
  addItem(first, 'Pair a second engineer on the payment integration');
  addItem(first, 'Write down the integration runbook', true);
  add('issue', projectScope(1), {
    statement: 'Test environment is down twice a week',
    category: 'technology',
    priority: 'high',
    severity: 'moderate',
    due_date: '2026-11-30',
  });
  add('risk', projectScope(1), {
    statement: 'Vendor delivers the payment component late',
    status: 'closed',
    resolution: 'resolved',
    resolution_comment: 'Delivered on time after the escalation.',
    probability: 'low',
    impact: 'moderate',
  });
  const duplicates = [
    'Client acceptance criteria are not agreed for the reporting module',
    'Acceptance criteria for the reporting module are not agreed with the client',
    'The client has not agreed the acceptance criteria of reporting',
  ].map((statement, index) =>
    add('risk', projectScope(2), {
      statement,
      category: 'scope',
      created_at: iso(NOW - (30 - index) * DAY),
      duplicates_group: 1,
      owner: person([8, 2, 9][index]!),
    }),
  );
  addItem(duplicates[1]!, 'Workshop on acceptance criteria with the product owner');
  addItem(duplicates[2]!, 'Send the criteria draft for sign-off');
  state.duplicateGroups.push({ id: 1, risk_ids: duplicates.map((risk) => risk.id), excluded: [] });
  add('risk', projectScope(1), {
    statement: 'Client data export format may change before go-live',
    category: 'client',
    transfer: {
      to: person(10),
      side: 'client',
      comment: 'The client owns the export format decision.',
      by: owner,
      at: iso(NOW - 5 * DAY),
    },
  });
  add('risk', accountScope(projects[0]!.account_id), {
    statement: 'Account margin below target for two quarters',
    category: 'commercial',
    probability: 'high',
    impact: 'high',
    owner: person(9),
  });
  add('risk', lineScope(1), {
    statement: 'Shortage of senior testers across the business line',
    category: 'people',
    probability: 'high',
    impact: 'moderate',
  });
  add('risk', segmentScope(1), {
    statement: 'New regulation on cloud hosting of customer data',
    category: 'security',
    probability: 'moderate',
    impact: 'high',
  });

  // Volume.
  for (let n = 0; n < VOLUME; n += 1) {
    const level = faker.helpers.weightedArrayElement<RiskLevel>([
      { value: 'project', weight: 8 },
      { value: 'account', weight: 3 },
      { value: 'business_line', weight: 1 },
      { value: 'business_segment', weight: 1 },
    ]);
    const context =
      level === 'project'
        ? projectScope(faker.number.int({ min: 1, max: projects.length }))
        : level === 'account'
          ? accountScope(faker.number.int({ min: 1, max: accounts.length }))
          : level === 'business_line'
            ? lineScope(faker.number.int({ min: 1, max: LINES.length }))
            : segmentScope(faker.number.int({ min: 1, max: SEGMENTS.length }));
    const closed = faker.datatype.boolean(0.25);
    const kind: RiskKind = faker.datatype.boolean(0.7) ? 'risk' : 'issue';
    const risk = add(kind, context, {
      statement: faker.helpers.arrayElement(STATEMENTS),
      category: faker.helpers.arrayElement(RISK_CATEGORIES),
      status: closed ? 'closed' : 'open',
      resolution: closed ? faker.helpers.arrayElement(RESOLUTIONS) : null,
      probability: faker.helpers.arrayElement(RATINGS),
      impact: faker.helpers.arrayElement(RATINGS),
      priority: kind === 'issue' ? faker.helpers.arrayElement(ISSUE_GRADES) : null,
      severity: kind === 'issue' ? faker.helpers.arrayElement(ISSUE_GRADES) : null,
      response_strategy: kind === 'risk' ? faker.helpers.arrayElement(RESPONSE_STRATEGIES) : null,
      owner: faker.helpers.arrayElement(staff),
      due_date: iso(NOW + faker.number.int({ min: -40, max: 120 }) * DAY).slice(0, 10),
      labels: faker.helpers.arrayElements(LABELS, { min: 0, max: 2 }),
      visibility_tags: faker.helpers.arrayElements(VISIBILITY_TAGS, { min: 0, max: 2 }),
      created_at: iso(NOW - faker.number.int({ min: 1, max: 400 }) * DAY),
    });
    if (faker.datatype.boolean(0.3)) addItem(risk, 'Agree the mitigation with the team');
  }
  return state;
}

/** `riskVolume` extra risks in project 1, generated once and kept out of the stored state. */
export function buildRiskVolume(
  count: number,
  firstId: number,
  project: ProjectListItem,
  people: PersonRef[],
): StoredRisk[] {
  const faker = new Faker({ locale: [en], seed: RISKS_SEED + count });
  const staff = people.filter((person) => person.login);
  return Array.from({ length: count }, (_, index) => {
    const kind: RiskKind = faker.datatype.boolean(0.7) ? 'risk' : 'issue';
    const probability = kind === 'risk' ? faker.helpers.arrayElement(RATINGS) : null;
    const impact = kind === 'risk' ? faker.helpers.arrayElement(RATINGS) : null;
    const owner = faker.helpers.arrayElement(staff);
    const created = iso(NOW - faker.number.int({ min: 1, max: 700 }) * DAY);
    return {
      id: firstId + index,
      kind,
      level: 'project',
      scope: { id: project.id, name: project.name, level: 'project' },
      project: { id: project.id, name: project.name },
      account: { id: project.account_id, name: project.account_name },
      statement: `${faker.helpers.arrayElement(STATEMENTS)} (${faker.hacker.noun()} ${index + 1})`,
      category: faker.helpers.arrayElement(RISK_CATEGORIES),
      status: faker.datatype.boolean(0.2) ? 'closed' : 'open',
      resolution: null,
      probability,
      impact,
      rating: probability && impact ? ratingOf(probability, impact) : null,
      priority: kind === 'issue' ? faker.helpers.arrayElement(ISSUE_GRADES) : null,
      severity: kind === 'issue' ? faker.helpers.arrayElement(ISSUE_GRADES) : null,
      response_strategy: null,
      owner,
      due_date: iso(NOW + faker.number.int({ min: -60, max: 200 }) * DAY).slice(0, 10),
      labels: faker.helpers.arrayElements(LABELS, { min: 0, max: 2 }),
      visibility_tags: faker.helpers.arrayElements(VISIBILITY_TAGS, { min: 0, max: 2 }),
      duplicates_group: null,
      poll_id: null,
      created_at: created,
      updated_at: created,
      description: '',
      response_decision: null,
      client_communication: '',
      resolution_comment: '',
      informed: [],
      created_by: owner,
      awareness_raised: false,
      shared_with: [],
      transfer: null,
      action_items_count: 0,
      comments_count: 0,
    };
  });
}
