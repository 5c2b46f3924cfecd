import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKLIST_MESSAGES,
  CHECKLIST_RULES,
  type Checklist,
  type ChecklistDetail,
  type ChecklistItem,
} from '../../api/contract/checklists';
import { FILE_ERROR } from '../../api/contract/risks';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import ChecklistPage from './ChecklistPage';
import ChecklistsPage, { checklistGuidance } from './ChecklistsPage';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const ALL_FLAGS = [
  'CAN_VIEW_CHECKLISTS',
  'CAN_EDIT_CHECKLIST',
  'CAN_SUBMIT_CHECKLIST',
  'CAN_DECLINE_CHECKLIST',
  'CAN_CANCEL_CHECKLIST',
];

const item = (id: number, text: string, answer: ChecklistItem['answer'] = null): ChecklistItem => ({
  id,
  text,
  answer,
  comment: '',
  attachments: [],
});

const row = (id: number, overrides: Partial<Checklist> = {}): Checklist => ({
  id,
  project: { id: 1, name: 'Handmade Ball panel', code: 'PRJ-0001' },
  account: { id: 4, name: 'Acme' },
  template_name: 'Release readiness',
  due_date: '2030-12-04',
  state: 'available',
  assignee: PRIYA,
  items_count: 2,
  answered_count: 0,
  decline_reason: '',
  updated_at: '2026-11-01T09:00:00Z',
  updated_by: PRIYA,
  ...overrides,
});

const detail = (items: ChecklistItem[], overrides: Partial<Checklist> = {}): ChecklistDetail => ({
  ...row(1, overrides),
  items_count: items.length,
  answered_count: items.filter((entry) => entry.answer !== null).length,
  items,
});

const ONE = `${API}/api/checklists/1/`;

function serve(checklist: ChecklistDetail) {
  server.use(http.get(ONE, () => HttpResponse.json(checklist)));
}

const renderChecklist = () =>
  renderRoutes(
    [{ path: '/project-checklists/:checklistId', element: <ChecklistPage /> }],
    '/project-checklists/1',
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChecklistPage', () => {
  it('saves an answer at once and a comment after a pause, saying when it is saved', async () => {
    signedInWith(ALL_FLAGS);
    const items = [item(11, 'Release notes are written'), item(12, 'Regression tests pass')];
    serve(detail(items));
    const bodies = recordJson('patch', '/api/checklists/1/items/11/', (body) =>
      HttpResponse.json(
        detail([{ ...items[0]!, ...(body as object) }, items[1]!], { state: 'in_progress' }),
      ),
    );
    renderChecklist();
    const first = await screen.findByRole('group', {
      name: 'Answer to item 1: Release notes are written',
    });
    await userEvent.click(within(first).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(bodies).toEqual([{ answer: 'no', comment: '' }]));
    expect(await screen.findByText('Saved')).toBeVisible();

    await userEvent.type(screen.getByLabelText(/Comment on item 1/), 'Due Friday');
    // Nothing is sent per key: once the typing pauses, one save with the whole text.
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ answer: 'no', comment: 'Due Friday' });
  });

  it('keeps what was typed when a save fails, says why and tries again', async () => {
    signedInWith(ALL_FLAGS);
    const items = [item(11, 'Release notes are written')];
    serve(detail(items));
    let fail = true;
    const bodies = recordJson('patch', '/api/checklists/1/items/11/', (body) =>
      fail
        ? HttpResponse.json({ detail: 'Server down.' }, { status: 503 })
        : HttpResponse.json(detail([{ ...items[0]!, ...(body as object) }])),
    );
    renderChecklist();
    const comment = await screen.findByLabelText(/Comment on item 1/);
    await userEvent.type(comment, 'Shared with the client');
    await userEvent.tab();
    expect(
      await screen.findByText(/Not saved: Server down\. What you typed is kept\./),
    ).toBeVisible();
    expect(comment).toHaveValue('Shared with the client');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ answer: null, comment: 'Shared with the client' });
  });

  it('refuses to submit while items are unanswered or a “No” is unexplained, sending nothing', async () => {
    signedInWith(ALL_FLAGS);
    const unexplained = { ...item(12, 'Regression tests pass'), answer: 'no' as const };
    serve(detail([item(11, 'Release notes are written'), unexplained]));
    const submits = recordJson('post', '/api/checklists/1/submit/', () =>
      HttpResponse.json(detail([])),
    );
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'The checklist is not complete yet' });
    expect(dialog).toHaveTextContent(CHECKLIST_RULES.unanswered(1));
    expect(dialog).toHaveTextContent(CHECKLIST_RULES.unexplained(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the first one' }));
    expect(screen.getByText('Answer this item before submitting.')).toBeVisible();
    expect(screen.getByText('Say why in the comment: a “No” needs one.')).toBeVisible();
    expect(submits).toEqual([]);
  });

  it('submits a complete checklist after a confirmation, then reads the counter again', async () => {
    signedInWith(ALL_FLAGS);
    const done = [item(11, 'Release notes are written', 'yes')];
    serve(detail(done, { state: 'in_progress' }));
    const submits = recordJson('post', '/api/checklists/1/submit/', () =>
      HttpResponse.json(detail(done, { state: 'submitted' })),
    );
    let selfCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/self/') selfCalls += 1;
    });
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit this checklist?' });
    const before = selfCalls;
    server.use(http.get(ONE, () => HttpResponse.json(detail(done, { state: 'submitted' }))));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit checklist' }));
    expect(await screen.findByText(CHECKLIST_MESSAGES.submitted)).toBeVisible();
    expect(submits).toEqual([{}]);
    await waitFor(() => expect(selfCalls).toBeGreaterThan(before));
    // Submitted: read-only, the buttons gone.
    expect(await screen.findByText(CHECKLIST_RULES.final('submitted'))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    server.events.removeAllListeners();
  });

  it('declines only with a reason', async () => {
    signedInWith(ALL_FLAGS);
    serve(detail([item(11, 'Release notes are written')]));
    const declines = recordJson('post', '/api/checklists/1/decline/', (body) =>
      HttpResponse.json(
        detail([item(11, 'Release notes are written')], {
          state: 'declined',
          decline_reason: (body as { reason: string }).reason,
        }),
      ),
    );
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this checklist?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline checklist' }));
    expect(await within(dialog).findByText(CHECKLIST_RULES.reasonRequired)).toBeVisible();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveFocus();
    expect(declines).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'No release this quarter.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline checklist' }));
    expect(await screen.findByText(CHECKLIST_MESSAGES.declined)).toBeVisible();
    expect(declines).toEqual([{ reason: 'No release this quarter.' }]);
  });

  it('is read-only without the checklist flags: no buttons, no comment box, no upload', async () => {
    signedInWith(['CAN_VIEW_CHECKLISTS']);
    serve(detail([{ ...item(11, 'Release notes are written', 'yes'), comment: 'Sent Monday.' }]));
    renderChecklist();
    expect(
      await screen.findByText('You can read this checklist; filling it in is closed for you.'),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByText('Sent Monday.')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText(/Attach files/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit|Decline|Cancel/ })).toBeNull();
  });

  it('refuses a file the spec does not allow before sending it', async () => {
    signedInWith(ALL_FLAGS);
    serve(detail([item(11, 'Release notes are written')]));
    let uploads = 0;
    server.use(
      http.post(`${ONE}items/11/attachments/`, () => {
        uploads += 1;
        return HttpResponse.json(detail([]), { status: 201 });
      }),
    );
    renderChecklist();
    const input = await screen.findByLabelText('Attach files to item 1');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(uploads).toBe(0);
  });

  it('shows a failed load with a retry, and an unknown checklist as not found', async () => {
    signedInWith(ALL_FLAGS);
    server.use(http.get(ONE, () => HttpResponse.json({ detail: 'Down' }, { status: 500 })));
    renderChecklist();
    expect(await screen.findByText('The checklist could not be loaded')).toBeVisible();
    serve(detail([item(11, 'Release notes are written')]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release readiness' }),
    ).toBeVisible();
  });
});

describe('ChecklistsPage', () => {
  const ROWS = [
    row(1),
    row(3, {
      template_name: 'Security baseline',
      project: { id: 3, name: 'Sleek Chair array', code: 'PRJ-0003' },
      due_date: '2020-01-15',
      state: 'in_progress',
      answered_count: 1,
      items_count: 6,
    }),
  ];

  it('lists project, template, due date with overdue, state and progress', async () => {
    signedInWith(ALL_FLAGS);
    server.use(http.get(`${API}/api/checklists/`, () => HttpResponse.json(ROWS)));
    renderRoutes(
      [{ path: '/project-checklists', element: <ChecklistsPage /> }],
      '/project-checklists',
    );
    const table = await screen.findByRole('table', { name: 'Project checklists table' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('ChecklistProjectDue dateStateProgress');
    expect(rows[1]).toHaveTextContent(
      'Release readinessHandmade Ball panel PRJ-000112/04/2030Available0 of 2',
    );
    expect(rows[2]).toHaveTextContent(
      'Security baselineSleek Chair array PRJ-000301/15/2020OverdueIn progress1 of 6',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Release readiness' })).toHaveAttribute(
      'href',
      '/project-checklists/1',
    );
    expect(screen.getByText(/2 waiting on you, 2 in all/)).toBeVisible();
  });

  it('lists each checklist as a card on a phone, its template first', async () => {
    onAPhone();
    signedInWith(ALL_FLAGS);
    server.use(http.get(`${API}/api/checklists/`, () => HttpResponse.json(ROWS)));
    renderRoutes(
      [{ path: '/project-checklists', element: <ChecklistsPage /> }],
      '/project-checklists',
    );
    const table = await screen.findByRole('table', { name: 'Project checklists table' });
    const cells = [...within(table).getAllByRole('row')[2]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Security baseline',
      'ProjectSleek Chair array PRJ-0003',
      'Due date01/15/2020Overdue',
      'StateIn progress',
      'Progress1 of 6 items answered',
    ]);
  });

  it('sends the state, project and search of the URL as the query', async () => {
    signedInWith(ALL_FLAGS);
    const queries: string[] = [];
    server.use(
      http.get(`${API}/api/checklists/`, ({ request }) => {
        const search = new URL(request.url).search;
        queries.push(search);
        return HttpResponse.json(search ? ROWS.slice(1) : ROWS);
      }),
    );
    const { router } = renderRoutes(
      [{ path: '/project-checklists', element: <ChecklistsPage /> }],
      '/project-checklists',
    );
    await screen.findByRole('table', { name: 'Project checklists table' });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'In progress');
    await userEvent.selectOptions(screen.getByLabelText('Project'), 'Sleek Chair array (PRJ-0003)');
    await userEvent.type(screen.getByRole('searchbox'), 'security');
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ state: 'in_progress', project: '3', search: 'security' }),
    );
    await waitFor(() => expect(queries).toContain('?state=in_progress&project=3&search=security'));
  });

  it('shows an empty state and a failed load with a retry', async () => {
    signedInWith(ALL_FLAGS);
    server.use(http.get(`${API}/api/checklists/`, () => HttpResponse.json({}, { status: 500 })));
    renderRoutes(
      [{ path: '/project-checklists', element: <ChecklistsPage /> }],
      '/project-checklists',
    );
    expect(await screen.findByText('The checklists could not be loaded')).toBeVisible();
    server.use(http.get(`${API}/api/checklists/`, () => HttpResponse.json([])));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No checklists for you')).toBeVisible();
  });
});

describe('what the checklists page tells the user to do', () => {
  it('names only the steps the user may take', () => {
    expect(
      checklistGuidance(['CAN_EDIT_CHECKLIST', 'CAN_SUBMIT_CHECKLIST', 'CAN_DECLINE_CHECKLIST']),
    ).toBe('Fill them in, then submit, or decline one that does not apply.');
    // pm's flags: no CAN_DECLINE_CHECKLIST, so no word of declining.
    expect(checklistGuidance(['CAN_EDIT_CHECKLIST', 'CAN_SUBMIT_CHECKLIST'])).toBe(
      'Fill them in, then submit.',
    );
    expect(checklistGuidance(['CAN_VIEW_CHECKLISTS'])).toBe('You may read them.');
  });
});
