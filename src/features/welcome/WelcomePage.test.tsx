import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { renderRoutes } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import WelcomePage from './WelcomePage';

/**
 * The mock backend answers on the seed's clock (Friday, November 20, 2026; src/testing/seedClock.ts),
 * so what is overdue and the week ahead do not move with the day the tests run. `pm` (Priya
 * Nair) has two checks to answer, 30 project risks and issues with action items due by November
 * 27, twelve approvals and two action requests waiting; `viewer` has nothing.
 */
const render = () => renderRoutes([{ path: '/welcome', element: <WelcomePage /> }], '/welcome');
const myWork = () => screen.getByRole('region', { name: 'My work' });
/** The page shows once the user is loaded. */
const shown = () => screen.findByRole('region', { name: 'My work' });
/** A group of My work, by its heading. */
const groupOf = (heading: HTMLElement) => heading.closest('li')!;

// As pm unless a test signs in again; the first test of a worker builds the seed (3 s, far
// more on a loaded machine).
beforeEach(async () => {
  onTheSeedClock();
  await useMockBackend('pm');
}, 30_000);
afterEach(() => {
  vi.useRealTimers();
});

describe('My work on /welcome', () => {
  it('lists each group as a link to its filtered list with its count, and each record as a link', async () => {
    const { router } = render();
    await shown();
    const group = await within(myWork()).findByRole('link', { name: /^Checks to answer:\s?2$/ });
    expect(group).toHaveAttribute('href', '/checks?waiting=answer');
    const checks = within(groupOf(group));
    expect(
      checks.getByRole('link', { name: 'Handmade Ball panel · Self check SC_1' }),
    ).toHaveAttribute('href', '/checks/1');
    expect(checks.getByText(/Due 12\/25\/2026/)).toBeVisible();
    // Check 154 was due in June: overdue; check 1 is not.
    const late = checks.getByRole('link', { name: 'Tasty Gloves microchip · Self check SC_154' });
    expect(within(late.closest('li')!).getByText('Overdue')).toBeVisible();
    expect(checks.getAllByText('Overdue')).toHaveLength(1);
    // 30 action items, five shown: a link to the list says so.
    expect(
      within(myWork()).getByRole('link', {
        name: '25 more of project risks and issues with your action items due by 11/27/2026',
      }),
    ).toHaveAttribute('href', '/risks?level=project&action_owner=2&action_due_before=2026-11-27');
    // By keyboard: the group's link opens the list.
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/checks?waiting=answer',
    );
  });

  it('shows the approvals of every project as one group whose heading opens /approvals, each record a link to its request', async () => {
    render();
    await shown();
    const heading = await within(myWork()).findByRole('heading', {
      name: /^Approvals waiting on you:\s?12$/,
    });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/approvals');
    const approvals = within(groupOf(heading));
    const hrefs = approvals
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href !== '/approvals');
    expect(hrefs).toHaveLength(5);
    hrefs.forEach((href, index) =>
      expect(href).toMatch(
        new RegExp(`^/projects/${index + 1}/approvals\\?view=mine#approval-\\d+$`),
      ),
    );
    expect(
      approvals.getByText(/^Handmade Ball panel · Profile validation from Omar Haddad/),
    ).toBeVisible();
    expect(
      approvals.getByRole('link', { name: '7 more of approvals waiting on you' }),
    ).toHaveAttribute('href', '/approvals');
  });

  it('says nothing waits when no group comes back', async () => {
    await useMockBackend('viewer');
    render();
    await shown();
    expect(await within(myWork()).findByText(/Nothing waits for you/)).toBeVisible();
  });

  it('says the work could not be loaded, and Try again asks once more', async () => {
    // The calls fail until the test allows them; the retry goes on to the mock backend.
    const work = failUntilAllowed('get', '/api/my-work/');
    render();
    await shown();
    expect(
      await within(myWork()).findByRole('heading', { name: 'Your work could not be loaded' }),
    ).toBeVisible();
    work.allow();
    await userEvent.click(within(myWork()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(myWork()).findByRole('link', { name: /^Checks to answer:\s?2$/ }),
    ).toBeVisible();
    expect(work.calls()).toBe(2);
  });
});
