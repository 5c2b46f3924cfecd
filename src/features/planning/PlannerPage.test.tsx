import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_RULES, START_PROBLEMS, START_WARNINGS } from '../../api/contract/planner';
import { giveRegionLayout } from '../../testing/jsdom';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { phoneFilters } from '../../testing/phoneFilters';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { PLAN_MESSAGES } from './PlanDialog';
import { REMOVED_MESSAGE } from './PlannedCheckPanel';
import PlannerPage from './PlannerPage';
import { START_MESSAGES } from './StartPlannerDialog';

/**
 * The mock backend answers as `admin` on the seed's clock (Friday, November 20, 2026; see
 * src/testing/seedClock.ts), so the weeks over and the weeks that can run do not move with the
 * day the tests run. The seed's planner: 2026 Q3 closed, 2026 Q4 open (30 planned checks, 5 of
 * them in weeks over, one health check without a main expert: a warning at the start, never a
 * refusal), 2027 Q1 a draft. The account
 * Crooks, Wiza-Shanahan and Langosh (29) holds four projects: Electronic Table circuit (157, due,
 * not planned), Fantastic Table pixel (151, due, not planned in Q4), Handmade Chair panel (24,
 * planned in Q4) and Sleek Bacon transmitter (8), whose health check in the week of December 7
 * (planned check 45) shares Mei Chen and Erik Lindqvist with two other checks: an expert conflict.
 * `signedInWith` narrows the flags the screen sees.
 */
const EDIT = ['CAN_VIEW_CHECK_PLANNER', 'CAN_EDIT_CHECK_PLANNER'];
const ALL = [...EDIT, 'CAN_START_CHECK_PLANNER', 'CAN_VIEW_PLANNER_PERIODS'];
const ACCOUNT = 29;
const OPEN = 2;
const DUE = 'Electronic Table circuit';
const CONFLICTED = 45;

let backend: MockBackend;

const renderPage = (path = `/planning?account=${ACCOUNT}`) =>
  renderRoutes([{ path: '/planning', element: <PlannerPage /> }], path);

const grid = () => screen.findByRole('table', { name: /Planned checks/ });

const openPlan = () => backend.state().plannedChecks.filter((check) => check.period_id === OPEN);

/** Sets a case up in the mock's state. */
const arrange = (edit: (state: ReturnType<MockBackend['state']>) => void) =>
  edit(backend.runtime.db.getState());

/** The seed's health check nobody leads yet (a warning at the start, never a refusal). */
const leaderless = () =>
  openPlan().find(
    (check) =>
      check.type === 'health_check' &&
      !check.experts.some((expert) => expert.kind === 'main_expert'),
  )!;

/** The project of a planned check of the open period closed since: a problem at the start. */
const closeProjectOf = (which: (week: string) => boolean) =>
  arrange((state) => {
    const check = state.plannedChecks.find(
      (candidate) => candidate.period_id === OPEN && which(candidate.planned_week),
    )!;
    state.projectDetails.find((detail) => detail.project_id === check.project_id)!.status =
      'closed';
  });

beforeEach(() => giveRegionLayout('planner-caption', 800, 1400));
// The first test of a worker builds the seed (3 s, far more on a loaded machine).
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('admin');
}, 30_000);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PlannerPage', () => {
  it('shows projects against periods with planned checks, due flags and expert conflicts', async () => {
    signedInWith(EDIT);
    renderPage();
    const table = await grid();
    expect(within(table).getByRole('columnheader', { name: /2026 Q4/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', {
        name: 'Health check for Sleek Bacon transmitter in 2026 Q4, Week of 12/07/2026, expert conflict',
      }),
    ).toBeInTheDocument();
    // Never checked: due, and plannable in the open period but not in the closed one.
    const due = within(table).getByRole('row', { name: new RegExp(DUE) });
    expect(within(due).getByText('Due')).toBeInTheDocument();
    expect(
      within(due).getByRole('button', { name: `Plan a check for ${DUE} in 2026 Q4` }),
    ).toBeInTheDocument();
    expect(within(due).queryByRole('button', { name: /in 2026 Q3/ })).toBeNull();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '4 of 212 projects match · 30 planned in 2026 Q4 · 5 expert conflicts',
    );
  });

  it('is a list of cards on a phone: the project first, then its selection, model and each period under its name', async () => {
    onAPhone();
    signedInWith(EDIT);
    renderPage();
    const table = await grid();
    expect(table).toHaveAttribute('role', 'table');
    const due = within(table).getByRole('row', { name: new RegExp(DUE) });
    const cells = [...due.children] as HTMLElement[];
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual([
      'rowheader',
      'cell',
      'cell',
      'cell',
      'cell',
      'cell',
    ]);
    expect(cells[0]).toHaveTextContent(new RegExp(`^${DUE}`));
    expect(within(cells[1]!).getByRole('checkbox', { name: `Select ${DUE}` })).toBeInTheDocument();
    expect(cells[3]).toHaveTextContent(/^2026 Q3—Not planned$/);
    expect(cells[4]).toHaveTextContent(/^2026 Q4/);
    expect(
      within(cells[4]!).getByRole('button', { name: `Plan a check for ${DUE} in 2026 Q4` }),
    ).toBeInTheDocument();
    // Selecting every project stays at hand over the cards.
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select all 4 projects shown' }),
    );
    expect(screen.getByText('4 selected')).toBeInTheDocument();
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    signedInWith(EDIT);
    const { router } = renderPage(`/planning?due=1&plan=unplanned&account=${ACCOUNT}`);
    const table = await grid();
    // Electronic Table circuit and Fantastic Table pixel: due, and not planned in 2026 Q4.
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The form waits behind the button: the list starts at the top of the screen.
    phoneFilters.expectFolded('Due for a check', [
      'Account: Crooks, Wiza-Shanahan and Langosh',
      'In 2026 Q4: Not planned in the period',
      'Due for a check',
    ]);
    await phoneFilters.remove('Due for a check');
    expect(urlParams(router)).toEqual({ plan: 'unplanned', account: String(ACCOUNT) });
    // The two others are planned in 2026 Q4: without the plan filter, all four show.
    await phoneFilters.remove('In 2026 Q4: Not planned in the period');
    expect(urlParams(router)).toEqual({ account: String(ACCOUNT) });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    // The whole form opens in a dialog.
    const dialog = await phoneFilters.open(1);
    expect(within(dialog).getByRole('checkbox', { name: 'Due for a check' })).not.toBeChecked();
  });

  it('is read-only without CAN_EDIT_CHECK_PLANNER: no plan buttons, no selection actions', async () => {
    signedInWith(['CAN_VIEW_CHECK_PLANNER']);
    renderPage();
    const table = await grid();
    expect(within(table).queryByRole('button', { name: /^Plan/ })).toBeNull();
    await userEvent.click(within(table).getByRole('checkbox', { name: `Select ${DUE}` }));
    expect(screen.queryByRole('button', { name: /Plan 1 in/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start planner…' })).toBeNull();
  });

  it('filters by the URL: due projects only, and those not planned in the working period', async () => {
    signedInWith(EDIT);
    renderPage(`/planning?due=1&account=${ACCOUNT}`);
    const table = await grid();
    // Three of the four are due.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: new RegExp(DUE) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Due for a check' }));
    await userEvent.selectOptions(screen.getByLabelText('In 2026 Q4'), 'planned');
    // Handmade Chair panel and Sleek Bacon transmitter are planned in 2026 Q4.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByRole('row', { name: new RegExp(DUE) })).toBeNull();
  });

  it('plans an empty cell, warning about an expert planned elsewhere that week', async () => {
    signedInWith(EDIT);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `Plan a check for ${DUE} in 2026 Q4` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Plan a check for ${DUE}` });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-12-07');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Add an expert' }), 'Mei');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Mei Chen/ }));
    expect(
      within(dialog).getByText(
        'Mei Chen is already planned on Sleek Bacon transmitter, Fresh Sausages transmitter, Soft Tuna monitor that week.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan check' }));
    expect(await screen.findByText(PLAN_MESSAGES.planned(DUE, '2026 Q4'))).toBeInTheDocument();
    expect(openPlan().find((check) => check.project_id === 157)).toMatchObject({
      type: 'health_check',
      model: 'sdo',
      planned_week: '2026-12-07',
      experts: [{ user_id: 4, kind: 'main_expert' }],
      note: '',
    });
    // The answer is in the grid at once, without reloading it.
    expect(
      await screen.findByRole('button', {
        name: new RegExp(`^Health check for ${DUE} in 2026 Q4`),
      }),
    ).toBeInTheDocument();
  });

  it('shows a refusal on its field and keeps what was chosen', async () => {
    // Friday, two minutes before midnight: the week of November 16 can still run, until the
    // mock's clock passes midnight while the dialog is open.
    onTheSeedClock(new Date('2026-11-20T23:58:00Z'));
    backend = await useMockBackend('admin');
    signedInWith(EDIT);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `Plan a check for ${DUE} in 2026 Q4` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Plan a check for ${DUE}` });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Before the release');
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-11-16');
    vi.setSystemTime(new Date('2026-11-21T00:01:00Z'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan check' }));
    const week = within(dialog).getByLabelText('Week');
    await waitFor(() => expect(week).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(PLAN_RULES.weekOver)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Before the release');
    expect(openPlan().find((check) => check.project_id === 157)).toBeUndefined();
  });

  it('plans the selected projects at once, leaving out those planned already', async () => {
    signedInWith(EDIT);
    renderPage();
    const table = await grid();
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select all 4 projects shown' }),
    );
    expect(
      screen.getByText(/2 of the selected projects already have a check in 2026 Q4/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan 2 in 2026 Q4…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a check for 2 projects' });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-12-14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan 2 checks' }));
    expect(await screen.findByText(PLAN_MESSAGES.plannedMany(2, '2026 Q4'))).toBeInTheDocument();
    expect(
      openPlan()
        .filter((check) => check.project_id === 157 || check.project_id === 151)
        .map((check) => check.planned_week),
    ).toEqual(['2026-12-14', '2026-12-14']);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  it('opens a planned check in the side panel and takes it out of the plan after asking', async () => {
    signedInWith(EDIT);
    const { router } = renderPage();
    await userEvent.click(
      await screen.findByRole('button', {
        name: /^Health check for Sleek Bacon transmitter in 2026 Q4/,
      }),
    );
    expect(urlParams(router).check).toBe(String(CONFLICTED));
    const panel = await screen.findByRole('dialog', { name: 'Planned check' });
    expect(within(panel).getByText('Mei Chen')).toBeInTheDocument();
    // Mei Chen leads two other checks that week, Erik Lindqvist is an expert of one of them.
    expect(
      within(panel)
        .getAllByText(/Also planned that week on/)
        .map((line) => line.textContent?.trim()),
    ).toEqual([
      'Also planned that week on 2 other checks',
      'Also planned that week on 1 other check',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove from plan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take this check out of the plan?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove from plan' }));
    expect(await screen.findByText(REMOVED_MESSAGE)).toBeInTheDocument();
    expect(openPlan().find((check) => check.id === CONFLICTED)).toBeUndefined();
    await waitFor(() => expect(urlParams(router).check).toBeUndefined());
    expect(
      screen.getByRole('button', { name: 'Plan a check for Sleek Bacon transmitter in 2026 Q4' }),
    ).toBeInTheDocument();
  });

  it('starts the planner only without problems, a health check without a main expert named but not stopping it, and reports the count', async () => {
    signedInWith(ALL);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    // The checks whose week is over stop it.
    expect(
      (await within(dialog).findAllByText(START_PROBLEMS.weekOver)).map((line) => line.tagName),
    ).toEqual(Array(5).fill('LI'));
    expect(within(dialog).getByRole('button', { name: 'Start planner' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    arrange((state) => {
      for (const check of state.plannedChecks)
        if (check.period_id === OPEN && check.planned_week < '2026-11-16')
          check.planned_week = '2026-12-14';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start planner…' }));
    dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const create = await within(dialog).findByRole('button', { name: 'Create 30 checks' });
    // The health check nobody leads is named, to follow up on the check once it starts.
    const followUps = within(dialog).getByRole('region', { name: /^1 health check has no main/ });
    expect(followUps).toHaveTextContent(
      'assign a main expert on the check once it starts (“Assign expert” on its page',
    );
    const unled = leaderless();
    const name = backend.state().projects.find((project) => project.id === unled.project_id)!.name;
    expect(within(followUps).getByRole('button', { name })).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: new RegExp(name) });
    expect(within(row).getByText('Ready')).toBeInTheDocument();
    expect(within(row).getByText(START_WARNINGS.noMainExpert)).toBeInTheDocument();
    await userEvent.click(create);
    expect(await screen.findByText(START_MESSAGES.started(30, '2026 Q4', 1))).toBeInTheDocument();
    expect(START_MESSAGES.started(30, '2026 Q4', 1)).toBe(
      'The planner of 2026 Q4 has started: 30 checks were created in status New. 1 has no main expert yet: assign one on the check.',
    );
    expect(
      backend.state().plannerPeriods.find((period) => period.id === OPEN)?.planner_started_at,
    ).not.toBeNull();
    expect(openPlan().every((check) => check.poll_id !== null)).toBe(true);
    const poll = backend.state().polls.find((candidate) => candidate.id === leaderless().poll_id)!;
    expect(poll.participants.some((participant) => participant.role === 'main_expert')).toBe(false);
  });

  it('says when the start preview could not be loaded, keeps the start disabled, and tries again', async () => {
    signedInWith(ALL);
    let reads = 0;
    // The mock always answers the preview: the failure is this test's.
    server.use(
      http.get(`${API}/api/planner-periods/${OPEN}/start/`, () => {
        reads += 1;
        return HttpResponse.json({ detail: 'Server error' }, { status: 500 });
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    expect(
      await within(dialog).findByRole('heading', { name: 'The preview could not be loaded' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Start planner' })).toBeDisabled();
    const before = reads;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads).toBe(before + 1));
  });
});

describe('the working period, the weeks a plan may choose, and weeks that are over at the start', () => {
  const weekOptions = (dialog: HTMLElement) =>
    within(within(dialog).getByLabelText('Week'))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('lists each period once in the Working period menu, the default one marked', async () => {
    signedInWith(EDIT);
    renderPage();
    const menu = await screen.findByRole('combobox', { name: 'Working period' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026 Q4 (default)', '2026 Q3', '2027 Q1']);
  });

  it('offers only the weeks that can still run', async () => {
    // On Friday, November 20, the week of November 16 can still run; the one before cannot.
    signedInWith(EDIT);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `Plan a check for ${DUE} in 2026 Q4` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Plan a check for ${DUE}` });
    expect(weekOptions(dialog)).toEqual([
      'Choose a week',
      '11/16/2026 – 11/20/2026',
      '11/23/2026 – 11/27/2026',
      '11/30/2026 – 12/04/2026',
      '12/07/2026 – 12/11/2026',
      '12/14/2026 – 12/18/2026',
      '12/21/2026 – 12/25/2026',
      '12/28/2026 – 01/01/2027',
    ]);
  });

  it('offers no week that is over when a planned check is edited: one whose week is over must move', async () => {
    // Planned check 43 of the seed: Tasty Gloves microchip's, in the week of October 19.
    signedInWith(EDIT);
    renderPage('/planning?check=43');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const week = within(dialog).getByLabelText('Week');
    expect(week).toHaveValue('');
    expect(week).toHaveAccessibleDescription(
      /^It was planned for 10\/19\/2026 – 10\/23\/2026, which is over: choose a week that can still run\./,
    );
    expect(weekOptions(dialog)).toEqual([
      'Choose a week',
      '11/16/2026 – 11/20/2026',
      '11/23/2026 – 11/27/2026',
      '11/30/2026 – 12/04/2026',
      '12/07/2026 – 12/11/2026',
      '12/14/2026 – 12/18/2026',
      '12/21/2026 – 12/25/2026',
      '12/28/2026 – 01/01/2027',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PLAN_RULES.weekRequired)).toBeInTheDocument();
    await userEvent.selectOptions(week, '2026-11-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAN_MESSAGES.saved)).toBeInTheDocument();
    expect(openPlan().find((check) => check.id === 43)?.planned_week).toBe('2026-11-30');
  });

  it('moves the checks whose week is over to the next week that can run, after asking, in one start', async () => {
    // The seed as it is: its health check without a main expert does not stop the start.
    signedInWith(ALL);
    const stale = openPlan()
      .filter((check) => check.planned_week < '2026-11-16')
      .map((check) => check.id);
    expect(stale).toHaveLength(5);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Move them to Week of 11/16/2026…' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'Move 5 planned checks to Week of 11/16/2026 and start?',
    });
    expect(confirm).toHaveTextContent('Then 30 checks are created in status New at once.');
    expect(openPlan().every((check) => check.poll_id === null)).toBe(true);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Move and start' }));
    expect(await screen.findByText(START_MESSAGES.started(30, '2026 Q4', 1))).toBeInTheDocument();
    expect(openPlan().every((check) => check.poll_id !== null)).toBe(true);
    expect(
      openPlan()
        .filter((check) => stale.includes(check.id))
        .map((check) => check.planned_week),
    ).toEqual(Array(5).fill('2026-11-16'));
  });

  it('waits for the other problems to be fixed before offering to move or remove them', async () => {
    // Five checks in weeks over, and a project closed since its check was planned in a later week.
    closeProjectOf((week) => week > '2026-11-23');
    signedInWith(ALL);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const move = await within(dialog).findByRole('button', {
      name: 'Move them to Week of 11/16/2026…',
    });
    expect(move).toBeDisabled();
    expect(
      within(dialog).getByRole('button', { name: 'Remove them from the plan…' }),
    ).toBeDisabled();
    expect(
      within(dialog).getByText('First fix the planned check with another problem below.'),
    ).toBeVisible();
  });

  it('offers to remove them when the only other problem is on a check whose week is over too', async () => {
    // A project closed since its check was planned in a week now over: removed, its problem goes too.
    closeProjectOf((week) => week < '2026-11-16');
    signedInWith(ALL);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const move = await within(dialog).findByRole('button', {
      name: 'Move them to Week of 11/16/2026…',
    });
    expect(move).toBeDisabled();
    expect(
      within(dialog).getByText(
        '1 of them has another problem below: fix it before moving them, or remove them all.',
      ),
    ).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove them from the plan…' }),
    );
    await userEvent.click(
      within(
        await screen.findByRole('dialog', {
          name: 'Remove 5 planned checks from the plan and start?',
        }),
      ).getByRole('button', { name: 'Remove and start' }),
    );
    expect(await screen.findByText(START_MESSAGES.started(25, '2026 Q4', 1))).toBeInTheDocument();
    expect(openPlan()).toHaveLength(25);
  });

  it('removes them instead when asked, and sends nothing when the confirmation is cancelled', async () => {
    signedInWith(ALL);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const remove = await within(dialog).findByRole('button', {
      name: 'Remove them from the plan…',
    });
    await userEvent.click(remove);
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove 5 planned checks from the plan and start?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(openPlan()).toHaveLength(30);
    await userEvent.click(remove);
    await userEvent.click(
      within(
        await screen.findByRole('dialog', {
          name: 'Remove 5 planned checks from the plan and start?',
        }),
      ).getByRole('button', {
        name: 'Remove and start',
      }),
    );
    expect(await screen.findByText(START_MESSAGES.started(25, '2026 Q4', 1))).toBeInTheDocument();
    expect(openPlan()).toHaveLength(25);
    expect(openPlan().every((check) => check.planned_week >= '2026-11-16')).toBe(true);
  });
});
