import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { GEN_AI_MESSAGES } from '../../../api/contract/genAi';
import { FILE_ERROR } from '../../../api/contract/risks';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { eachTestOnTheMockWithFiles } from '../../../testing/nodeFiles';
import { renderRoute } from '../../../testing/renderRoutes';
import GenAiApprovalsTab from './GenAiApprovalsTab';
import { GEN_AI_TOASTS } from './GenAiDialogs';
import { UnapprovedToolsFlag } from './UnapprovedToolsFlag';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), files reach it whole to be
 * checked by its own upload rules, on Saturday, November 28, 2026: the seed's project 1 uses
 * ChatGPT Enterprise (no approval) and GitHub Copilot (approved until 06/30/2027, with the CTO's
 * consent file); its requests are Microsoft 365 Copilot (internal, pending), Midjourney
 * (rejected), GitHub Copilot and Otter.ai (expired on 09/30/2026). Project 3 has neither.
 */
const PROJECT = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;
const LIST = '/api/projects/1/gen-ai-approvals/';
const USE = '/api/projects/1/gen-ai-usage/';

eachTestOnTheMockWithFiles('admin', new Date('2026-11-28T12:00:00Z'));

/** Project 1's requests as the mock holds them, to set a case up. */
const heldApprovals = () => currentMockBackend()!.runtime.db.getState().genAiApprovals;

const renderTab = (permissions: string[], project = PROJECT) =>
  renderRoute(
    <>
      <GenAiApprovalsTab project={project} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const rowOf = async (name: string | RegExp) =>
  (await screen.findByRole('rowheader', { name })).closest('tr')!;

describe('GenAiApprovalsTab', () => {
  it('shows the tools in use, the flag, the requests and their decisions; read-only without flags', async () => {
    renderTab([]);
    expect(await screen.findByRole('note', { name: 'Gen AI approvals' })).toHaveTextContent(
      'Uses a Gen AI tool without a valid approval: ChatGPT Enterprise.',
    );
    expect(await rowOf('ChatGPT Enterprise')).toHaveTextContent('11/02/2026No valid approval');
    expect(await rowOf('GitHub Copilot')).toHaveTextContent('Approved until 06/30/2027');
    const pending = await rowOf(/^Microsoft 365 Copilot/);
    expect(pending).toHaveTextContent('InternalPendingPendingWaiting for a decision');
    expect(await rowOf(/^Midjourney/)).toHaveTextContent(
      'RejectedThe client refuses generated images in its brand material.',
    );
    expect(await rowOf(/^GitHub Copilot./)).toHaveTextContent(
      'Valid until 06/30/2027Conditions: Copilot Business seats only; suggestions reviewed like any other code; no secrets in prompts.By Alex Morgan (amorgan) on 09/18/2026',
    );
    expect(await rowOf(/^Otter.ai/)).toHaveTextContent('ExpiredExpired on 09/30/2026');
    // The consent's evidence downloads by its signed link, for readers too.
    const files = within(await rowOf(/^GitHub Copilot./)).getByRole('list', {
      name: 'Consent files of GitHub Copilot',
    });
    expect(
      within(files).getByRole('link', { name: 'CTO consent to Copilot Business 2026-09-14.pdf' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/api\/gen-ai-files\/7000001\/\?user=1&/));
    expect(screen.queryByRole('button', { name: /Request|Record|Decide|Stop|Consent/ })).toBeNull();
  });

  it('says when nothing is recorded and when a list fails, with a retry', async () => {
    server.use(
      http.get(
        `${API}/api/projects/3/gen-ai-approvals/`,
        () => new HttpResponse(null, { status: 500 }),
      ),
    );
    renderTab(['CAN_EDIT_PROJECT_CARD'], { id: 3, name: 'Project 3' } as ProjectDetail);
    expect(await screen.findByText('No Gen AI tool recorded as in use')).toBeVisible();
    expect(await screen.findByText('The requests could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('requests a tool in use: the consent "yes" needs its text, then its files are asked for', async () => {
    const bodies = recordJson('post', LIST);
    // The new request's consent files as the mock stores them.
    const uploaded = () =>
      currentMockBackend()!
        .state()
        .genAiApprovals.filter((row) => row.project_id === 1 && row.tool === 'ChatGPT Enterprise')
        .flatMap((row) => row.consent_files.map((file) => file.file_name));
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
    expect(uploaded()).toEqual([]);
    await userEvent.upload(input, pdf('minutes.pdf'));
    expect(await screen.findByText(GEN_AI_TOASTS.fileAdded)).toBeVisible();
    expect(uploaded()).toEqual(['minutes.pdf']);
    expect(await within(files).findByRole('link', { name: 'minutes.pdf' })).toBeVisible();
    await userEvent.click(within(files).getByRole('button', { name: 'Done' }));
    expect(
      within(await rowOf(/^ChatGPT Enterprise./)).getByRole('link', { name: 'minutes.pdf' }),
    ).toBeVisible();
  });

  it('says why the approval of a consent-needing class waits, and removes a consent file after asking', async () => {
    // A pending client-confidential request with the consent given, its text and one file.
    const copilot = heldApprovals().find((row) => row.id === 1)!;
    heldApprovals().push({
      ...copilot,
      id: 9,
      tool: 'Claude for Work',
      purpose: 'Drafting the release notes.',
      consent_evidence: 'Email of the client’s CISO of 11/20/2026.',
      consent_files: [{ ...copilot.consent_files[0]!, id: 7_000_009, file_name: 'ciso.pdf' }],
      state: 'pending',
      decided_by_id: null,
      decided_at: null,
      conditions: '',
      expires_on: null,
    });
    const held = () =>
      currentMockBackend()!
        .state()
        .genAiApprovals.find((row) => row.id === 9)!
        .consent_files.map((file) => file.id);
    renderTab(['CAN_EDIT_PROJECT_CARD', 'CAN_EDIT_TECH_REGISTER']);
    const row = await rowOf(/^Claude for Work/);
    expect(row).not.toHaveTextContent('Approval waits');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Consent files… of “Claude for Work”' }),
    );
    const files = screen.getByRole('dialog', { name: 'Client consent for “Claude for Work”' });
    await userEvent.click(within(files).getByRole('button', { name: 'Remove ciso.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove “ciso.pdf”?' });
    expect(held()).toEqual([7000009]);
    await userEvent.click(within(confirm).getByRole('button', { name: /^(Remove|Delete)/ }));
    expect(await within(files).findByText('No consent file yet.')).toBeVisible();
    expect(held()).toEqual([]);
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
    // The mock needs no consent for an internal tool: the refusal is made here, once.
    let refuse = true;
    const bodies = recordJson('post', `${LIST}4/decision/`, () =>
      refuse
        ? HttpResponse.json({ consent_files: [GEN_AI_MESSAGES.consentFileNeeded] }, { status: 400 })
        : undefined,
    );
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
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(GEN_AI_TOASTS.approved)).toBeVisible();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      decision: 'approve',
      conditions: 'No client data.',
      expires_on: '2027-12-31',
    });
    expect(heldApprovals().find((row) => row.id === 4)).toMatchObject({
      state: 'approved',
      conditions: 'No client data.',
    });
    expect(await rowOf(/^Microsoft 365 Copilot/)).toHaveTextContent('Valid until 12/31/2027');
  });

  it('rejects with a reason', async () => {
    const bodies = recordJson('post', `${LIST}4/decision/`);
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
    expect(await rowOf(/^Microsoft 365 Copilot/)).toHaveTextContent(
      'RejectedMail holds client data.',
    );
  });

  it('records a tool in use, with the server’s field error on its field', async () => {
    // GitHub Copilot is recorded already: the mock refuses it on its field.
    const bodies = recordJson('post', USE);
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
    const usage = currentMockBackend()!.runtime.db.getState().genAiUsage;
    for (const [id, tool] of [
      [90, 'Claude'],
      [91, 'Gemini'],
    ] as const)
      usage.push({ id, project_id: 1, tool, since: '2026-11-20', recorded_by_id: 2 });
    const { unmount } = renderRoute(<UnapprovedToolsFlag projectId={1} linked />);
    expect(await screen.findByRole('note', { name: 'Gen AI approvals' })).toHaveTextContent(
      'Uses a Gen AI tool without a valid approval: ChatGPT Enterprise, Claude and Gemini.',
    );
    expect(screen.getByRole('link', { name: 'Open the Gen AI approvals' })).toHaveAttribute(
      'href',
      '/projects/1/gen-ai-approvals',
    );
    unmount();
    // Every tool covered: the same call that fills the table leaves no flag.
    const uncovered = currentMockBackend()!.runtime.db.getState().genAiUsage;
    uncovered.splice(
      0,
      uncovered.length,
      ...uncovered.filter((row) => row.tool === 'GitHub Copilot' || row.project_id !== 1),
    );
    renderTab([]);
    expect(await rowOf('GitHub Copilot')).toHaveTextContent('Approved until 06/30/2027');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/without a valid approval/)).toBeNull();
  });
});
