import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { GEN_AI_MESSAGES, type GenAiApproval, type GenAiUsage } from '../../../api/contract/genAi';
import { FILE_ERROR } from '../../../api/contract/risks';
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

const CONSENT_FILE = {
  id: 7_000_001,
  file_name: 'CTO consent 2026-09-14.pdf',
  size: 48_213,
  uploaded_at: '2026-09-15T09:00:00Z',
  uploaded_by: PRIYA,
  url: '/api/gen-ai-files/7000001/?user=1&expires=1&signature=abc',
};

const approval = (changes: Partial<GenAiApproval>): GenAiApproval => ({
  id: 1,
  tool: 'GitHub Copilot',
  purpose: 'Code completion in the IDEs.',
  data_classification: 'client_confidential',
  client_consent: 'yes',
  consent_evidence: 'Email from the client’s CTO of 09/14/2026.',
  consent_files: [CONSENT_FILE],
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
    consent_files: [],
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

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
/** A pending client-confidential request with the consent given and its text, without a file. */
const WAITING = approval({
  id: 9,
  tool: 'Claude for Work',
  purpose: 'Drafting the release notes.',
  consent_evidence: 'Email of the client’s CISO of 11/20/2026.',
  consent_files: [],
  state: 'pending',
  decided_by: null,
  decided_at: null,
  conditions: '',
  expires_on: null,
});

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
    // The consent's evidence downloads by its signed link, for readers too.
    const files = within(await rowOf(/^GitHub Copilot./)).getByRole('list', {
      name: 'Consent files of GitHub Copilot',
    });
    expect(within(files).getByRole('link', { name: 'CTO consent 2026-09-14.pdf' })).toHaveAttribute(
      'href',
      CONSENT_FILE.url,
    );
    expect(screen.queryByRole('button', { name: /Request|Record|Decide|Stop|Consent/ })).toBeNull();
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

  it('requests a tool in use: the consent "yes" needs its text, then its files are asked for', async () => {
    const created = {
      ...WAITING,
      tool: 'ChatGPT Enterprise',
      data_classification: 'internal' as const,
      consent_evidence: 'Steering committee minutes.',
    };
    let rows = ROWS;
    server.use(
      http.get(`${API}${LIST}`, () => HttpResponse.json(rows)),
      http.get(`${API}${USE}`, () => HttpResponse.json(USAGE)),
    );
    const bodies = recordJson('post', LIST, () => {
      rows = [created, ...ROWS];
      return HttpResponse.json(created, { status: 201 });
    });
    const uploads: number[] = [];
    server.use(
      http.post(`${API}${LIST}9/consent-files/`, async ({ request }) => {
        uploads.push((await request.formData()).getAll('files').length);
        const saved = {
          ...created,
          consent_files: [{ ...CONSENT_FILE, id: 7_500_000, file_name: 'minutes.pdf' }],
        };
        rows = [saved, ...ROWS];
        return HttpResponse.json(saved, { status: 201 });
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
    // The consent given is kept with its evidence: the files dialog opens on the new request.
    const files = await screen.findByRole('dialog', {
      name: 'Client consent for “ChatGPT Enterprise”',
    });
    expect(files).toHaveTextContent('Client consentYes: Steering committee minutes.');
    expect(within(files).getByText('No consent file yet.')).toBeVisible();
    const input = within(files).getByLabelText('Attach the client’s email or signed form');
    await userEvent.upload(input, new File(['hi'], 'consent.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(files).getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(uploads).toEqual([]);
    await userEvent.upload(input, pdf('minutes.pdf'));
    await waitFor(() => expect(uploads).toEqual([1]));
    expect(await screen.findByText(GEN_AI_TOASTS.fileAdded)).toBeVisible();
    expect(await within(files).findByRole('link', { name: 'minutes.pdf' })).toBeVisible();
    await userEvent.click(within(files).getByRole('button', { name: 'Done' }));
    expect(
      within(await rowOf(/^ChatGPT Enterprise./)).getByRole('link', { name: 'minutes.pdf' }),
    ).toBeVisible();
  });

  it('says why the approval of a consent-needing class waits, and removes a consent file after asking', async () => {
    const withFile = { ...WAITING, consent_files: [{ ...CONSENT_FILE, file_name: 'ciso.pdf' }] };
    let rows = [withFile, ...ROWS];
    server.use(
      http.get(`${API}${LIST}`, () => HttpResponse.json(rows)),
      http.get(`${API}${USE}`, () => HttpResponse.json(USAGE)),
    );
    const removed: string[] = [];
    server.use(
      http.delete(`${API}${LIST}9/consent-files/:fileId/`, ({ params }) => {
        removed.push(String(params.fileId));
        rows = [WAITING, ...ROWS];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderTab(['CAN_EDIT_PROJECT_CARD', 'CAN_EDIT_TECH_REGISTER']);
    const row = await rowOf(/^Claude for Work/);
    expect(row).not.toHaveTextContent('Approval waits');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Consent files… of “Claude for Work”' }),
    );
    const files = screen.getByRole('dialog', { name: 'Client consent for “Claude for Work”' });
    await userEvent.click(within(files).getByRole('button', { name: 'Remove ciso.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove “ciso.pdf”?' });
    expect(removed).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: /^(Remove|Delete)/ }));
    await waitFor(() => expect(removed).toEqual(['7000001']));
    expect(await within(files).findByText('No consent file yet.')).toBeVisible();
    expect(within(files).getByText(GEN_AI_MESSAGES.consentFileNeeded)).toBeVisible();
    await userEvent.click(within(files).getByRole('button', { name: 'Done' }));

    // No file: the row and the decision dialog say why Approve waits.
    expect(await rowOf(/^Claude for Work/)).toHaveTextContent(
      'Waiting for a decisionApproval waits for a consent file.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decide… on “Claude for Work”' }));
    const decide = screen.getByRole('dialog', { name: 'Decide on “Claude for Work”' });
    expect(decide).toHaveTextContent(GEN_AI_MESSAGES.consentFileNeeded);
    await userEvent.click(within(decide).getByRole('radio', { name: 'Reject' }));
    expect(decide).not.toHaveTextContent(GEN_AI_MESSAGES.consentFileNeeded);
  });

  it("approves with conditions and an expiry; the server's refusal shows in the dialog", async () => {
    serve();
    let answer = () =>
      HttpResponse.json({ consent_files: [GEN_AI_MESSAGES.consentFileNeeded] }, { status: 400 });
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
    // The server's refusal on the files (the consent attached elsewhere meanwhile removed).
    expect(await within(dialog).findByText(GEN_AI_MESSAGES.consentFileNeeded)).toBeVisible();
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
