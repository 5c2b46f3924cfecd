import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetail, OpenRiskCounts } from '../../api/contract/accounts';
import type { PollListItem } from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { renderRoutes } from '../../testing/renderRoutes';
import AccountPage, { CRM_PEOPLE_NOTE, CRM_STATUS_NOTE } from './AccountPage';
import { EXTRA_ASSISTANTS_NOTE } from './ExtraAssistants';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };
const DAVID = { id: 9, name: 'David Kowalski', login: 'dkowalski' };
const RHEA = { id: 101, name: 'Rhea Balistreri', login: 'rbalistreri' };

const counts = (risks: number, issues: number): OpenRiskCounts => ({
  risks,
  issues,
  risks_by_rating: { low: 0, moderate: 0, high: risks },
  issues_by_severity: { critical: 0, high: issues, moderate: 0, low: 0 },
});

const ACCOUNT: AccountDetail = {
  id: 18,
  name: 'Stanton - Wyman',
  business_line: { id: 8, name: 'Media' },
  business_segment: { id: 4, name: 'Retail and Media' },
  delivery_owner: DAVID,
  owner_assistant: RHEA,
  extra_assistants: [PRIYA],
  nps_status: 'promoter',
  csat_status: 'dissatisfied',
  projects: [
    {
      id: 1,
      name: 'Apollo Portal',
      code: 'APP-0001',
      status: 'active',
      high_ownership: true,
      manager: PRIYA,
      open_risks: 2,
      open_issues: 1,
    },
  ],
  account_risks: counts(1, 0),
  project_risks: counts(2, 1),
};

const POLL = {
  id: 7,
  type: 'health_check',
  status: 'started',
  progress: 40,
  project: { id: 1, name: 'Apollo Portal' },
  account: { name: 'Stanton - Wyman' },
} as unknown as PollListItem;
const OTHER_ACCOUNT_POLL = {
  ...POLL,
  id: 8,
  account: { name: 'Stanton - Wyman and Sons' },
} as unknown as PollListItem;

const VIEW = [
  'CAN_VIEW_ACCOUNT_TAB',
  'CAN_VIEW_BUSINESS_LINE_TAB',
  'CAN_VIEW_PROJECT_CARD',
  'CAN_VIEW_RISKS',
  'CAN_VIEW_CHECKS',
  'CAN_VIEW_RISK_DASHBOARD',
];
const EDIT = [...VIEW, 'CAN_EDIT_PROJECT_CARD'];

/** The account's calls; returns the stats events and the polls queries sent. */
function serve(account: AccountDetail = ACCOUNT) {
  let current = account;
  const pollQueries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/api/accounts/18/details/`, () => HttpResponse.json(current)),
    http.get(`${API}/api/accounts/18/history/`, () => HttpResponse.json([])),
    http.get(`${API}/api/accounts/18/targets/`, () => HttpResponse.json([])),
    http.get(`${API}/api/polls/`, ({ request }) => {
      pollQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page([POLL, OTHER_ACCOUNT_POLL]));
    }),
    http.delete(`${API}/api/accounts/18/extra-assistants/:userId/`, ({ params }) => {
      current = {
        ...current,
        extra_assistants: current.extra_assistants.filter(
          (person) => person.id !== Number(params.userId),
        ),
      };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/api/users/`, () => HttpResponse.json(page([LUCIA, PRIYA]))),
  );
  const stats = recordJson('post', '/api/stats/', (body) =>
    HttpResponse.json({
      id: 1,
      user_id: 1,
      created_at: '2026-11-25T10:00:00Z',
      ...(body as object),
    }),
  );
  const added = recordJson('post', '/api/accounts/18/extra-assistants/', () => {
    current = { ...current, extra_assistants: [...current.extra_assistants, LUCIA] };
    return HttpResponse.json(current, { status: 201 });
  });
  return { stats, added, pollQueries };
}

const renderPage = (path = '/accounts/18') =>
  renderRoutes([{ path: '/accounts/:accountId', element: <AccountPage /> }], path);

const assistantsPanel = () => screen.getByRole('region', { name: 'Extra account assistants' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account page', { timeout: 15_000 }, () => {
  it('lists its projects as cards on a phone, each name first, the status as a pill', async () => {
    onAPhone();
    signedInWith(VIEW);
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Projects of Stanton - Wyman' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^Apollo Portal/),
      'CodeAPP-0001',
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
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
    const crm = screen.getByRole('region', { name: 'Delivery owner and assistant' });
    expect(within(crm).getByText('David Kowalski (dkowalski)')).toBeVisible();
    expect(within(crm).getByText('Rhea Balistreri (rbalistreri)')).toBeVisible();
    expect(within(crm).getByText(CRM_PEOPLE_NOTE)).toBeVisible();
    expect(within(crm).queryByRole('button')).toBeNull();
    expect(within(crm).queryByRole('combobox')).toBeNull();
    const satisfaction = screen.getByRole('region', { name: 'Client satisfaction' });
    expect(within(satisfaction).getByText('Promoter')).toBeVisible();
    expect(within(satisfaction).getByText('Dissatisfied')).toBeVisible();
    expect(within(satisfaction).getByText(CRM_STATUS_NOTE)).toBeVisible();
    expect(within(satisfaction).queryByRole('button')).toBeNull();
    expect(within(assistantsPanel()).getByText(EXTRA_ASSISTANTS_NOTE)).toBeVisible();
  });

  it('links the line (with its flag), the projects, the risk lists, the checks and the dashboard', async () => {
    signedInWith(VIEW);
    const { pollQueries } = serve();
    renderPage();
    expect(await screen.findByRole('link', { name: 'Media' })).toHaveAttribute(
      'href',
      '/accounts/business-lines/8',
    );
    // Without CAN_VIEW_BUSINESS_SEGMENT_TAB the segment is a name, not a link.
    expect(screen.queryByRole('link', { name: 'Retail and Media' })).toBeNull();
    expect(screen.getByText('Retail and Media')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Apollo Portal' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(screen.getByRole('link', { name: 'Account-level risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=account&scope=18',
    );
    expect(screen.getByRole('link', { name: '2 open risks of Apollo Portal' })).toHaveAttribute(
      'href',
      '/risks?level=project&scope=1',
    );
    expect(screen.getByRole('link', { name: 'Riskiness' })).toHaveAttribute(
      'href',
      '/dashboard/account/18/riskiness',
    );
    expect(screen.getByRole('link', { name: 'Issueness' })).toHaveAttribute(
      'href',
      '/dashboard/account/18/issueness',
    );
    // Only this account's checks, from the polls list filtered by its name.
    expect(await screen.findByRole('link', { name: 'Health check 7' })).toHaveAttribute(
      'href',
      '/checks/7',
    );
    expect(screen.queryByRole('link', { name: 'Health check 8' })).toBeNull();
    expect(pollQueries[0]?.get('account')).toBe('Stanton - Wyman');
  });

  it('counts the visit once with the account, its line and its segment', async () => {
    signedInWith(VIEW);
    const { stats } = serve();
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
    const { added } = serve();
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
    serve();
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
    serve();
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
    serve();
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
    serve();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    const panel = assistantsPanel();
    expect(within(panel).getByText('Priya Nair (pnair)')).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it('shows the not-found screen for an unknown account, and a retry after a failure', async () => {
    signedInWith(VIEW);
    server.use(
      http.get(`${API}/api/accounts/99/details/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
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
    serve();
    server.use(
      http.get(`${API}/api/accounts/18/details/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
          : HttpResponse.json(ACCOUNT);
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
  });
});
