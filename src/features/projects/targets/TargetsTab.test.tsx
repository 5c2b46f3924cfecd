import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DexAskedItem, DexSetup } from '../../../api/contract/dexSetup';
import type { ProjectDetail } from '../../../api/contract/projects';
import { periodOf, type Target } from '../../../api/contract/targets';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import { dexSetupApi } from '../dexSetup/api';
import TargetsTab from './TargetsTab';

const PROJECT = { id: 7, name: 'Apollo Portal', account: { id: 3, name: 'Acme' } } as ProjectDetail;
const PERIOD = periodOf(new Date());
const CHECK: DexAskedItem = {
  code: 'health_check',
  kind: 'check',
  label: 'Health check',
  state: 'in_place',
  detail: '2 checks; last: Finished, due 08/12/2026',
};
const CSAT_MISSING: DexAskedItem = {
  code: 'csat',
  kind: 'target',
  label: 'Customer satisfaction (CSAT)',
  state: 'missing',
  detail: `No target for ${PERIOD}`,
};
const ON_TIME: DexAskedItem = {
  code: 'on_time_delivery',
  kind: 'target',
  label: 'On-time delivery %',
  state: 'in_place',
  detail: `Target set for ${PERIOD}`,
};
const setup = (asked_for: DexAskedItem[]): DexSetup => ({
  configured: true,
  updated_at: '2026-09-01T08:30:00Z',
  updated_by: { id: 5, name: 'Omar Haddad', login: 'ohaddad' },
  practices: [],
  asked_for,
});
const CSAT: Target = {
  id: 40,
  kind: 'project',
  metric: 'csat',
  period: PERIOD,
  planned: 4.5,
  actual: null,
  status: 'no_actual',
  updated_at: '2026-11-26T10:00:00Z',
  updated_by: { id: 1, name: 'Ada Admin', login: 'admin' },
};

/** The project's targets and DEX setup as the server holds them: a POST adds the target. */
function serveProject(asked: DexAskedItem[]) {
  const targets: Target[] = [];
  let setupReads = 0;
  server.use(
    http.get(`${API}/api/projects/7/targets/`, () => HttpResponse.json(targets)),
    http.get(`${API}/api/projects/7/dex-setup/`, () => {
      setupReads += 1;
      const set = targets.some((target) => target.metric === 'csat');
      return HttpResponse.json(
        setup(
          asked.map((item) =>
            item.code === 'csat' && set
              ? { ...item, state: 'in_place', detail: `Target set for ${PERIOD}` }
              : item,
          ),
        ),
      );
    }),
  );
  const bodies = recordJson('post', '/api/projects/7/targets/', () => {
    targets.push(CSAT);
    return HttpResponse.json(CSAT, { status: 201 });
  });
  return { bodies, setupReads: () => setupReads };
}

const renderTab = (permissions: string[]) =>
  renderRoute(<TargetsTab project={PROJECT} permissions={permissions} />);
const asked = () => screen.findByRole('list', { name: 'Targets the DEX scope asks for' });

describe('TargetsTab: asked for by the DEX scope', () => {
  it('sets a missing target from the scope: metric and quarter filled in, then In place', async () => {
    const { bodies, setupReads } = serveProject([CHECK, CSAT_MISSING, ON_TIME]);
    renderTab(['CAN_EDIT_TARGETS']);
    const list = await asked();
    const [csat, onTime] = within(list).getAllByRole('listitem');
    expect(csat).toHaveTextContent(`Customer satisfaction (CSAT)MissingNo target for ${PERIOD}`);
    expect(onTime).toHaveTextContent(`On-time delivery %In placeTarget set for ${PERIOD}`);
    // Only the targets of the scope; a set one offers nothing.
    expect(list).not.toHaveTextContent('Health check');
    expect(within(onTime!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DEX set up' })).toHaveAttribute(
      'href',
      '/projects/7/dex-set-up',
    );

    await userEvent.click(
      within(csat!).getByRole('button', { name: 'Set target: Customer satisfaction (CSAT)' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Add project target' });
    expect(within(dialog).getByLabelText('Metric')).toHaveValue('csat');
    expect(within(dialog).getByLabelText('Period')).toHaveValue(PERIOD);
    await userEvent.type(within(dialog).getByLabelText('Planned value'), '4.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));

    expect(await within(csat!).findByText('In place')).toBeVisible();
    expect(csat).toHaveTextContent(`Target set for ${PERIOD}`);
    expect(within(csat!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { metric: 'csat', period: PERIOD, planned: 4.5, actual: null, kind: 'project' },
    ]);
    expect(setupReads()).toBe(2);
  });

  it('offers no "Set target" to who may not edit the project’s targets', async () => {
    serveProject([CSAT_MISSING]);
    renderTab(['CAN_EDIT_ACCOUNT_PROJECT_TARGETS']);
    const list = await asked();
    expect(list).toHaveTextContent('Missing');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is hidden when the scope asks for no target', async () => {
    serveProject([CHECK]);
    const { store } = renderTab(['CAN_EDIT_TARGETS']);
    expect(await screen.findByText(/No project targets yet/)).toBeVisible();
    await waitFor(() =>
      expect(dexSetupApi.endpoints.getDexSetup.select(7)(store.getState()).isSuccess).toBe(true),
    );
    expect(
      screen.queryByRole('heading', { name: 'Asked for by the DEX scope' }),
    ).not.toBeInTheDocument();
  });
});
