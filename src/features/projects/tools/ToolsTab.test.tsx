import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import type { Tool } from '../../../api/contract/tools';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { TOOL_MESSAGES } from './ToolDialog';
import ToolsTab from './ToolsTab';
import { onAPhone } from '../../../testing/phone';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };

const tool = (changes: Partial<Tool>): Tool => ({
  id: 1,
  name: 'Jira Software',
  category: 'project_management',
  version: '10.3',
  licence_type: 'subscription',
  licence_expiry: '2027-06-30',
  licence_state: 'valid',
  owner: PRIYA,
  approved: true,
  notes: '',
  created_at: '2026-09-14T09:00:00Z',
  updated_at: '2026-09-14T09:00:00Z',
  ...changes,
});
const ROWS = [
  tool({}),
  tool({
    id: 2,
    name: 'GitLab',
    category: 'ci_cd',
    version: '17.5',
    licence_type: 'commercial',
    licence_expiry: '2026-12-08',
    licence_state: 'expiring',
    notes: 'Premium tier, 40 seats.',
  }),
  tool({
    id: 3,
    name: 'SonarQube',
    category: 'testing',
    licence_type: 'commercial',
    licence_expiry: '2026-10-31',
    licence_state: 'expired',
    owner: OMAR,
  }),
  tool({
    id: 4,
    name: 'Playwright',
    category: 'testing',
    version: '1.49',
    licence_type: 'open_source',
    licence_expiry: null,
    licence_state: 'no_expiry',
    owner: OMAR,
    approved: false,
  }),
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/tools/';

function serve(rows: Tool[] = ROWS) {
  server.use(http.get(`${API}${LIST}`, () => HttpResponse.json(rows)));
}

const renderTab = (permissions: string[], path = '/') =>
  renderRoute(
    <>
      <ToolsTab project={PROJECT} permissions={permissions} />
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
    serve();
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
    serve();
    renderTab(['CAN_VIEW_TOOLS_REGISTER']);
    expect(
      await screen.findByText(
        '1 licence has expired; 1 licence expires within 30 days; 1 tool is not approved.',
      ),
    ).toBeVisible();
    const sonar = screen.getByRole('rowheader', { name: /^SonarQube/ }).closest('tr')!;
    expect(sonar).toHaveTextContent('10/31/2026 Expired');
    const gitlab = screen.getByRole('rowheader', { name: /GitLab/ }).closest('tr')!;
    expect(gitlab).toHaveTextContent('12/08/2026 Expiring soon');
    expect(gitlab).toHaveTextContent('Premium tier, 40 seats.');
    expect(screen.getByRole('rowheader', { name: /^Playwright/ }).closest('tr')).toHaveTextContent(
      '— No expiry',
    );
    expect(screen.getByRole('status')).toHaveTextContent('4 tools · read-only for you');
    expect(screen.queryByRole('button', { name: 'Add tool' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('filters by the URL and writes the filters and the sort into it', async () => {
    serve();
    const { router } = renderTab([], '/?category=testing');
    await screen.findByRole('rowheader', { name: /^SonarQube/ });
    expect(rowNames()).toEqual(['Playwright', 'SonarQube']);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 4 tools');

    await userEvent.click(screen.getByRole('button', { name: 'Show the licences to renew' }));
    expect(urlParams(router)).toEqual({ category: 'testing', licence: 'attention' });
    expect(rowNames()).toEqual(['SonarQube']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(urlParams(router)).toEqual({});
    expect(rowNames()).toEqual(['GitLab', 'Jira Software', 'Playwright', 'SonarQube']);

    await userEvent.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(urlParams(router)).toEqual({ sort: 'licence_expiry' });
    expect(rowNames()).toEqual(['SonarQube', 'GitLab', 'Jira Software', 'Playwright']);
    expect(screen.getByRole('columnheader', { name: 'Expiry' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(urlParams(router)).toEqual({ sort: '-licence_expiry' });
    expect(rowNames()[0]).toBe('Playwright');

    await userEvent.selectOptions(screen.getByLabelText('Approved'), 'no');
    expect(rowNames()).toEqual(['Playwright']);
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No tool matches the filters')).toBeVisible();
  });

  it('adds a tool after checking the form, and shows the server’s field errors', async () => {
    serve();
    let calls = 0;
    const bodies = recordJson('post', LIST, () =>
      ++calls === 1
        ? HttpResponse.json(
            { name: ['This tool is already in the register in this version.'] },
            { status: 400 },
          )
        : HttpResponse.json(tool({ id: 9, name: 'Postman' }), { status: 201 }),
    );
    server.use(
      http.get(`${API}/api/users/`, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [PRIYA] }),
      ),
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
  });

  it('deletes a tool only after the confirmation', async () => {
    serve();
    const bodies: string[] = [];
    server.use(
      http.delete(`${API}${LIST}3/`, ({ request }) => {
        bodies.push(request.url);
        return new HttpResponse(null, { status: 204 });
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
  });

  it('says when the register is empty, and when it could not be loaded', async () => {
    serve([]);
    const first = renderTab(['CAN_EDIT_TECH_REGISTER']);
    expect(await screen.findByText('No tools in the register yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add tool' })).toBeVisible();
    first.unmount();
    server.use(http.get(`${API}${LIST}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab([]);
    expect(await screen.findByText('The tools register could not be loaded')).toBeVisible();
  });
});
