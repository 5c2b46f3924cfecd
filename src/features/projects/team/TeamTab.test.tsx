import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { TEAM_MESSAGES, type TeamMember } from '../../../api/contract/projectTeam';
import { formatDate } from '../../../api/contract/display';
import { todayIso } from '../../../shared/lib/today';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { failUntilAllowed } from '../../../testing/msw/failUntilAllowed';
import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/renderRoutes';
import { onAPhone } from '../../../testing/phone';
import TeamTab, { fullTimeText, sortMembers } from './TeamTab';
// Loaded ahead, as the tab itself prefetches it: the dialog opens at once.
import './MemberDialog';

const PROJECT: ProjectDetail = {
  id: 1,
  name: 'Handmade Ball panel',
  code: 'HBP-0001',
  status: 'active',
  high_ownership: false,
  account: { id: 1, name: 'Acme' },
  business_line: { id: 1, name: 'Retail' },
  business_segment: { id: 1, name: 'Europe' },
  manager: { id: 2, name: 'Priya Nair', login: 'pnair' },
  start_date: '2025-01-01',
  end_date: null,
  description: '',
  expert_description: '',
  exclude_from_kpi: false,
  ada: false,
  profile_revenue: null,
  open_risks: 0,
  open_issues: 0,
  checks_in_progress: 0,
  team_size: 3,
};

const member = (id: number, name: string, role: TeamMember['role'], allocation: number) => ({
  id,
  person: { id: 100 + id, name, login: name.split(' ')[0]!.toLowerCase() },
  role,
  allocation,
  start_date: '2025-02-03',
  end_date: null,
});
const MEMBERS: TeamMember[] = [
  member(3, 'Zoe Tester', 'tester', 50),
  member(1, 'Priya Nair', 'project_manager', 100),
  member(4, 'Adam Tester', 'tester', 20),
  member(2, 'Omar Haddad', 'qc_lead', 30),
];
const EDIT = ['CAN_VIEW_TEAM', 'CAN_EDIT_PROJECT_CARD'];

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's project 1 has six
 * current members (Priya Nair its manager at 50%, Omar Haddad, Reilly Balistreri, Robert Bogisich,
 * Selmer Sporer, Maci Mayert: 370% in all) and two past ones (Aurelio Cartwright, Annabel Purdy).
 */
beforeEach(async () => {
  await useMockBackend('admin');
});
afterEach(() => server.events.removeAllListeners());

/** The team's writes as sent: method, address and JSON body. */
function recordWrites() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' || !request.url.includes('/api/projects/1/team/')) return;
    const entry = { method: request.method, url: request.url, body: null as unknown };
    sent.push(entry);
    if (request.method !== 'DELETE')
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          entry.body = body;
        });
  });
  return sent;
}

const renderTab = (permissions: string[] = EDIT) =>
  renderRoutes(
    [
      {
        path: '/projects/1/team',
        element: <TeamTab project={PROJECT} permissions={permissions} />,
      },
    ],
    '/projects/1/team',
  );

describe('the team table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads as a list of cards on a phone: each member first, then each value under its name', async () => {
    onAPhone();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    const priya = within(table)
      .getByRole('rowheader', { name: 'Priya Nair (pnair)' })
      .closest('tr')!;
    expect(
      within(priya)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'RoleProject manager From the CRM',
      'Allocation50%',
      expect.stringMatching(/^Start\d\d\/\d\d\/\d{4}$/),
      expect.stringMatching(/^End/),
      '',
    ]);
    // The buttons keep their names on the card.
    expect(within(priya).getByRole('button', { name: 'Edit Priya Nair (pnair)' })).toBeVisible();
    const total = within(table).getByRole('rowheader', { name: 'Total allocation' }).closest('tr')!;
    expect(total).toHaveTextContent('Allocation370% 3.7 full-time people');
  });

  it('sorts by role then name and totals the allocation', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    // Manager, QC lead, delivery manager, two developers by name, business analyst.
    expect(names).toEqual([
      'Priya Nair (pnair)',
      'Omar Haddad (ohaddad)',
      'Reilly Balistreri (rbalistreri)',
      'Robert Bogisich (rbogisich)',
      'Selmer Sporer (ssporer)',
      'Maci Mayert (mmayert)',
      'Total allocation',
    ]);
    const total = within(table).getByRole('rowheader', { name: 'Total allocation' }).closest('tr')!;
    expect(total).toHaveTextContent('370%');
    expect(total).toHaveTextContent('3.7 full-time people');
    expect(screen.getByText('6 members, by role then name')).toBeVisible();
  });

  it('counts only current members: one whose end date has passed is listed apart, with it', async () => {
    // Selmer Sporer leaves today (still counted); Maci Mayert left yesterday.
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    const members = currentMockBackend()!.runtime.db.getState().projectMembers;
    members.find((entry) => entry.id === 8)!.end_date = todayIso();
    members.find((entry) => entry.id === 5)!.end_date = todayIso(yesterday);
    renderTab();
    const table = await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    expect(within(table).queryByText(/Maci Mayert/)).toBeNull();
    expect(within(table).queryByText(/Annabel Purdy/)).toBeNull();
    expect(within(table).getByText(/Selmer Sporer/)).toBeVisible();
    expect(screen.getByText('5 members, by role then name')).toBeVisible();
    const total = within(table).getByRole('rowheader', { name: 'Total allocation' }).closest('tr')!;
    expect(total).toHaveTextContent('345%');
    expect(total).toHaveTextContent('3.5 full-time people');
    expect(screen.getByRole('heading', { name: 'Past members' })).toBeVisible();
    const pastTable = screen.getByRole('table', { name: 'Past members of Handmade Ball panel' });
    const leftRow = within(pastTable)
      .getByRole('rowheader', { name: 'Maci Mayert (mmayert)' })
      .closest('tr')!;
    expect(leftRow).toHaveTextContent(formatDate(todayIso(yesterday)));
    expect(
      within(pastTable).getByRole('rowheader', { name: 'Annabel Purdy (apurdy)' }),
    ).toBeVisible();
    expect(within(pastTable).getByRole('columnheader', { name: 'Ended' })).toBeVisible();
  });

  it('counts a member whose start date is ahead nowhere, and lists them apart as starting later', async () => {
    // Maci Mayert starts tomorrow; Selmer Sporer starts today (counted).
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const members = currentMockBackend()!.runtime.db.getState().projectMembers;
    members.find((entry) => entry.id === 5)!.start_date = todayIso(tomorrow);
    members.find((entry) => entry.id === 8)!.start_date = todayIso();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    expect(within(table).queryByText(/Maci Mayert/)).toBeNull();
    expect(within(table).getByText(/Selmer Sporer/)).toBeVisible();
    expect(screen.getByText('5 members, by role then name')).toBeVisible();
    const total = within(table).getByRole('rowheader', { name: 'Total allocation' }).closest('tr')!;
    expect(total).toHaveTextContent('345%');
    expect(screen.getByRole('heading', { name: 'Starting later' })).toBeVisible();
    const later = screen.getByRole('table', {
      name: 'Members of Handmade Ball panel starting later',
    });
    expect(
      within(later).getByRole('rowheader', { name: 'Maci Mayert (mmayert)' }).closest('tr'),
    ).toHaveTextContent(formatDate(todayIso(tomorrow)));
    // The past members stay under their own heading.
    expect(
      within(
        screen.getByRole('table', { name: 'Past members of Handmade Ball panel' }),
      ).queryByText(/Maci Mayert/),
    ).toBeNull();
  });

  it('is read-only without CAN_EDIT_PROJECT_CARD: no Add, Edit or Remove', async () => {
    renderTab(['CAN_VIEW_TEAM']);
    await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    expect(screen.queryByRole('button', { name: /Add member|Edit|Remove/ })).toBeNull();
  });

  it('offers no Remove for the project manager, who comes from the CRM', async () => {
    renderTab();
    await screen.findByRole('table', { name: 'Team of Handmade Ball panel' });
    expect(screen.getByRole('button', { name: 'Edit Priya Nair (pnair)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Priya Nair (pnair)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Omar Haddad (ohaddad)' })).toBeVisible();
  });

  it('says so when the team cannot be loaded, and tries again', async () => {
    // The read fails until the test allows it; the retry goes on to the mock backend.
    const load = failUntilAllowed('get', '/api/projects/1/team/');
    renderTab();
    expect(await screen.findByText('The team could not be loaded')).toBeVisible();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Team of Handmade Ball panel' })).toBeVisible();
  });
});

describe('adding and removing members', () => {
  it('adds a member through the dialog; a 400 goes on its field and keeps what was typed', async () => {
    const sent = recordWrites();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a team member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText('Choose the person to add.')).toBeVisible();
    expect(within(dialog).getByText('Give the allocation in percent.')).toBeVisible();

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Person' }), 'Luc');
    await userEvent.click(await screen.findByRole('option', { name: 'Lucia Romero (lromero)' }));
    expect(within(dialog).queryByRole('option', { name: /Priya/ })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Tester');
    const allocation = within(dialog).getByRole('spinbutton', { name: 'Allocation (%)' });
    await userEvent.type(allocation, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(
      await within(dialog).findByText('Ensure this value is less than or equal to 100.'),
    ).toBeVisible();
    expect(allocation).toHaveValue(150);
    expect(allocation).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('combobox', { name: 'Person' })).toHaveValue(
      'Lucia Romero (lromero)',
    );
    expect(sent[0]?.body).toMatchObject({ person_id: 8, role: 'tester', allocation: 150 });

    await userEvent.clear(allocation);
    await userEvent.type(allocation, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Lucia Romero (lromero) has joined the team.')).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: 'Lucia Romero (lromero)' })).toBeVisible();
    expect(sent[1]?.body).toMatchObject({ allocation: 60, end_date: null });
  }, 20_000);

  it('checks the end date against the start date before sending', { timeout: 20_000 }, async () => {
    const sent = recordWrites();
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Robert Bogisich (rbogisich)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Robert Bogisich (rbogisich)' });
    const end = within(dialog).getByRole('textbox', { name: 'End date' });
    await userEvent.clear(end);
    await userEvent.type(end, '01/01/2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(TEAM_MESSAGES.endBeforeStart)).toBeVisible();
    expect(sent).toEqual([]);

    // Closing with a change asks first; discarding closes without a call.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    expect(discard).toHaveTextContent('What you typed for this member is not saved');
    await userEvent.click(within(discard).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });

  it("changes the manager's allocation and dates, never the role, which comes from the CRM", async () => {
    const sent = recordWrites();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Priya Nair (pnair)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Priya Nair (pnair)' });
    expect(within(dialog).queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(dialog).toHaveTextContent('Role: Project manager (from the CRM)');
    const allocation = within(dialog).getByRole('spinbutton', { name: 'Allocation (%)' });
    await userEvent.clear(allocation);
    await userEvent.type(allocation, '80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: expect.stringMatching(/\/team\/1\/$/) as unknown as string,
        body: { allocation: 80, start_date: '2025-08-14', end_date: '2027-08-18' },
      },
    ]);
    expect(
      await screen.findByText('The changes to Priya Nair (pnair) have been saved.'),
    ).toBeVisible();
  }, 20_000);

  it('asks before removing, then removes', async () => {
    const sent = recordWrites();
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Omar Haddad (ohaddad)' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove Omar Haddad (ohaddad) from the team?',
    });
    expect(sent).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toMatch(/\/api\/projects\/1\/team\/2\/$/);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Omar Haddad (ohaddad)' })).toBeNull(),
    );
  });
});

describe('helpers', () => {
  it('sort by role order, then name', () => {
    expect(sortMembers(MEMBERS).map((m) => m.id)).toEqual([1, 2, 4, 3]);
  });
  it('say the total in full-time people', () => {
    expect(fullTimeText(100)).toBe('one full-time person');
    expect(fullTimeText(520)).toBe('5.2 full-time people');
    expect(fullTimeText(0)).toBe('0 full-time people');
  });
});
