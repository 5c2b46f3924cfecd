import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MyWork } from '../../api/contract/myWork';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import WelcomePage from './WelcomePage';

const WORK: MyWork = {
  today: '2026-11-28',
  groups: [
    {
      kind: 'checks_to_answer',
      label: 'Checks to answer',
      path: '/checks?waiting=answer',
      count: 7,
      items: [
        {
          id: 1,
          title: 'Handmade Ball panel · Self check SC1',
          detail: 'Started',
          due_date: '2026-11-20',
          overdue: true,
          path: '/checks/1',
        },
      ],
    },
    {
      kind: 'action_requests',
      label: 'Action requests awaiting your decision',
      path: '/notifications',
      count: 1,
      items: [
        {
          id: 21,
          title: 'Vendor may deliver late',
          detail: 'Escalation from Lucia Romero · Project risk 2',
          due_date: null,
          overdue: false,
          path: '/risks/2',
        },
      ],
    },
  ],
};

function serve(answer: () => Response) {
  let calls = 0;
  server.use(
    http.get(`${API}/api/my-work/`, () => {
      calls += 1;
      return answer();
    }),
  );
  return { calls: () => calls };
}

const render = () => renderRoutes([{ path: '/welcome', element: <WelcomePage /> }], '/welcome');
const myWork = () => screen.getByRole('region', { name: 'My work' });
/** The page shows once the user is loaded. */
const shown = () => screen.findByRole('region', { name: 'My work' });

describe('My work on /welcome', () => {
  it('lists each group as a link to its filtered list with its count, and each record as a link', async () => {
    serve(() => HttpResponse.json(WORK));
    const { router } = render();
    await shown();
    const group = await within(myWork()).findByRole('link', { name: /^Checks to answer:\s?7$/ });
    expect(group).toHaveAttribute('href', '/checks?waiting=answer');
    const record = within(myWork()).getByRole('link', {
      name: 'Handmade Ball panel · Self check SC1',
    });
    expect(record).toHaveAttribute('href', '/checks/1');
    expect(within(myWork()).getByText('Overdue')).toBeVisible();
    expect(within(myWork()).getByText(/Due 11\/20\/2026/)).toBeVisible();
    // Six more checks than shown: a link to the list says so.
    expect(
      within(myWork()).getByRole('link', { name: '6 more of checks to answer' }),
    ).toHaveAttribute('href', '/checks?waiting=answer');
    // By keyboard: the group's link opens the list.
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/checks?waiting=answer',
    );
  });

  it('shows the approvals of every project as one group whose heading opens /approvals, each record a link to its request', async () => {
    const approvals: MyWork = {
      today: '2026-11-28',
      groups: [
        {
          kind: 'approvals',
          label: 'Approvals waiting on you',
          path: '/approvals',
          count: 12,
          items: [3, 4].map((id) => ({
            id,
            title: `Budget change ${id}`,
            detail: `Project ${id} panel · Budget change from Lucia Romero`,
            due_date: null,
            overdue: false,
            path: `/projects/${id}/approvals?view=mine#approval-${id}`,
          })),
        },
      ],
    };
    serve(() => HttpResponse.json(approvals));
    render();
    await shown();
    const heading = await within(myWork()).findByRole('heading', {
      name: /^Approvals waiting on you:\s?12$/,
    });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/approvals');
    expect(within(myWork()).getByRole('link', { name: 'Budget change 4' })).toHaveAttribute(
      'href',
      '/projects/4/approvals?view=mine#approval-4',
    );
    expect(within(myWork()).getByText(/^Project 3 panel · Budget change/)).toBeVisible();
    expect(
      within(myWork()).getByRole('link', { name: '10 more of approvals waiting on you' }),
    ).toHaveAttribute('href', '/approvals');
  });

  it('says nothing waits when no group comes back', async () => {
    serve(() => HttpResponse.json({ today: '2026-11-28', groups: [] }));
    render();
    await shown();
    expect(await within(myWork()).findByText(/Nothing waits for you/)).toBeVisible();
  });

  it('says the work could not be loaded, and Try again asks once more', async () => {
    let fail = true;
    const calls = serve(() =>
      fail ? HttpResponse.json({ detail: 'Down' }, { status: 500 }) : HttpResponse.json(WORK),
    );
    render();
    await shown();
    expect(
      await within(myWork()).findByRole('heading', { name: 'Your work could not be loaded' }),
    ).toBeVisible();
    fail = false;
    await userEvent.click(within(myWork()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(myWork()).findByRole('link', { name: /^Checks to answer:\s?7$/ }),
    ).toBeVisible();
    expect(calls.calls()).toBe(2);
  });
});
