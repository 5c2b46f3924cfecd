import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { METRICS_MESSAGES, type MetricSubmission } from '../../../api/contract/metricsApprovals';
import type { ProjectDetail } from '../../../api/contract/projects';
import { FILE_ERROR } from '../../../api/contract/risks';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { currentPeriod, EVIDENCE_MISSING, METRICS_TOASTS } from './MetricsDialogs';
import MetricsApprovalsTab from './MetricsApprovalsTab';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };
/** The signed-in user of the MSW handlers (TEST_USER). */
const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const VIEW = 'CAN_VIEW_METRICS_APPROVAL';

const evidence = (name: string) => ({
  id: 4_000_001,
  file_name: name,
  size: 48_213,
  uploaded_at: '2026-11-02T09:15:00Z',
  uploaded_by: PRIYA,
  url: `/api/metric-evidence/4000001/?user=1&expires=1&signature=x`,
});

const submission = (changes: Partial<MetricSubmission>): MetricSubmission => ({
  id: 1,
  metric: 'on_time_delivery',
  period: '2026-10',
  value: 92.5,
  comment: 'Two milestones late.',
  evidence: evidence('milestones-2026-10.png'),
  state: 'submitted',
  submitted_by: PRIYA,
  submitted_at: '2026-11-02T09:15:00Z',
  reviewed_by: null,
  reviewed_at: null,
  decision_comment: '',
  history: [
    {
      kind: 'submitted',
      by: PRIYA,
      at: '2026-11-02T09:15:00Z',
      value: 92.5,
      comment: 'Two milestones late.',
    },
  ],
  ...changes,
});
const ROWS = [
  submission({}),
  submission({
    id: 2,
    metric: 'csat',
    value: 4.4,
    state: 'approved',
    reviewed_by: OMAR,
    reviewed_at: '2026-11-04T10:00:00Z',
  }),
  submission({
    id: 3,
    metric: 'defect_leakage',
    period: '2026-09',
    value: 3.1,
    state: 'returned',
    submitted_by: ALEX,
    reviewed_by: OMAR,
    reviewed_at: '2026-10-06T10:00:00Z',
    decision_comment: 'Attach the October export.',
    history: [
      { kind: 'submitted', by: ALEX, at: '2026-10-02T09:15:00Z', value: 3.1, comment: '' },
      {
        kind: 'returned',
        by: OMAR,
        at: '2026-10-06T10:00:00Z',
        value: 3.1,
        comment: 'Attach the October export.',
      },
    ],
  }),
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/metric-submissions/';

function serve(rows: MetricSubmission[] = ROWS) {
  server.use(http.get(`${API}${LIST}`, () => HttpResponse.json(rows)));
}

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

const renderTab = (permissions: string[], path = '/') =>
  renderRoute(
    <>
      <MetricsApprovalsTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
    { path },
  );

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });

describe('MetricsApprovalsTab', () => {
  it('lists the values with their evidence, review and history; read-only without the flags', async () => {
    serve();
    renderTab([VIEW]);
    const returned = (await screen.findByRole('rowheader', { name: /^Defect leakage/ })).closest(
      'tr',
    )!;
    expect(returned).toHaveTextContent('September 2026');
    expect(returned).toHaveTextContent('3.1%');
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent('“Attach the October export.”');
    expect(within(returned).getByRole('link', { name: 'milestones-2026-10.png' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/metric-evidence/4000001/?user=1'),
    );
    await userEvent.click(within(returned).getByText('History (2)'));
    expect(within(returned).getByRole('list')).toHaveTextContent(
      /Submitted 3\.1% by Alex Morgan.*Returned 3\.1% by Omar Haddad/,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '3 values · 1 waiting for review · 1 returned · read-only for you',
    );
    expect(screen.queryByRole('button', { name: /Submit|Review|Resubmit/ })).toBeNull();
  });

  it('filters by metric, state and period through the URL', async () => {
    serve();
    const { router } = renderTab([VIEW], '/?state=approved');
    await screen.findByRole('rowheader', { name: /^Customer satisfaction/ });
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('State'), '');
    await userEvent.selectOptions(screen.getByLabelText('Period'), '2026-09');
    expect(urlParams(router)).toEqual({ period: '2026-09' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'utilisation');
    expect(await screen.findByText('No metric value matches the filters')).toBeVisible();
  });

  it('refuses a text file and two files unsent, then submits the value and its evidence', async () => {
    serve();
    const calls = recordCalls();
    const bodies = recordJson('post', LIST, () =>
      HttpResponse.json(
        submission({ id: 9, metric: 'utilisation', state: 'draft', evidence: null }),
        {
          status: 201,
        },
      ),
    );
    server.use(
      http.post(`${API}${LIST}9/evidence/`, async ({ request }) => {
        const form = await request.formData();
        const files = form.getAll('files') as File[];
        return HttpResponse.json(
          submission({ id: 9, metric: 'utilisation', evidence: evidence(files[0]!.name) }),
          { status: 201 },
        );
      }),
    );
    renderTab([VIEW, 'CAN_CREATE_METRICS_APPROVAL']);
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
    expect(bodies).toEqual([
      { metric: 'utilisation', period: currentPeriod(), value: 86.5, comment: '' },
    ]);
    expect(calls).toEqual([`POST ${LIST}`, `POST ${LIST}9/evidence/`]);
  });

  it('counts a chosen evidence file alone as an unsaved change', async () => {
    serve();
    renderTab([VIEW, 'CAN_CREATE_METRICS_APPROVAL']);
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

  it('reviews another’s submitted value: a return needs a comment; resubmits one’s own returned one', async () => {
    serve();
    const decisions = recordJson('post', `${LIST}1/decision/`, () =>
      HttpResponse.json(submission({ state: 'returned' })),
    );
    renderTab([VIEW, 'CAN_CREATE_METRICS_APPROVAL', 'CAN_EDIT_METRICS_APPROVAL']);
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
    expect(decisions).toEqual([{ decision: 'return', comment: 'Count M4 as late.' }]);

    // Alex's own returned value: resubmitted, never reviewed by him.
    expect(screen.queryByRole('button', { name: /^Review… Defect leakage/ })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Resubmit… Defect leakage, September 2026' }),
    );
    const again = screen.getByRole('dialog', { name: 'Resubmit Defect leakage, September 2026' });
    expect(within(again).getByText('Returned: Attach the October export.')).toBeVisible();
    expect(within(again).getByLabelText('Value')).toHaveValue('3.1');
    expect(within(again).getByLabelText('New evidence')).toBeVisible();
  });

  it('says when there is no value yet, and when the list could not be loaded', async () => {
    serve([]);
    const first = renderTab([VIEW, 'CAN_CREATE_METRICS_APPROVAL']);
    expect(await screen.findByText('No metric value submitted yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit a metric value' })).toBeVisible();
    first.unmount();
    server.use(http.get(`${API}${LIST}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab([VIEW]);
    expect(await screen.findByText('The metrics approvals could not be loaded')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible());
  });
});
