import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { currentMockBackend, useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { recordRequests } from '../../testing/recordRequests';
import { renderRoutes } from '../../testing/renderRoutes';
import AccountPage, { CRM_PEOPLE_NOTE, CRM_STATUS_NOTE } from './AccountPage';
import { EXTRA_ASSISTANTS_NOTE } from './ExtraAssistants';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): account 18 of the seed, Stanton
 * - Wyman, with its seven projects, Priya Nair as its one extra assistant and Self check 1 as its
 * latest check; `signedInWith` narrows the flags the screen sees.
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

/** Changes the mock's state (tracked, so its views see it) to set a case up. */
const setUp = (change: (state: ReturnType<MockBackend['state']>) => void) =>
  change(currentMockBackend()!.runtime.db.getState());

/** Account 18's extra assistants as the mock holds them now. */
const extraAssistantsOf18 = () =>
  currentMockBackend()!
    .state()
    .accountTeams.find((team) => team.account_id === 18)!.extra_assistant_ids;

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
    // This account's checks, from the polls list filtered by its name: unfiltered, the five
    // newest checks of the seed are other accounts' and none would be listed.
    expect(await screen.findByRole('link', { name: 'Self check 1' })).toHaveAttribute(
      'href',
      '/checks/1',
    );
  });

  it("leaves out the checks of an account whose name only contains this one's", async () => {
    signedInWith(VIEW);
    // Account 36 renamed: its Self check 196, the newest of the seed, matches the list's filter
    // on the name (which contains "Stanton - Wyman") and comes first.
    setUp((state) => {
      state.accounts.find((account) => account.id === 36)!.name = 'Stanton - Wyman and Sons';
      for (const project of state.projects)
        if (project.account_id === 36) project.account_name = 'Stanton - Wyman and Sons';
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Self check 1' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Self check 196' })).toBeNull();
  });

  it('counts the visit once with the account, its line and its segment', async () => {
    signedInWith(VIEW);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    await waitFor(() =>
      expect(
        currentMockBackend()!
          .state()
          .stats.map((event) => event.data),
      ).toEqual([
        {
          action: 'tab_visit',
          tab: 'account',
          account_id: 18,
          business_line_id: 8,
          business_segment_id: 4,
        },
      ]),
    );
  });

  it('adds an extra assistant through the people search', async () => {
    signedInWith(EDIT);
    renderPage();
    const box = await screen.findByRole('combobox', { name: 'Add an extra assistant' });
    await userEvent.type(box, 'Luc');
    // Priya, already an assistant, is not offered.
    const option = await screen.findByRole('option', { name: 'Lucia Romero (lromero)' });
    expect(screen.queryByRole('option', { name: 'Priya Nair (pnair)' })).toBeNull();
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'Add assistant' }));
    expect(await within(assistantsPanel()).findByText('Lucia Romero (lromero)')).toBeVisible();
    expect(
      await screen.findByText('Lucia Romero (lromero) is now an extra account assistant.'),
    ).toBeVisible();
    expect(extraAssistantsOf18()).toEqual([2, 8]);
  });

  it('asks for a person before adding, and shows a refusal on the field keeping the choice', async () => {
    signedInWith(EDIT);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add assistant' }));
    expect(await screen.findByText('Choose the person to add.')).toBeVisible();

    const box = screen.getByRole('combobox', { name: 'Add an extra assistant' });
    await userEvent.type(box, 'Luc');
    await userEvent.click(await screen.findByRole('option', { name: 'Lucia Romero (lromero)' }));
    // Meanwhile the CRM made her the account's owner assistant: the mock refuses her.
    setUp((state) => {
      state.accountTeams.find((team) => team.account_id === 18)!.owner_assistant_id = 8;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add assistant' }));
    expect(
      await within(assistantsPanel()).findByText(
        "Lucia Romero (lromero) is the account's owner assistant.",
      ),
    ).toBeVisible();
    expect(extraAssistantsOf18()).toEqual([2]);
    expect(box).toHaveValue('Lucia Romero (lromero)');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with a chosen person not added yet', async () => {
    signedInWith(EDIT);
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
    const deletes = recordRequests('/api/accounts/18/extra-assistants/*', 'DELETE');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Priya Nair (pnair)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this extra account assistant?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toHaveLength(0);
    expect(within(assistantsPanel()).getByText('Priya Nair (pnair)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Priya Nair (pnair)' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(within(assistantsPanel()).getByText('No extra account assistants.')).toBeVisible(),
    );
    expect(deletes).toHaveLength(1);
    expect(extraAssistantsOf18()).toEqual([]);
  });

  it('offers no add or remove without CAN_EDIT_PROJECT_CARD', async () => {
    signedInWith(VIEW);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    const panel = assistantsPanel();
    expect(within(panel).getByText('Priya Nair (pnair)')).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it('shows the not-found page for an unknown account, with the way back to the accounts', async () => {
    signedInWith(VIEW);
    // The seed has 40 accounts: the mock answers 404.
    renderPage('/accounts/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText(/There is no account at/)).toHaveTextContent('/accounts/99');
    expect(screen.queryByText('Looks like something went wrong')).toBeNull();
    expect(screen.queryByText('Reload page')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('offers Try again when the account fails to load', async () => {
    signedInWith(VIEW);
    // A 500 the seed cannot produce; the retry goes on to the mock backend.
    const load = failUntilAllowed('get', '/api/accounts/18/details/');
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    load.allow();
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
  });
});
