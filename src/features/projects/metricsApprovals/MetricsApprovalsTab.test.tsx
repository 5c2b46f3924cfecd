import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { METRICS_MESSAGES } from '../../../api/contract/metricsApprovals';
import type { ProjectDetail } from '../../../api/contract/projects';
import { FILE_ERROR } from '../../../api/contract/risks';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { useNodeFiles } from '../../../testing/nodeFiles';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { currentPeriod, EVIDENCE_MISSING, METRICS_TOASTS } from './MetricsDialogs';
import MetricsApprovalsTab from './MetricsApprovalsTab';

const VIEW = 'CAN_VIEW_METRICS_APPROVAL';
const CREATE = 'CAN_CREATE_METRICS_APPROVAL';
const EDIT = 'CAN_EDIT_METRICS_APPROVAL';

/**
 * The mock backend's seed (mock-server/areas/metricsApprovals/seed.ts): Priya Nair (pm) submitted
 * each of project 1's six values, Omar Haddad (qcl) reviewed them. For October 2026, on-time
 * delivery 92.5% waits for review, CSAT 4.4 is approved, defect leakage 3.1% was returned; for
 * September, utilisation was resubmitted at 108.5% after a return, on-time delivery (96.3%) and
 * CSAT (4.1) are approved. Project 3 has none. Each test signs in as the persona it needs.
 */
const PROJECT = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;
const LIST = '/api/projects/1/metric-submissions/';

beforeEach(async () => {
  // Files reach the mock whole, to be checked by its own upload rules.
  await useNodeFiles();
});
afterEach(() => vi.unstubAllGlobals());

/** Project 1's values as the mock holds them. */
const heldValues = () =>
  currentMockBackend()!
    .state()
    .metricSubmissions.filter((row) => row.project_id === 1);

/** Every request the tab sends after the list, by method and path. */
function recordCalls() {
  const calls: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'GET') calls.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return calls;
}

const renderTab = (permissions: string[], path = '/', project = PROJECT) =>
  renderRoute(
    <>
      <MetricsApprovalsTab project={project} permissions={permissions} />
      <ToastContainer />
    </>,
    { path },
  );

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'shot.png', {
    type: 'image/png',
  });

describe('MetricsApprovalsTab', () => {
  it('lists the values with their evidence, review and history; read-only without the flags', async () => {
    await useMockBackend('auditor');
    renderTab([VIEW]);
    const returned = (await screen.findByRole('rowheader', { name: /^Defect leakage/ })).closest(
      'tr',
    )!;
    expect(returned).toHaveTextContent('October 2026');
    expect(returned).toHaveTextContent('3.1%');
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent(
      '“The report covers September, not October: attach the October export.”',
    );
    const evidence = heldValues().find((row) => row.metric === 'defect_leakage')!.evidence!;
    expect(within(returned).getByRole('link', { name: 'defects-2026-09.png' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/api/metric-evidence/${evidence.id}/?user=6`),
    );
    await userEvent.click(within(returned).getByText('History (2)'));
    expect(within(returned).getByRole('list')).toHaveTextContent(
      /Submitted 3\.1% by Priya Nair.*Returned 3\.1% by Omar Haddad/,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '6 values · 2 waiting for review · 1 returned · read-only for you',
    );
    expect(screen.queryByRole('button', { name: /Submit|Review|Resubmit/ })).toBeNull();
  });

  it('filters by metric, state and period through the URL', async () => {
    await useMockBackend('auditor');
    const { router } = renderTab([VIEW], '/?state=approved');
    expect(
      await screen.findAllByRole('rowheader', { name: /^Customer satisfaction/ }),
    ).toHaveLength(2);
    expect(screen.getAllByRole('rowheader')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('State'), '');
    await userEvent.selectOptions(screen.getByLabelText('Period'), '2026-09');
    expect(urlParams(router)).toEqual({ period: '2026-09' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'defect_leakage');
    expect(await screen.findByText('No metric value matches the filters')).toBeVisible();
  });

  it('refuses a text file and two files unsent, then submits the value and its evidence', async () => {
    await useMockBackend('pm');
    const calls = recordCalls();
    renderTab([VIEW, CREATE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit a metric value' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit a metric value' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Choose the metric.')).toBeVisible();
    expect(within(dialog).getByText(EVIDENCE_MISSING)).toBeVisible();

    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'utilisation');
    expect(within(dialog).getByLabelText('Period')).toHaveValue(currentPeriod());
    await userEvent.type(within(dialog).getByLabelText('Value'), '151');
    const input = within(dialog).getByLabelText('Evidence');
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText(FILE_ERROR)).toBeVisible();
    await upload.upload(input, [png(), png()]);
    expect(within(dialog).getByText(FILE_ERROR)).toBeVisible();
    await upload.upload(input, png());
    expect(within(dialog).queryByText(FILE_ERROR)).toBeNull();
    expect(within(dialog).getByText(/Chosen: shot\.png/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText(METRICS_MESSAGES.valueRange('utilisation')),
    ).toBeVisible();
    expect(calls).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Value'));
    await userEvent.type(within(dialog).getByLabelText('Value'), '86.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(METRICS_TOASTS.submitted)).toBeVisible();
    const added = heldValues().find(
      (row) => row.metric === 'utilisation' && row.period === currentPeriod(),
    )!;
    expect(added).toMatchObject({
      value: 86.5,
      comment: '',
      state: 'submitted',
      submitted_by_id: 2,
      evidence: expect.objectContaining({ file_name: 'shot.png' }),
    });
    expect(calls).toEqual([`POST ${LIST}`, `POST ${LIST}${added.id}/evidence/`]);
  });

  it('counts a chosen evidence file alone as an unsaved change', async () => {
    await useMockBackend('pm');
    renderTab([VIEW, CREATE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit a metric value' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit a metric value' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.upload(within(dialog).getByLabelText('Evidence'), png());
    expect(within(dialog).getByText(/Chosen: shot\.png/)).toBeVisible();
    await waitFor(() => expect(unload()).toBe(true));
  });

  it('reviews another’s submitted value: a return needs a comment', async () => {
    await useMockBackend('qcl');
    renderTab([VIEW, EDIT]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Review… On-time delivery, October 2026' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Review On-time delivery, October 2026' });
    await userEvent.click(within(dialog).getByLabelText('Return to the submitter'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText(METRICS_MESSAGES.returnComment)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Count M4 as late.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText(METRICS_TOASTS.returned)).toBeVisible();
    expect(
      heldValues().find((row) => row.metric === 'on_time_delivery' && row.period === '2026-10'),
    ).toMatchObject({
      state: 'returned',
      reviewed_by_id: 5,
      decision_comment: 'Count M4 as late.',
    });
  });

  it('resubmits one’s own returned value and never reviews one’s own', async () => {
    // Priya submitted every value: with the reviewer's flag on the card she still reviews none.
    await useMockBackend('pm');
    renderTab([VIEW, CREATE, EDIT]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resubmit… Defect leakage, October 2026' }),
    );
    expect(screen.queryByRole('button', { name: /^Review…/ })).toBeNull();
    const again = screen.getByRole('dialog', { name: 'Resubmit Defect leakage, October 2026' });
    expect(
      within(again).getByText(
        'Returned: The report covers September, not October: attach the October export.',
      ),
    ).toBeVisible();
    expect(within(again).getByLabelText('Value')).toHaveValue('3.1');
    expect(within(again).getByLabelText('New evidence')).toBeVisible();
  });

  it('says when there is no value yet, and when the list could not be loaded', async () => {
    await useMockBackend('pm');
    const first = renderTab([VIEW, CREATE], '/', { id: 3, name: 'Project 3' } as ProjectDetail);
    expect(await screen.findByText('No metric value submitted yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit a metric value' })).toBeVisible();
    first.unmount();
    // A failing server: the seed has none.
    server.use(http.get(`${API}${LIST}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab([VIEW]);
    expect(await screen.findByText('The metrics approvals could not be loaded')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible());
  });
});
