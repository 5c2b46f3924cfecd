import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollListItem } from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { useMockBackend } from '../../testing/mockBackend';
import { renderRoutes } from '../../testing/renderRoutes';
import AccountPage, { CRM_PEOPLE_NOTE, CRM_STATUS_NOTE } from './AccountPage';
import { EXTRA_ASSISTANTS_NOTE } from './ExtraAssistants';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): account 18 of the seed, Stanton
 * - Wyman, with its seven projects, Priya Nair as its one extra assistant; `signedInWith` narrows
 * the flags the screen sees.
 */
const VIEW = [
  'CAN_VIEW_ACCOUNT_TAB',
  'CAN_VIEW_BUSINESS_LINE_TAB',
  'CAN_VIEW_PROJECT_CARD',
  'CAN_VIEW_RISKS',
  'CAN_VIEW_CHECKS',
  'CAN_VIEW_RISK_DASHBOARD',
];
const EDIT = [...VIEW, 'CAN_EDIT_PROJECT_CARD'];

/** Records the visit events, the extra assistants added and the polls queries sent. */
function record() {
  const pollQueries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/api/polls/`, ({ request }) => {
      pollQueries.push(new URL(request.url).searchParams);
      return undefined;
    }),
  );
  const stats = recordJson('post', '/api/stats/');
  const added = recordJson('post', '/api/accounts/18/extra-assistants/');
  return { stats, added, pollQueries };
}

const renderPage = (path = '/accounts/18') =>
  renderRoutes([{ path: '/accounts/:accountId', element: <AccountPage /> }], path);

const assistantsPanel = () => screen.getByRole('region', { name: 'Extra account assistants' });

beforeEach(async () => {
  await useMockBackend('admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account page', { timeout: 15_000 }, () => {
  it('lists its projects as cards on a phone, each name first, the status as a pill', async () => {
    onAPhone();
    signedInWith(VIEW);
    record();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Projects of Stanton - Wyman' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^Handmade Ball panel/),
      'CodeHBP-0001',
      'StatusActive',
      expect.stringMatching(/^Project manager/),
      expect.stringMatching(/^Open risks\d+$/),
      expect.stringMatching(/^Open issues\d+$/),
    ]);
    expect(within(cells[2] as HTMLElement).getByText('Active')).toHaveAttribute(
      'data-status',
      'active',
    );
  });

  it('shows the CRM people and statuses read-only, each with the note that the CRM owns them', async () => {
    signedInWith(EDIT);
    record();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
    const crm = screen.getByRole('region', { name: 'Delivery owner and assistant' });
    expect(within(crm).getByText('David Kowalski (dkowalski)')).toBeVisible();
    expect(within(crm).getByText('Jacqueline Schultz (jschultz)')).toBeVisible();
    expect(within(crm).getByText(CRM_PEOPLE_NOTE)).toBeVisible();
    expect(within(crm).queryByRole('button')).toBeNull();
    expect(within(crm).queryByRole('combobox')).toBeNull();
    const satisfaction = screen.getByRole('region', { name: 'Client satisfaction' });
    expect(within(satisfaction).getByText('Passive')).toBeVisible();
    expect(within(satisfaction).getByText('Neutral')).toBeVisible();
    expect(within(satisfaction).getByText(CRM_STATUS_NOTE)).toBeVisible();
    expect(within(satisfaction).queryByRole('button')).toBeNull();
    expect(within(assistantsPanel()).getByText(EXTRA_ASSISTANTS_NOTE)).toBeVisible();
  });

  it('links the line (with its flag), the projects, the risk lists, the checks and the dashboard', async () => {
    signedInWith(VIEW);
    const { pollQueries } = record();
    renderPage();
    expect(await screen.findByRole('link', { name: 'Media' })).toHaveAttribute(
      'href',
      '/accounts/business-lines/8',
    );
    // Without CAN_VIEW_BUSINESS_SEGMENT_TAB the segment is a name, not a link.
    expect(screen.queryByRole('link', { name: 'Retail and Media' })).toBeNull();
    expect(screen.getByText('Retail and Media')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Handmade Ball panel' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(screen.getByRole('link', { name: 'Account-level risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=account&scope=18',
    );
    expect(
      screen.getByRole('link', { name: '3 open risks of Handmade Ball panel' }),
    ).toHaveAttribute('href', '/risks?level=project&scope=1');
    expect(screen.getByRole('link', { name: 'Riskiness' })).toHaveAttribute(
      'href',
      '/dashboard/account/18/riskiness',
    );
    expect(screen.getByRole('link', { name: 'Issueness' })).toHaveAttribute(
      'href',
      '/dashboard/account/18/issueness',
    );
    // This account's checks, from the polls list filtered by its name.
    expect(await screen.findByRole('link', { name: 'Self check 1' })).toHaveAttribute(
      'href',
      '/checks/1',
    );
    expect(pollQueries[0]?.get('account')).toBe('Stanton - Wyman');
  });

  it("leaves out the checks of an account whose name only contains this one's", async () => {
    signedInWith(VIEW);
    // The seed has no such account: the list answers one check of each.
    const poll = (id: number, account: string) =>
      ({
        id,
        type: 'health_check',
        status: 'started',
        progress: 40,
        project: { id: 1, name: 'Handmade Ball panel' },
        account: { name: account },
      }) as unknown as PollListItem;
    server.use(
      http.get(`${API}/api/polls/`, () =>
        HttpResponse.json(page([poll(7, 'Stanton - Wyman'), poll(8, 'Stanton - Wyman and Sons')])),
      ),
    );
    renderPage();
    expect(await screen.findByRole('link', { name: 'Health check 7' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Health check 8' })).toBeNull();
  });

  it('counts the visit once with the account, its line and its segment', async () => {
    signedInWith(VIEW);
    const { stats } = record();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    await waitFor(() =>
      expect(stats).toEqual([
        {
          data: {
            action: 'tab_visit',
            tab: 'account',
            account_id: 18,
            business_line_id: 8,
            business_segment_id: 4,
          },
        },
      ]),
    );
  });

  it('adds an extra assistant through the people search', async () => {
    signedInWith(EDIT);
    const { added } = record();
    renderPage();
    const box = await screen.findByRole('combobox', { name: 'Add an extra assistant' });
    await userEvent.type(box, 'Luc');
    // Priya, already an assistant, is not offered.
    const option = await screen.findByRole('option', { name: 'Lucia Romero (lromero)' });
    expect(screen.queryByRole('option', { name: 'Priya Nair (pnair)' })).toBeNull();
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'Add assistant' }));
    await waitFor(() => expect(added).toEqual([{ user_id: 8 }]));
    expect(await within(assistantsPanel()).findByText('Lucia Romero (lromero)')).toBeVisible();
    expect(
      await screen.findByText('Lucia Romero (lromero) is now an extra account assistant.'),
    ).toBeVisible();
  });

  it('asks for a person before adding, and shows a refusal on the field keeping the choice', async () => {
    signedInWith(EDIT);
    record();
    server.use(
      http.post(`${API}/api/accounts/18/extra-assistants/`, () =>
        HttpResponse.json(
          { user_id: ['Lucia Romero (lromero) is the account’s owner assistant.'] },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add assistant' }));
    expect(await screen.findByText('Choose the person to add.')).toBeVisible();

    const box = screen.getByRole('combobox', { name: 'Add an extra assistant' });
    await userEvent.type(box, 'Luc');
    await userEvent.click(await screen.findByRole('option', { name: 'Lucia Romero (lromero)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add assistant' }));
    expect(
      await within(assistantsPanel()).findByText(
        'Lucia Romero (lromero) is the account’s owner assistant.',
      ),
    ).toBeVisible();
    expect(box).toHaveValue('Lucia Romero (lromero)');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with a chosen person not added yet', async () => {
    signedInWith(EDIT);
    record();
    renderPage();
    await userEvent.type(
      await screen.findByRole('combobox', { name: 'Add an extra assistant' }),
      'Luc',
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Lucia Romero (lromero)' }));
    await userEvent.click(screen.getByRole('link', { name: 'Account-level risks and issues' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('The person you chose is not added yet.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeVisible();
  });

  it('asks before removing an extra assistant, and removes only when confirmed', async () => {
    signedInWith(EDIT);
    record();
    let deletes = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') deletes += 1;
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Priya Nair (pnair)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this extra account assistant?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);
    expect(within(assistantsPanel()).getByText('Priya Nair (pnair)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Priya Nair (pnair)' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(within(assistantsPanel()).getByText('No extra account assistants.')).toBeVisible(),
    );
    expect(deletes).toBe(1);
    server.events.removeAllListeners();
  });

  it('offers no add or remove without CAN_EDIT_PROJECT_CARD', async () => {
    signedInWith(VIEW);
    record();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    const panel = assistantsPanel();
    expect(within(panel).getByText('Priya Nair (pnair)')).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it('shows the not-found screen for an unknown account, and a retry after a failure', async () => {
    signedInWith(VIEW);
    // The seed has 40 accounts: the mock answers 404.
    renderPage('/accounts/99');
    expect(await screen.findByText('Looks like something went wrong')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('offers Try again when the account fails to load', async () => {
    signedInWith(VIEW);
    let calls = 0;
    record();
    server.use(
      http.get(`${API}/api/accounts/18/details/`, () => {
        calls += 1;
        // The first call fails; the retry goes on to the mock backend.
        return calls === 1 ? HttpResponse.json({ detail: 'Boom' }, { status: 500 }) : undefined;
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
  });
});
