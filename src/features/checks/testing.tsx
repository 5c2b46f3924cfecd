/**
 * Test scenarios of the checks pages: data builders, named server set-ups (MSW overrides) and a
 * render helper with every checks route and a toast container. Imported by the tests only.
 */
import { http, HttpResponse } from 'msw';
import type { ProjectListItem } from '../../api/contract/directory';
import type { Paginated } from '../../api/contract/drf';
import type { Poll, PollListItem, PollModelInfo, UserListItem } from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { MEI, TEST_POLL } from '../../testing/msw/pollFixtures';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import CheckDetailsPage from './CheckDetailsPage';
import ChecksPage from './ChecksPage';
import ConfigureCheckPage from './ConfigureCheckPage';
import ModelsPage from './ModelsPage';

export const RAVI = { id: 5, name: 'Ravi Patel', login: 'rpatel' };
export const OLA = { id: 6, name: 'Ola Berg', login: '' };

export function makePollListItem(overrides: Partial<PollListItem> = {}): PollListItem {
  return {
    id: 1,
    status: 'started',
    type: 'health_check',
    model: 'sdo',
    index: 'HC_1',
    project: { id: 3, name: 'Apollo Portal' },
    account: { name: 'Acme' },
    main_expert: MEI,
    progress: 40,
    created_at: '2026-11-01T10:00:00Z',
    due_date: '2026-12-01',
    finished_at: null,
    is_invalid: false,
    ...overrides,
  };
}

/** The test poll as Ravi, an expert, sees it, with Ravi, Mei and Ola taking part. */
export function makePoll(overrides: Partial<Poll> = {}): Poll {
  return {
    ...TEST_POLL,
    reply_count: 2,
    user_pos: { pos: 'expert', uid: 5 },
    qc_owner: OLA,
    poll_stats: {
      participants: [
        { ...RAVI, role: 'exp', answered: 2, questions: 4, submitted: false },
        { ...MEI, role: 'main_expert', answered: 4, questions: 4, submitted: true },
        { ...OLA, role: 'pm', answered: 0, questions: 3, submitted: false },
      ],
      users_answer_counters: {},
      users_question_counters: {},
    },
    ...overrides,
  };
}

export const MODELS: PollModelInfo[] = [
  {
    code: 'sdo',
    name: 'SDO',
    description: 'Service delivery of a project.',
    types: ['health_check', 'self_check'],
    drivers: [
      {
        slug: 'delivery',
        name: 'Delivery',
        description: 'How the team plans and ships.',
        area: { name: 'Execution' },
        kb_link: 'https://kb.example.com/delivery',
        questions: [
          { id: 101, text: 'Is the plan agreed with the client?', roles: ['pm', 'exp'] },
          { id: 102, text: 'Are releases automated?', roles: ['exp'] },
        ],
      },
      {
        slug: 'quality',
        name: 'Quality',
        description: 'How quality is assured.',
        area: { name: 'Engineering' },
        kb_link: '',
        questions: [{ id: 103, text: 'Is code reviewed before merge?', roles: ['qcl'] }],
      },
    ],
  },
  {
    code: 'qmo',
    name: 'QMO',
    description: 'Quality management.',
    types: ['qmo_health_check', 'qmo_self_check'],
    drivers: [
      {
        slug: 'audits',
        name: 'Internal audits',
        description: 'Audits run on schedule.',
        area: { name: 'Governance' },
        kb_link: '',
        questions: [{ id: 201, text: 'Are audits planned?', roles: ['qcl'] }],
      },
    ],
  },
];

export const PROJECTS: ProjectListItem[] = [
  {
    id: 3,
    name: 'Apollo Portal',
    account_id: 9,
    account_name: 'Acme',
    delivery_unit: 'DU Nordics',
    high_ownership: false,
  },
  {
    id: 8,
    name: 'Apollo Mobile',
    account_id: 9,
    account_name: 'Acme',
    delivery_unit: 'DU Nordics',
    high_ownership: true,
  },
];

/** Answers `GET /api/polls/` and records every URL it was asked. */
export function servePolls(
  answer: (
    url: URL,
  ) => Paginated<PollListItem> | Response | Promise<Paginated<PollListItem> | Response>,
) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/polls/`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const body = await answer(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return seen;
}

export function servePoll(poll: Poll) {
  server.use(http.get(`${API}/api/polls/${poll.id}/`, () => HttpResponse.json(poll)));
}

export function serveModels(models: PollModelInfo[] = MODELS) {
  server.use(http.get(`${API}/api/poll-models/`, () => HttpResponse.json(models)));
}

/** `GET /api/users/?search=` over these people, by name or login. */
export function servePeople(people: UserListItem[] = [MEI, RAVI, OLA]) {
  const terms: string[] = [];
  server.use(
    http.get(`${API}/api/users/`, ({ request }) => {
      const term = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      terms.push(term);
      return HttpResponse.json(
        page(people.filter((p) => `${p.name} ${p.login}`.toLowerCase().includes(term))),
      );
    }),
  );
  return terms;
}

export function serveProjects(projects: ProjectListItem[] = PROJECTS) {
  server.use(
    http.get(`${API}/api/projects/`, ({ request }) => {
      const term = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json(page(projects.filter((p) => p.name.toLowerCase().includes(term))));
    }),
  );
}

/** Records the bodies sent to a check action and answers them with `answer`. */
export const recordAction = recordJson;

/** Every checks route at `path`, in a fresh signed-in store, with toasts. */
export function renderChecks(path: string) {
  return renderRoutes(
    [
      { path: '/checks', element: <ChecksPage /> },
      { path: '/checks/configure_new', element: <ConfigureCheckPage /> },
      { path: '/checks/models', element: <ModelsPage /> },
      { path: '/checks/:pollId', element: <CheckDetailsPage /> },
    ],
    path,
  );
}
