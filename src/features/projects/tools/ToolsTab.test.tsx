import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { TOOL_MESSAGES } from './ToolDialog';
import ToolsTab from './ToolsTab';
import { onAPhone } from '../../../testing/phone';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), on Saturday, November 28,
 * 2026: the seed's project 1 holds ten tools; Slack and SonarQube (10/31/2026) have expired, GitLab
 * (12/10/2026) and Figma expire within 30 days, Burp Suite and GitHub Copilot are not approved.
 * Project 200 holds none.
 */
const PROJECT = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;
const LIST = '/api/projects/1/tools/';

// The clock first: the seed of that day (a licence's expiry follows the day the seed is built),
// whatever day the tests run on.
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
  await useMockBackend('admin');
});
afterEach(() => vi.useRealTimers());

const renderTab = (permissions: string[], path = '/', project = PROJECT) =>
  renderRoute(
    <>
      <ToolsTab project={project} permissions={permissions} />
      <ToastContainer />
    </>,
    { path },
  );

const rowNames = () =>
  screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent ?? '');

describe('ToolsTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads as a list of cards on a phone: each tool first, then each value under its name', async () => {
    onAPhone();
    renderTab(['CAN_VIEW_TOOLS_REGISTER']);
    const sonar = (await screen.findByRole('rowheader', { name: /^SonarQube/ })).closest('tr')!;
    const values = within(sonar)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(values).toEqual([
      'CategoryTesting',
      expect.stringMatching(/^Licence/),
      'Expiry10/31/2026 Expired',
      expect.stringMatching(/^Owner/),
      'ApprovedYes',
    ]);
    // The sort stays at hand over the cards.
    expect(screen.getByRole('button', { name: 'Expiry' })).toBeVisible();
  });

  it('flags the licences to renew and the tools not approved; read-only without the flag', async () => {
    renderTab(['CAN_VIEW_TOOLS_REGISTER']);
    expect(
      await screen.findByText(
        '2 licences have expired; 2 licences expire within 30 days; 2 tools are not approved.',
      ),
    ).toBeVisible();
    const sonar = screen.getByRole('rowheader', { name: /^SonarQube/ }).closest('tr')!;
    expect(sonar).toHaveTextContent('10/31/2026 Expired');
    const gitlab = screen.getByRole('rowheader', { name: /GitLab/ }).closest('tr')!;
    expect(gitlab).toHaveTextContent('12/10/2026 Expiring soon');
    expect(gitlab).toHaveTextContent('Premium tier, 40 seats.');
    expect(screen.getByRole('rowheader', { name: /^Playwright/ }).closest('tr')).toHaveTextContent(
      '— No expiry',
    );
    expect(screen.getByRole('status')).toHaveTextContent('10 tools · read-only for you');
    expect(screen.queryByRole('button', { name: 'Add tool' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('filters by the URL and writes the filters and the sort into it', async () => {
    const { router } = renderTab([], '/?category=testing');
    await screen.findByRole('rowheader', { name: /^SonarQube/ });
    expect(rowNames()).toEqual(['Playwright', 'SonarQube']);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 10 tools');

    await userEvent.click(screen.getByRole('button', { name: 'Show the licences to renew' }));
    expect(urlParams(router)).toEqual({ category: 'testing', licence: 'attention' });
    expect(rowNames()).toEqual(['SonarQube']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(urlParams(router)).toEqual({});
    expect(rowNames()).toEqual([
      'Burp Suite',
      'Figma',
      'GitHub Copilot',
      'GitLab',
      'Grafana',
      'Jira Software',
      'Playwright',
      'PostgreSQL',
      'Slack',
      'SonarQube',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(urlParams(router)).toEqual({ sort: 'licence_expiry' });
    // The tools without an expiry last.
    expect(rowNames().slice(0, 7)).toEqual([
      'Slack',
      'SonarQube',
      'GitLab',
      'Figma',
      'Burp Suite',
      'GitHub Copilot',
      'Jira Software',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Expiry' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(urlParams(router)).toEqual({ sort: '-licence_expiry' });
    expect(rowNames().slice(3)).toEqual([
      'Jira Software',
      'GitHub Copilot',
      'Burp Suite',
      'Figma',
      'GitLab',
      'SonarQube',
      'Slack',
    ]);

    await userEvent.selectOptions(screen.getByLabelText('Approved'), 'no');
    expect(rowNames()).toEqual(['GitHub Copilot', 'Burp Suite']);
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No tool matches the filters')).toBeVisible();
  });

  it('adds a tool after checking the form, and shows the server’s field errors', async () => {
    // The first save is refused here, as the server would refuse a duplicate; the next one is the mock's.
    let calls = 0;
    const bodies = recordJson('post', LIST, () =>
      ++calls === 1
        ? HttpResponse.json(
            { name: ['This tool is already in the register in this version.'] },
            { status: 400 },
          )
        : undefined,
    );
    renderTab(['CAN_VIEW_TOOLS_REGISTER', 'CAN_EDIT_TECH_REGISTER']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add tool' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a tool to the register' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tool' }));
    expect(await within(dialog).findByText('Name the tool or technology.')).toBeVisible();
    expect(within(dialog).getByText('Choose the category.')).toBeVisible();
    expect(within(dialog).getByText('Choose the licence type.')).toBeVisible();
    expect(within(dialog).getByText('Choose the owner.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Postman');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'testing');
    await userEvent.type(within(dialog).getByLabelText(/^Version/), '11.2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Licence type'), 'subscription');
    await userEvent.type(within(dialog).getByLabelText(/^Licence expiry/), '05/31/2027');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Pri');
    await userEvent.click(await screen.findByRole('option', { name: 'Priya Nair (pnair)' }));
    await userEvent.click(within(dialog).getByLabelText('Approved for use on the project'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tool' }));
    expect(
      await within(dialog).findByText('This tool is already in the register in this version.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Postman');

    await userEvent.clear(within(dialog).getByLabelText(/^Version/));
    await userEvent.type(within(dialog).getByLabelText(/^Version/), '11.3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tool' }));
    expect(await screen.findByText(TOOL_MESSAGES.added)).toBeVisible();
    expect(bodies[1]).toEqual({
      name: 'Postman',
      category: 'testing',
      version: '11.3',
      licence_type: 'subscription',
      licence_expiry: '2027-05-31',
      owner_id: 2,
      approved: true,
      notes: '',
    });
    expect(await screen.findByRole('rowheader', { name: /^Postman/ })).toBeVisible();
  });

  it('deletes a tool only after the confirmation', async () => {
    const bodies: string[] = [];
    server.use(
      http.delete(`${API}${LIST}3/`, ({ request }) => {
        bodies.push(request.url);
        return undefined;
      }),
    );
    renderTab(['CAN_VIEW_TOOLS_REGISTER', 'CAN_EDIT_TECH_REGISTER']);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for “SonarQube”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “SonarQube” from the register?' });
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TOOL_MESSAGES.deleted)).toBeVisible();
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /^SonarQube/ })).not.toBeInTheDocument(),
    );
  });

  it('says when the register is empty, and when it could not be loaded', async () => {
    const first = renderTab(['CAN_EDIT_TECH_REGISTER'], '/', {
      id: 200,
      name: 'Sleek Computer feed',
    } as ProjectDetail);
    expect(await screen.findByText('No tools in the register yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add tool' })).toBeVisible();
    first.unmount();
    server.use(http.get(`${API}${LIST}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab([]);
    expect(await screen.findByText('The tools register could not be loaded')).toBeVisible();
  });
});
