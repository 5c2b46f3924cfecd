import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERIOD_RULES } from '../../api/contract/plannerPeriods';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { PERIOD_MESSAGES } from './PeriodDialog';
import PlannerPeriodsPage from './PlannerPeriodsPage';

/**
 * The mock backend answers as `admin` on the seed's clock (src/testing/seedClock.ts): the seed's
 * periods, 2026 Q3 (1) closed, 2026 Q4 (2) open with 30 planned checks, 2027 Q1 (3) a draft;
 * `signedInWith` narrows the flags the screen sees.
 */
const ALL_FLAGS = [
  'CAN_VIEW_PLANNER_PERIODS',
  'CAN_CREATE_PLANNER_PERIOD',
  'CAN_EDIT_PLANNER_PERIOD',
];

let backend: MockBackend;
const periods = () => backend.state().plannerPeriods;
const periodOf = (id: number) => periods().find((period) => period.id === id)!;
/** Sets a case up in the mock's state. */
const arrange = (edit: (state: ReturnType<MockBackend['state']>) => void) =>
  edit(backend.runtime.db.getState());

// The first test of a worker builds the seed (3 s, far more on a loaded machine).
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('admin');
}, 30_000);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = (path = '/planning/periods') =>
  renderRoutes([{ path: '/planning/periods', element: <PlannerPeriodsPage /> }], path);

/** Types a date as a user would, MM/DD/YYYY, and leaves the box. */
async function typeDate(box: HTMLElement, text: string) {
  await userEvent.clear(box);
  await userEvent.type(box, text);
  await userEvent.tab();
}

describe('PlannerPeriodsPage', () => {
  it('lists the periods with dates, length and state; read-only without the write flags', async () => {
    signedInWith(['CAN_VIEW_PLANNER_PERIODS']);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Planner periods' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Planner periods table' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('NameStartEndLengthState');
    expect(rows[2]).toHaveTextContent('2026 Q410/01/202612/31/202613 weeks 1 dayOpen');
    expect(rows[3]).toHaveTextContent('2027 Q101/01/202703/31/202712 weeks 6 daysDraft');
    // The filter is there; nothing changes anything.
    expect(screen.getByLabelText('State')).toBeVisible();
    expect(screen.queryByRole('button', { name: /New period|Edit|Open|Close/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('filters by state in the URL', async () => {
    signedInWith(ALL_FLAGS);
    const { router } = renderPage('/planning/periods?state=draft');
    const table = await screen.findByRole('table', { name: 'Planner periods table' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('2027 Q1');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Closed');
    await waitFor(() => expect(urlParams(router)).toEqual({ state: 'closed' }));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026 Q3');
    // A closed period has no buttons, only what it is.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Closed for good');
  });

  it('refuses an open period overlapping the open one on its field, sending nothing', async () => {
    signedInWith(ALL_FLAGS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New period' }));
    const dialog = screen.getByRole('dialog', { name: 'New period' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'December push');
    await typeDate(within(dialog).getByLabelText('Start date'), '12/01/2026');
    await typeDate(within(dialog).getByLabelText('End date'), '01/15/2027');
    await userEvent.selectOptions(within(dialog).getByLabelText('Start as'), 'Open');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    const message = PERIOD_RULES.overlap(periodOf(2));
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(within(dialog).getByLabelText('Start date')).toHaveFocus();
    expect(within(dialog).getByLabelText('Start date')).toHaveAttribute('aria-invalid', 'true');
    expect(periods()).toHaveLength(3);
  });

  it("shows the server's overlap on the field and keeps what was typed", async () => {
    signedInWith(ALL_FLAGS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New period' }));
    // The list loaded before someone else closed 2026 Q4 and opened 2027 Q1 from February 1:
    // only the server knows of the clash, on the end date (the one day inside 2027 Q1).
    arrange((state) => {
      state.plannerPeriods.find((period) => period.id === 2)!.state = 'closed';
      Object.assign(
        state.plannerPeriods.find((period) => period.id === 3)!,
        {
          state: 'open',
          start_date: '2027-02-01',
        },
      );
    });
    const clash = periodOf(3);
    const dialog = screen.getByRole('dialog', { name: 'New period' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Winter');
    await typeDate(within(dialog).getByLabelText('Start date'), '01/01/2027');
    await typeDate(within(dialog).getByLabelText('End date'), '2/15/2027');
    await userEvent.selectOptions(within(dialog).getByLabelText('Start as'), 'Open');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    const end = within(dialog).getByLabelText('End date');
    expect(await within(dialog).findByText(PERIOD_RULES.overlap(clash))).toBeVisible();
    expect(end).toHaveFocus();
    expect(end).toHaveValue('02/15/2027');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Winter');
    expect(periods()).toHaveLength(3);
  });

  it('creates a draft, says so and closes; the end before the start is refused first', async () => {
    signedInWith(ALL_FLAGS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New period' }));
    const dialog = screen.getByRole('dialog', { name: 'New period' });
    await userEvent.type(within(dialog).getByLabelText('Name'), ' 2027 Q2 ');
    await typeDate(within(dialog).getByLabelText('Start date'), '04/01/2027');
    await typeDate(within(dialog).getByLabelText('End date'), '03/31/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await within(dialog).findByText(PERIOD_RULES.endAfterStart)).toBeVisible();
    expect(within(dialog).getByLabelText('End date')).toHaveFocus();
    await typeDate(within(dialog).getByLabelText('End date'), '06/30/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await screen.findByText(PERIOD_MESSAGES.created)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(periods().at(-1)).toMatchObject({
      name: '2027 Q2',
      start_date: '2027-04-01',
      end_date: '2027-06-30',
      state: 'draft',
    });
    // The new draft is in the list.
    expect(await screen.findByRole('button', { name: 'Edit 2027 Q2' })).toBeVisible();
  });

  it('shows the planned checks a shorter period would leave out on the end date, keeping it', async () => {
    signedInWith(ALL_FLAGS);
    // Only the server knows the plan: the page sends the dates and shows its answer. The seed
    // plans eight checks of 2026 Q4 in the weeks of December 21 and 28.
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit 2026 Q4' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “2026 Q4”' });
    expect(
      within(dialog).getByText('Open period. The checks planned in it must stay within its dates.'),
    ).toBeVisible();
    await typeDate(within(dialog).getByLabelText('End date'), '12/20/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save period' }));
    const end = within(dialog).getByLabelText('End date');
    expect(
      await within(dialog).findByText(
        '8 planned checks fall outside these dates (first: week of 12/21/2026). Move them in the planner first.',
      ),
    ).toBeVisible();
    expect(end).toHaveFocus();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveValue('12/20/2026');
    expect(within(dialog).getByLabelText('Start date')).not.toHaveAttribute('aria-invalid', 'true');
    expect(periodOf(2).end_date).toBe('2026-12-31');
  });

  it('asks before closing a changed form, and keeps it on "Keep editing"', async () => {
    signedInWith(ALL_FLAGS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit 2027 Q1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “2027 Q1”' });
    await userEvent.type(within(dialog).getByLabelText('Name'), ' early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('dialog', { name: 'Discard the changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('2027 Q1 early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes an open period after a warning that it cannot be undone', async () => {
    signedInWith(ALL_FLAGS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Close 2026 Q4' }));
    const ask = screen.getByRole('dialog', { name: 'Close “2026 Q4”?' });
    expect(ask).toHaveTextContent('Closing cannot be undone');
    await userEvent.click(within(ask).getByRole('button', { name: 'Close period' }));
    expect(await screen.findByText(PERIOD_MESSAGES.closed)).toBeVisible();
    expect(periodOf(2).state).toBe('closed');
  });

  it('does not offer to open a draft that overlaps the open period: it leads to its dates', async () => {
    signedInWith(ALL_FLAGS);
    arrange((state) => {
      Object.assign(
        state.plannerPeriods.find((period) => period.id === 3)!,
        {
          name: 'Winter',
          start_date: '2026-12-15',
        },
      );
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Winter' }));
    const ask = screen.getByRole('dialog', { name: '“Winter” cannot be opened yet' });
    expect(ask).toHaveTextContent(
      'It overlaps the open period “2026 Q4” (10/01/2026 to 12/31/2026)',
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Change its dates' }));
    expect(screen.getByRole('dialog', { name: 'Edit “Winter”' })).toBeVisible();
  });

  it('is a list of cards on a phone, the name first, its buttons reached by keyboard', async () => {
    onAPhone();
    signedInWith(ALL_FLAGS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Planner periods table' });
    const draft = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByRole('rowheader', { name: '2027 Q1' }))!;
    // Each value under its column's name, the period's name the card's title.
    expect([...draft.children].map((cell) => cell.textContent)).toEqual([
      '2027 Q1',
      'Start01/01/2027',
      'End03/31/2027',
      'Length12 weeks 6 days',
      'StateDraft',
      'Edit 2027 Q1Open 2027 Q1',
    ]);
    // No sideways scroll: the frame is not a scrolling region.
    expect(screen.queryByRole('region', { name: /scrolls/ })).toBeNull();
    // The Tab key reaches the card's buttons; Enter opens the draft's confirmation.
    const open = within(draft).getByRole('button', { name: 'Open 2027 Q1' });
    for (let presses = 0; presses < 20 && document.activeElement !== open; presses++)
      await userEvent.tab();
    expect(open).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Open “2027 Q1”?' })).toBeVisible();
  });

  it('says when the list could not load, and tries again', async () => {
    signedInWith(['CAN_VIEW_PLANNER_PERIODS']);
    // The mock always answers the list: the failure is this test's.
    server.use(
      http.get(
        `${API}/api/planner-periods/`,
        () => HttpResponse.json({ detail: 'Down' }, { status: 500 }),
        { once: true },
      ),
    );
    renderPage();
    // The error toast is an alert too: find the page's own by its words.
    const title = await screen.findByText('The periods could not be loaded');
    expect(title.closest('[role="alert"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Planner periods table' })).toBeVisible();
  });
});
