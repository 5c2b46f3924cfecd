import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKLIST_MESSAGES,
  CHECKLIST_RULES,
  type Checklist,
  type ChecklistItem,
} from '../../api/contract/checklists';
import { FILE_ERROR } from '../../api/contract/risks';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { useNodeFiles } from '../../testing/nodeFiles';
import { ITEM_FILE_MESSAGES } from './ChecklistItemCard';
import ChecklistPage from './ChecklistPage';
import ChecklistsPage, { checklistGuidance } from './ChecklistsPage';

const ALL_FLAGS = [
  'CAN_VIEW_CHECKLISTS',
  'CAN_EDIT_CHECKLIST',
  'CAN_SUBMIT_CHECKLIST',
  'CAN_DECLINE_CHECKLIST',
  'CAN_CANCEL_CHECKLIST',
];

/**
 * The mock backend answers (src/testing/mockBackend.ts): `pm` is assigned the seed's checklists
 * 1–7; checklist 1, "Release readiness" of Handmade Ball panel, is available with five items
 * unanswered (86–90 of `admin`'s checklist 18 are the same template). `signedInWith` narrows the
 * flags the screen sees.
 */
const FIRST_ITEM = 'Answer to item 1: Release notes are written and reviewed';

/** Sets the answers of checklist `id`'s items in the mock's state, in their order. */
function answer(
  id: number,
  answers: (ChecklistItem['answer'] | [ChecklistItem['answer'], string])[],
  state?: Checklist['state'],
) {
  const checklist = currentMockBackend()!
    .runtime.db.getState()
    .checklists.find((entry) => entry.id === id)!;
  checklist.items.forEach((entry, index) => {
    const given = answers[index] ?? null;
    [entry.answer, entry.comment] = Array.isArray(given) ? given : [given, entry.comment];
  });
  if (state) checklist.state = state;
}

const renderChecklist = (id = 1) =>
  renderRoutes(
    [{ path: '/project-checklists/:checklistId', element: <ChecklistPage /> }],
    `/project-checklists/${id}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChecklistPage', () => {
  beforeEach(async () => {
    await useMockBackend('pm');
  });

  it('saves an answer at once and a comment after a pause, saying when it is saved', async () => {
    signedInWith(ALL_FLAGS);
    const bodies = recordJson('patch', '/api/checklists/1/items/1/');
    renderChecklist();
    const first = await screen.findByRole('group', { name: FIRST_ITEM });
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
    // The save fails until the test allows it; the retry goes on to the mock backend.
    const save = failUntilAllowed('patch', '/api/checklists/1/items/1/', {
      status: 503,
      body: { detail: 'Server down.' },
    });
    const bodies = recordJson('patch', '/api/checklists/1/items/1/');
    renderChecklist();
    const comment = await screen.findByLabelText(/Comment on item 1/);
    await userEvent.type(comment, 'Shared with the client');
    await userEvent.tab();
    expect(
      await screen.findByText(/Not saved: Server down\. What you typed is kept\./),
    ).toBeVisible();
    expect(comment).toHaveValue('Shared with the client');
    save.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ answer: null, comment: 'Shared with the client' });
  });

  it('refuses to submit while items are unanswered or a “No” is unexplained, sending nothing', async () => {
    signedInWith(ALL_FLAGS);
    answer(1, [null, 'no', 'yes', 'yes', 'yes'], 'in_progress');
    const submits = recordJson('post', '/api/checklists/1/submit/');
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
    answer(1, ['yes', 'yes', 'yes', 'yes', 'yes'], 'in_progress');
    const submits = recordJson('post', '/api/checklists/1/submit/');
    let selfCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/self/') selfCalls += 1;
    });
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit this checklist?' });
    const before = selfCalls;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit checklist' }));
    expect(await screen.findByText(CHECKLIST_MESSAGES.submitted)).toBeVisible();
    expect(submits).toEqual([{}]);
    await waitFor(() => expect(selfCalls).toBeGreaterThan(before));
    // Submitted: read-only, the buttons gone.
    expect(await screen.findByText(CHECKLIST_RULES.final('submitted'))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: FIRST_ITEM })).getByRole('radio', { name: 'Yes' }),
    ).toBeDisabled();
    server.events.removeAllListeners();
  });

  it('declines only with a reason', async () => {
    // Only `admin` may decline: its checklist 18 is available, of the same template.
    await useMockBackend('admin');
    signedInWith(ALL_FLAGS);
    const declines = recordJson('post', '/api/checklists/18/decline/');
    renderChecklist(18);
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
    answer(1, [['yes', 'Sent Monday.']], 'in_progress');
    renderChecklist();
    expect(
      await screen.findByText('You can read this checklist; filling it in is closed for you.'),
    ).toBeVisible();
    const first = screen.getByRole('group', { name: FIRST_ITEM });
    expect(within(first).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(first).getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByText('Sent Monday.')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText(/Attach files/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit|Decline|Cancel/ })).toBeNull();
  });

  it('says that a file is attached and that one is removed, the removal asked first', async () => {
    await useNodeFiles();
    signedInWith(ALL_FLAGS);
    const held = () =>
      currentMockBackend()!
        .runtime.db.getState()
        .checklists.find((entry) => entry.id === 1)!
        .items[0]!.attachments.map((file) => file.name);
    renderChecklist();
    const input = await screen.findByLabelText('Attach files to item 1');
    await userEvent.upload(
      input,
      new File(['%PDF-1.4\n'], 'release-notes.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(ITEM_FILE_MESSAGES.attached(1, 1))).toBeVisible();
    expect(held()).toEqual(['release-notes.pdf']);

    const files = await screen.findByRole('list', { name: 'Files of item 1' });
    await userEvent.click(within(files).getByRole('button', { name: 'Remove release-notes.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “release-notes.pdf”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(ITEM_FILE_MESSAGES.removed('release-notes.pdf', 1)),
    ).toBeVisible();
    expect(held()).toEqual([]);
  });

  it('refuses a file the spec does not allow before sending it', async () => {
    signedInWith(ALL_FLAGS);
    let uploads = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/attachments/')) uploads += 1;
    });
    renderChecklist();
    const input = await screen.findByLabelText('Attach files to item 1');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(uploads).toBe(0);
    server.events.removeAllListeners();
  });

  it('shows a failed load with a retry, and an unknown checklist as not found', async () => {
    signedInWith(ALL_FLAGS);
    // The read fails until the test allows it; the retry goes on to the mock backend.
    const load = failUntilAllowed('get', '/api/checklists/1/');
    renderChecklist();
    expect(await screen.findByText('The checklist could not be loaded')).toBeVisible();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release readiness' }),
    ).toBeVisible();
  });

  it.each([99999, 'abc'])(
    'shows checklist %s, which is not there, as the page not found, with the way back',
    async (id) => {
      await useMockBackend('pm');
      renderChecklist(id as number);
      // Not a poll: the 'Page not found' page an unknown project or account has, not the error
      // screen and its 'Reload page', which cannot bring the checklist back.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeVisible();
      expect(screen.getByText(/There is no checklist at.*that you may open\./)).toHaveTextContent(
        `/project-checklists/${id}`,
      );
      expect(screen.getByRole('link', { name: 'Back to the checklists' })).toHaveAttribute(
        'href',
        '/project-checklists',
      );
      expect(screen.queryByText('Looks like something went wrong')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
    },
  );
});

describe('ChecklistsPage', () => {
  // `pm`'s seven checklists, on Saturday, November 28, 2026: checklist 2 (due 11/27) is overdue.
  beforeEach(async () => {
    // The clock first: the seed of that day, whatever day the tests run on.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 28, 12) });
    await useMockBackend('pm');
  });
  afterEach(() => vi.useRealTimers());

  const renderList = () =>
    renderRoutes(
      [{ path: '/project-checklists', element: <ChecklistsPage /> }],
      '/project-checklists',
    );
  const rowOf = (table: HTMLElement, text: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(text))!;

  it('lists project, template, due date with overdue, state and progress', async () => {
    signedInWith(ALL_FLAGS);
    renderList();
    const table = await screen.findByRole('table', { name: 'Project checklists table' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('ChecklistProjectDue dateStateProgress');
    expect(rows).toHaveLength(8);
    expect(rowOf(table, 'HBP-000112/04/2026')).toHaveTextContent(
      'Release readinessHandmade Ball panel HBP-000112/04/2026Available0 of 5',
    );
    expect(rowOf(table, 'TGM-000211/27/2026')).toHaveTextContent(
      'Sprint quality gateTasty Gloves microchip TGM-000211/27/2026OverdueIn progress2 of 4',
    );
    // A submitted checklist past its due date is not overdue.
    expect(rowOf(table, 'HBP-000111/10/2026')).not.toHaveTextContent('Overdue');
    expect(
      within(rowOf(table, 'HBP-000112/04/2026')).getByRole('link', { name: 'Release readiness' }),
    ).toHaveAttribute('href', '/project-checklists/1');
    expect(screen.getByText(/4 waiting on you, 7 in all/)).toBeVisible();
  });

  it('lists each checklist as a card on a phone, its template first', async () => {
    onAPhone();
    signedInWith(ALL_FLAGS);
    renderList();
    const table = await screen.findByRole('table', { name: 'Project checklists table' });
    // On a phone each cell carries its column's name.
    const cells = [...rowOf(table, 'Due date11/27/2026').children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Sprint quality gate',
      'ProjectTasty Gloves microchip TGM-0002',
      'Due date11/27/2026Overdue',
      'StateIn progress',
      'Progress2 of 4 items answered',
    ]);
  });

  it('sends the state, project and search of the URL as the query', async () => {
    signedInWith(ALL_FLAGS);
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/checklists/') queries.push(url.search);
    });
    const { router } = renderList();
    await screen.findByRole('table', { name: 'Project checklists table' });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'In progress');
    await userEvent.selectOptions(
      screen.getByLabelText('Project'),
      'Incredible Shirt feed (ISF-0003)',
    );
    await userEvent.type(screen.getByRole('searchbox'), 'security');
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ state: 'in_progress', project: '3', search: 'security' }),
    );
    await waitFor(() => expect(queries).toContain('?state=in_progress&project=3&search=security'));
    server.events.removeAllListeners();
  });

  it('shows an empty state and a failed load with a retry', async () => {
    signedInWith(ALL_FLAGS);
    server.use(http.get(`${API}/api/checklists/`, () => HttpResponse.json({}, { status: 500 })));
    renderList();
    expect(await screen.findByText('The checklists could not be loaded')).toBeVisible();
    // No seeded persona with the flag has none: the one case the seed cannot give.
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
