import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import type { GenAiApproval, GenAiUsage } from '../../../api/contract/genAi';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import GenAiApprovalsTab from './GenAiApprovalsTab';
import { GEN_AI_TOASTS } from './GenAiDialogs';
import { UnapprovedToolsFlag } from './UnapprovedToolsFlag';

const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };

const approval = (changes: Partial<GenAiApproval>): GenAiApproval => ({
  id: 1,
  tool: 'GitHub Copilot',
  purpose: 'Code completion in the IDEs.',
  data_classification: 'client_confidential',
  client_consent: 'yes',
  consent_evidence: 'Email from the client’s CTO of 09/14/2026.',
  state: 'approved',
  requested_by: PRIYA,
  requested_at: '2026-09-15T09:00:00Z',
  decided_by: ALEX,
  decided_at: '2026-09-18T09:00:00Z',
  conditions: 'No secrets in prompts.',
  expires_on: '2027-06-30',
  rejection_reason: '',
  ...changes,
});
const ROWS = [
  approval({
    id: 4,
    tool: 'Microsoft 365 Copilot',
    purpose: 'Summarising mail threads.',
    data_classification: 'internal',
    client_consent: 'pending',
    consent_evidence: '',
    state: 'pending',
    decided_by: null,
    decided_at: null,
    conditions: '',
    expires_on: null,
  }),
  approval({
    id: 3,
    tool: 'Midjourney',
    state: 'rejected',
    conditions: '',
    expires_on: null,
    rejection_reason: 'No generated images in the brand material.',
  }),
  approval({}),
  approval({ id: 2, tool: 'Otter.ai', state: 'expired', expires_on: '2026-09-30' }),
];
const USAGE: GenAiUsage = {
  tools: [
    { id: 2, tool: 'ChatGPT Enterprise', since: '2026-11-02', recorded_by: PRIYA, approval: null },
    {
      id: 1,
      tool: 'GitHub Copilot',
      since: '2026-09-20',
      recorded_by: PRIYA,
      approval: { id: 1, expires_on: '2027-06-30' },
    },
  ],
  unapproved_tools: ['ChatGPT Enterprise'],
};
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/gen-ai-approvals/';
const USE = '/api/projects/7/gen-ai-usage/';

function serve(rows: GenAiApproval[] = ROWS, usage: GenAiUsage = USAGE) {
  server.use(
    http.get(`${API}${LIST}`, () => HttpResponse.json(rows)),
    http.get(`${API}${USE}`, () => HttpResponse.json(usage)),
  );
}

const renderTab = (permissions: string[]) =>
  renderRoute(
    <>
      <GenAiApprovalsTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = async (name: string | RegExp) =>
  (await screen.findByRole('rowheader', { name })).closest('tr')!;

describe('GenAiApprovalsTab', () => {
  it('shows the tools in use, the flag, the requests and their decisions; read-only without flags', async () => {
    serve();
    renderTab([]);
    expect(await screen.findByRole('note', { name: 'Gen AI approvals' })).toHaveTextContent(
      'Uses a Gen AI tool without a valid approval: ChatGPT Enterprise.',
    );
    expect(await rowOf('ChatGPT Enterprise')).toHaveTextContent('11/02/2026No valid approval');
    expect(await rowOf('GitHub Copilot')).toHaveTextContent('Approved until 06/30/2027');
    const pending = await rowOf(/^Microsoft 365 Copilot/);
    expect(pending).toHaveTextContent('InternalPendingPendingWaiting for a decision');
    expect(await rowOf(/^Midjourney/)).toHaveTextContent(
      'RejectedNo generated images in the brand material.',
    );
    expect(await rowOf(/^GitHub Copilot./)).toHaveTextContent(
      'Valid until 06/30/2027Conditions: No secrets in prompts.By Alex Morgan (amorgan) on 09/18/2026',
    );
    expect(await rowOf(/^Otter.ai/)).toHaveTextContent('ExpiredExpired on 09/30/2026');
    expect(screen.queryByRole('button', { name: /Request|Record|Decide|Stop/ })).toBeNull();
  });

  it('says when nothing is recorded and when a list fails, with a retry', async () => {
    serve([], { tools: [], unapproved_tools: [] });
    server.use(http.get(`${API}${LIST}`, () => new HttpResponse(null, { status: 500 })));
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    expect(await screen.findByText('No Gen AI tool recorded as in use')).toBeVisible();
    expect(await screen.findByText('The requests could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('requests a tool in use: the consent "yes" needs its evidence', async () => {
    serve();
    const bodies = recordJson('post', LIST, () =>
      HttpResponse.json(approval({ id: 9, tool: 'ChatGPT Enterprise', state: 'pending' }), {
        status: 201,
      }),
    );
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    expect(screen.queryByRole('button', { name: /^Decide/ })).toBeNull();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request approval for ChatGPT Enterprise' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Request a Gen AI tool' });
    expect(within(dialog).getByLabelText('Tool')).toHaveValue('ChatGPT Enterprise');
    await userEvent.type(within(dialog).getByLabelText('Purpose'), 'Drafting test cases.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Client consent'), 'Yes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText(
        'Give the evidence of the client’s consent: who agreed, when and how.',
      ),
    ).toBeVisible();
    expect(bodies).toEqual([]);
    await userEvent.type(
      within(dialog).getByLabelText('Evidence of the consent'),
      'Steering committee minutes.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(GEN_AI_TOASTS.requested)).toBeVisible();
    expect(bodies).toEqual([
      {
        tool: 'ChatGPT Enterprise',
        purpose: 'Drafting test cases.',
        data_classification: 'internal',
        client_consent: 'yes',
        consent_evidence: 'Steering committee minutes.',
      },
    ]);
  });

  it("approves with conditions and an expiry; the server's refusal shows in the dialog", async () => {
    serve();
    let answer = () =>
      HttpResponse.json(
        { non_field_errors: ['This data classification needs the client’s consent.'] },
        { status: 400 },
      );
    const bodies = recordJson('post', `${LIST}4/decision/`, () => answer());
    renderTab(['CAN_EDIT_TECH_REGISTER']);
    expect(screen.queryByRole('button', { name: /^Request/ })).toBeNull();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decide… on “Microsoft 365 Copilot”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decide on “Microsoft 365 Copilot”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('Say on which conditions the tool may be used.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Choose the last day of the approval.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Conditions'), 'No client data.');
    await userEvent.type(within(dialog).getByLabelText('Valid until'), '12/31/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('This data classification needs the client’s consent.'),
    ).toBeVisible();
    answer = () => HttpResponse.json({ ...ROWS[0], state: 'approved' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(GEN_AI_TOASTS.approved)).toBeVisible();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      decision: 'approve',
      conditions: 'No client data.',
      expires_on: '2027-12-31',
    });
  });

  it('rejects with a reason', async () => {
    serve();
    const bodies = recordJson('post', `${LIST}4/decision/`, () =>
      HttpResponse.json({ ...ROWS[0], state: 'rejected' }),
    );
    renderTab(['CAN_EDIT_TECH_REGISTER']);
    await userEvent.click(await screen.findByRole('button', { name: /^Decide…/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reject' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the request is rejected.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Mail holds client data.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(GEN_AI_TOASTS.rejected)).toBeVisible();
    expect(bodies).toEqual([{ decision: 'reject', reason: 'Mail holds client data.' }]);
  });

  it('records a tool in use, with the server’s field error on its field', async () => {
    serve();
    const bodies = recordJson('post', USE, () =>
      HttpResponse.json(
        { tool: ['This tool is already recorded as in use on the project.'] },
        { status: 400 },
      ),
    );
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    await userEvent.click(await screen.findByRole('button', { name: 'Record a tool in use' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a tool in use' });
    await userEvent.type(within(dialog).getByLabelText('Tool'), 'github copilot');
    await userEvent.type(within(dialog).getByLabelText('In use since'), '11/20/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record tool' }));
    expect(
      await within(dialog).findByText('This tool is already recorded as in use on the project.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Tool')).toHaveValue('github copilot');
    expect(bodies).toEqual([{ tool: 'github copilot', since: '2026-11-20' }]);
  });
});

describe('UnapprovedToolsFlag', () => {
  it('names every unapproved tool with a link to the tab, and shows nothing once none is left', async () => {
    serve(ROWS, { ...USAGE, unapproved_tools: ['ChatGPT Enterprise', 'Claude', 'Gemini'] });
    const { unmount } = renderRoute(<UnapprovedToolsFlag projectId={7} linked />);
    expect(await screen.findByRole('note', { name: 'Gen AI approvals' })).toHaveTextContent(
      'Uses a Gen AI tool without a valid approval: ChatGPT Enterprise, Claude and Gemini.',
    );
    expect(screen.getByRole('link', { name: 'Open the Gen AI approvals' })).toHaveAttribute(
      'href',
      '/projects/7/gen-ai-approvals',
    );
    unmount();
    // Every tool covered: the same call that fills the table leaves no flag.
    serve(ROWS, { tools: USAGE.tools.slice(1), unapproved_tools: [] });
    renderTab([]);
    expect(await rowOf('GitHub Copilot')).toHaveTextContent('Approved until 06/30/2027');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/without a valid approval/)).toBeNull();
  });
});
