import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import {
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  type DexAskedItem,
  type DexSetup,
} from '../../../api/contract/dexSetup';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import DexSetupTab, { DEX_SAVED } from './DexSetupTab';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const PATH = '/api/projects/7/dex-setup/';

const ASKED: DexAskedItem[] = [
  {
    code: 'health_check',
    kind: 'check',
    label: 'Health check',
    state: 'in_place',
    detail: '2 checks; last: Finished, due 08/12/2026',
  },
  {
    code: 'csat',
    kind: 'target',
    label: 'Customer satisfaction (CSAT)',
    state: 'missing',
    detail: 'No target for 2026-Q4',
  },
  {
    code: 'sprint_quality_gate',
    kind: 'checklist',
    label: 'Sprint quality gate',
    state: 'in_place',
    detail: '1 checklist issued, 1 submitted',
  },
];

const SETUP: DexSetup = {
  configured: true,
  updated_at: '2026-09-01T08:30:00Z',
  updated_by: { id: 5, name: 'Omar Haddad', login: 'ohaddad' },
  practices: DEX_PRACTICE_CODES.map((code) => {
    const inScope = DEX_PRACTICES[code].default_in_scope;
    return {
      code,
      in_scope: inScope,
      reason: DEX_PRACTICES[code].default_reason,
      owner: inScope ? PRIYA : null,
      start_period: inScope ? '2026-09' : null,
    };
  }),
  asked_for: ASKED,
};

const EDIT = ['CAN_EDIT_DEX_SCOPE_SETUP'];

const renderTab = (permissions: string[]) =>
  renderRoute(
    <>
      <DexSetupTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('DexSetupTab', () => {
  it('reads the scope and what it asks for without the flag', async () => {
    server.use(http.get(`${API}${PATH}`, () => HttpResponse.json(SETUP)));
    renderTab([]);
    await screen.findByRole('table', { name: 'DEX scope of Apollo Portal' });
    expect(screen.getByText(/Saved by Omar Haddad \(ohaddad\) on 09\/01\/2026/)).toHaveTextContent(
      'Read-only for you.',
    );
    expect(rowOf('Audit')).toHaveTextContent(
      'AuditOut of scopeAudits are planned by the quality office for selected projects only.——',
    );
    expect(rowOf('Health check')).toHaveTextContent(
      'Health checkIn scope—Priya Nair (pnair)Sep 2026',
    );
    expect(screen.getByText('1 check, 1 target, 1 checklist; 1 missing.')).toBeVisible();
    const targets = screen.getByRole('list', { name: 'Targets asked for' });
    expect(targets).toHaveTextContent('Customer satisfaction (CSAT)MissingNo target for 2026-Q4');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the scope' })).not.toBeInTheDocument();
  });

  it('asks for a reason on the row taken out of scope, then maps the server’s row errors', async () => {
    const bodies: JsonBodyType[] = [];
    let calls = 0;
    server.use(
      http.get(`${API}${PATH}`, () => HttpResponse.json(SETUP)),
      http.put(`${API}${PATH}`, async ({ request }) => {
        bodies.push((await request.json()) as JsonBodyType);
        calls += 1;
        if (calls === 1) {
          const errors = DEX_PRACTICE_CODES.map((code) =>
            code === 'csat'
              ? { start_period: ['Enter the start as a month, for example 2026-11.'] }
              : {},
          );
          return HttpResponse.json({ practices: errors }, { status: 400 });
        }
        return HttpResponse.json({
          ...SETUP,
          updated_at: '2026-11-26T10:00:00Z',
          issued_checklists: [],
        });
      }),
    );
    renderTab(EDIT);
    const gate = await screen.findByRole('checkbox', { name: 'In scope: Sprint quality gate' });
    const save = screen.getByRole('button', { name: 'Save the scope' });
    expect(save).toBeDisabled();
    await userEvent.click(gate);
    await userEvent.click(save);
    const reason = screen.getByRole('textbox', { name: 'Reason: Sprint quality gate' });
    expect(
      await within(rowOf('Sprint quality gate')).findByText(
        'Say why this practice is out of scope.',
      ),
    ).toBeVisible();
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await userEvent.click(reason);
    await userEvent.paste('Kanban: no sprints.');
    await userEvent.click(save);
    expect(
      await within(rowOf('Customer satisfaction (CSAT)')).findByText(
        'Enter the start as a month, for example 2026-11.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('combobox', { name: 'Starts: Customer satisfaction (CSAT)' }),
    ).toHaveFocus();
    const sent = (bodies[0] as { practices: Record<string, unknown>[] }).practices;
    expect(sent).toHaveLength(DEX_PRACTICE_CODES.length);
    expect(sent.find((row) => row.code === 'sprint_quality_gate')).toEqual({
      code: 'sprint_quality_gate',
      in_scope: false,
      reason: 'Kanban: no sprints.',
      owner_id: null,
      start_period: null,
    });
    expect(sent.find((row) => row.code === 'health_check')).toMatchObject({
      owner_id: 2,
      start_period: '2026-09',
    });

    await userEvent.click(save);
    expect(await screen.findByText(DEX_SAVED)).toBeVisible();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(screen.queryByRole('list', { name: 'Issued by the last save' })).not.toBeInTheDocument();
    // Sixteen rows of controls, rendered and validated three times: slow on a loaded machine.
  }, 30_000);

  it('says which checklist a save issued, and the asked-for list shows it in place', async () => {
    const kickOff: DexAskedItem = {
      code: 'project_kick_off',
      kind: 'checklist',
      label: 'Project kick-off',
      state: 'in_place',
      detail: '1 checklist issued, 0 submitted',
    };
    let saved: DexSetup = SETUP;
    server.use(
      http.get(`${API}${PATH}`, () => HttpResponse.json(saved)),
      http.get(`${API}/api/users/`, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [PRIYA] }),
      ),
      http.put(`${API}${PATH}`, () => {
        saved = {
          ...SETUP,
          updated_at: '2026-11-26T10:00:00Z',
          asked_for: [...ASKED, kickOff],
        };
        return HttpResponse.json({
          ...saved,
          issued_checklists: [
            { id: 301, template_name: 'Project kick-off', assignee: PRIYA, due_date: '2026-12-31' },
          ],
        });
      }),
    );
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'In scope: Project kick-off' }),
    );
    const reason = screen.getByRole('textbox', { name: 'Reason: Project kick-off' });
    await userEvent.clear(reason);
    await userEvent.paste('A new phase starts.');
    await userEvent.type(screen.getByRole('combobox', { name: 'Owner: Project kick-off' }), 'Pri');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Priya Nair (pnair)' }, { timeout: 5_000 }),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Starts: Project kick-off' }),
      '2026-09',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save the scope' }));
    expect(await screen.findByRole('list', { name: 'Issued by the last save' })).toHaveTextContent(
      'Checklist Project kick-off issued to Priya Nair (pnair), due 12/31/2026.',
    );
    expect(
      await within(screen.getByRole('list', { name: 'Checklists asked for' })).findByText(
        'Project kick-off',
      ),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Checklists asked for' })).toHaveTextContent(
      'Project kick-offIn place1 checklist issued, 0 submitted',
    );
  }, 30_000);

  it('says when the setup could not be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}${PATH}`, () =>
        ++calls === 1 ? new HttpResponse(null, { status: 404 }) : HttpResponse.json(SETUP),
      ),
    );
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'In scope: Audit' })).not.toBeChecked();
  });
});
