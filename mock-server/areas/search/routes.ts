import { entityLabel } from '../../../src/api/contract/display';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../../src/api/contract/pollLabels';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import { RISK_STATUS_LABELS } from '../../../src/api/contract/risks';
import {
  SEARCH_GROUP_LIMIT,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
  SEARCH_TOO_SHORT,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
  type SearchResult,
} from '../../../src/api/contract/search';
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { badRequest, json } from '../../lib/http';
import { route } from '../../lib/routes';
import { canSee as canSeeCheck } from '../checks/model';
import { canSee as canSeeRisk, sharedDirectory } from '../risks/access';
import type { MockState } from '../../store/state';

/** An entry of the index: what a query is matched against, and the result it gives. */
interface Entry {
  result: SearchResult;
  /** Lower-case words the query may be a part of (name, statement, login). */
  text: string;
  /** Lower-case codes a query names whole (a project's code, a check's index, an id). */
  codes: string[];
  /** Whether the persona may see it. */
  visible: (persona: Persona, shared: Shared) => boolean;
}

type Shared = ReturnType<typeof sharedDirectory>;

const ACCOUNT_TAB = 'CAN_VIEW_ACCOUNT_TAB';
/** People link to the risks and issues they own: who may read those may find them. */
const READS_RISKS = ['CAN_VIEW_RISK', 'CAN_VIEW_ISSUE'];

const holds = (persona: Persona, flag: string) => persona.permissions.includes(flag);

/** The index of everything searchable, built once per version of what it reads. */
function buildIndex(state: MockState): Entry[] {
  const code = new Map(state.projectDetails.map((details) => [details.project_id, details.code]));
  const entries: Entry[] = [];
  for (const project of state.projects) {
    const projectCode = code.get(project.id) ?? '';
    entries.push({
      result: {
        kind: 'project',
        id: project.id,
        title: project.name,
        detail: [projectCode, project.account_name].filter(Boolean).join(' · '),
        path: `/projects/${project.id}`,
      },
      text: project.name.toLowerCase(),
      codes: [String(project.id), projectCode.toLowerCase()].filter(Boolean),
      visible: (persona, shared) =>
        holds(persona, PROJECT_CARD_FLAG) && (!shared || shared.projects.has(project.id)),
    });
  }
  for (const account of state.accounts)
    entries.push({
      result: {
        kind: 'account',
        id: account.id,
        title: account.name,
        detail: `Delivery owner ${account.delivery_owner}`,
        path: `/accounts/${account.id}`,
      },
      text: account.name.toLowerCase(),
      codes: [String(account.id)],
      visible: (persona, shared) =>
        holds(persona, ACCOUNT_TAB) && (!shared || shared.accounts.has(account.id)),
    });
  for (const risk of state.risks)
    entries.push({
      result: {
        kind: risk.kind,
        id: risk.id,
        title: risk.statement,
        detail: `${entityLabel(risk.level, risk.kind)} ${risk.id} · ${
          risk.project?.name ?? risk.account?.name ?? risk.scope.name
        } · ${RISK_STATUS_LABELS[risk.status]}`,
        path: `/risks/${risk.id}`,
      },
      text: risk.statement.toLowerCase(),
      codes: [String(risk.id)],
      visible: (persona) => canSeeRisk(persona, risk),
    });
  const projectName = new Map(state.projects.map((project) => [project.id, project.name]));
  for (const poll of state.polls)
    entries.push({
      result: {
        kind: 'check',
        id: poll.id,
        title: `${POLL_TYPE_LABELS[poll.type]} ${poll.index} · ${projectName.get(poll.project_id) ?? ''}`,
        detail: `Check ${poll.id} · ${POLL_STATUS_LABELS[poll.status]}`,
        path: `/checks/${poll.id}`,
      },
      text: `${POLL_TYPE_LABELS[poll.type]} ${projectName.get(poll.project_id) ?? ''}`.toLowerCase(),
      codes: [String(poll.id), poll.index.toLowerCase()],
      visible: (persona) => canSeeCheck(persona, poll),
    });
  for (const person of state.people)
    entries.push({
      result: {
        kind: 'person',
        id: person.id,
        title: person.login ? `${person.name} (${person.login})` : person.name,
        detail: 'Risks and issues they own',
        path: `/risks?owner=${person.id}`,
      },
      text: `${person.name} ${person.login}`.toLowerCase(),
      codes: [],
      visible: (persona, shared) =>
        READS_RISKS.some((flag) => holds(persona, flag)) &&
        (!shared || shared.people.has(person.id)),
    });
  return entries;
}

/** How well an entry matches: a whole code or id first, then a word's start, then any part. */
function rank(entry: Entry, query: string): number {
  if (entry.codes.includes(query)) return 0;
  if (entry.text.startsWith(query) || entry.text.includes(` ${query}`)) return 1;
  if (entry.text.includes(query) || entry.codes.some((code) => code.startsWith(query))) return 2;
  return -1;
}

/**
 * `GET /api/search/?q=`: what the user may see whose name, code or id holds the text, grouped by
 * kind, the best SEARCH_GROUP_LIMIT of each with the count of all.
 */
export const search: Area = {
  feature: 'search',
  routes: ({ db }) => [
    route.get('/search/', ({ query, auth }) => {
      const raw = typeof query.q === 'string' ? query.q : '';
      const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
      if (text.length < SEARCH_MIN_LENGTH) badRequest({ q: [SEARCH_TOO_SHORT] });
      const index = db.memo('search-index', buildIndex);
      const shared = sharedDirectory(db.readState(), auth.persona);
      const found = new Map<SearchKind, { entry: Entry; rank: number }[]>();
      for (const entry of index) {
        const score = rank(entry, text);
        if (score < 0 || !entry.visible(auth.persona, shared)) continue;
        const kind = entry.result.kind;
        const list = found.get(kind) ?? [];
        list.push({ entry, rank: score });
        found.set(kind, list);
      }
      const groups: SearchGroup[] = SEARCH_KINDS.flatMap((kind) => {
        const matches = found.get(kind);
        if (!matches) return [];
        matches.sort(
          (a, b) =>
            a.rank - b.rank ||
            a.entry.result.title.localeCompare(b.entry.result.title, 'en') ||
            a.entry.result.id - b.entry.result.id,
        );
        return [
          {
            kind,
            label: SEARCH_KIND_LABELS[kind],
            count: matches.length,
            results: matches.slice(0, SEARCH_GROUP_LIMIT).map(({ entry }) => entry.result),
          },
        ];
      });
      const body: SearchResponse = { query: raw.trim(), groups };
      return json(body);
    }),
  ],
};
