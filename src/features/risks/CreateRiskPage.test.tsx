import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { LEAVE_TITLE } from '../../shared/ui/form/useUnsavedChangesGuard';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { DRAFT_MESSAGES, createdMessage } from './CreateRiskPage';
import { renderRiskRoute } from './detail/detailTesting';

/**
 * The mock backend answers as `risk_owner` (src/testing/mockBackend.ts): Lucia Romero may create
 * risks and issues at project level, not at account level; her drafts in the seed are draft 1, a
 * project risk of Handmade Ball panel, and draft 2, an account issue. Handmade Ball panel
 * (project 1) holds risk 1, "Key developer may leave before the release", open and hers.
 */
// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);
beforeEach(async () => {
  await useMockBackend('risk_owner');
});
afterEach(() => server.events.removeAllListeners());

const DRAFT_1 = 'Release window may clash with the client freeze';
const backend = () => currentMockBackend()!;

const statement = () => screen.getByRole('textbox', { name: 'Statement' });

/** Picks Handmade Ball panel (pasted: a keystroke per letter costs seconds on two busy cores). */
async function chooseScope() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
  await userEvent.paste('Handmade Ball panel');
  await userEvent.click(await screen.findByRole('option', { name: 'Handmade Ball panel' }));
}

/** The likely-duplicates calls as sent. */
function recordSimilarCalls() {
  const calls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/risks/similar/') calls.push(url);
  });
  return calls;
}

describe('creating a risk', () => {
  it('is the not-found state for an unknown level', async () => {
    renderRiskRoute('/create-risk/galaxy');
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
  });

  it('names the level flag a user lacks, before any form, with a way back', async () => {
    const { router } = renderRiskRoute('/create-risk/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You may not create an account risk' }),
    ).toBeVisible();
    expect(screen.getByText('CAN_CREATE_ACCOUNT_LEVEL')).toBeVisible();
    expect(screen.queryByText('CAN_CREATE_RISK')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Statement' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=account',
    );
    expect(router.state.location.pathname).toBe('/create-risk/account');
  });

  it('names the kind flag a user without any creation right lacks, instead of leaving', async () => {
    // The QC lead may view risks, not create any.
    await useMockBackend('qcl');
    const { router } = renderRiskRoute('/create-issue/project');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You may not create a project issue' }),
    ).toBeVisible();
    expect(screen.getByText('CAN_CREATE_ISSUE')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Statement' })).toBeNull();
    expect(router.state.location.pathname).toBe('/create-issue/project');
  });

  it('warns before switching to Issue, then clears statement and category only', async () => {
    const { router } = renderRiskRoute('/create-risk/project');
    await screen.findByRole('textbox', { name: 'Statement' });
    await userEvent.type(statement(), 'Vendor may deliver late');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'delivery');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Context');

    await userEvent.click(screen.getByRole('tab', { name: 'Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Issue?' });
    expect(dialog).toHaveTextContent(RISK_MESSAGES.switchTabWarning);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/create-risk/project');
    expect(statement()).toHaveValue('Vendor may deliver late');

    await userEvent.click(screen.getByRole('tab', { name: 'Issue' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Switch to Issue?' })).getByRole('button', {
        name: 'Switch to Issue',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-issue/project'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Issue' })).toHaveAttribute('aria-selected', 'true');
    expect(statement()).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue('Context');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Probability' })).not.toBeInTheDocument();
    // The help speaks of what is being created.
    expect(screen.getByRole('group', { name: 'Visibility tags' })).toHaveAccessibleDescription(
      /who may see the issue does not change/,
    );
  });

  it('switches without asking when there is nothing to clear', async () => {
    // The account delivery owner may create risks and issues at account level.
    await useMockBackend('account_owner');
    const { router } = renderRiskRoute('/create-risk/account');
    await screen.findByRole('combobox', { name: 'Account' });
    await userEvent.click(screen.getByRole('tab', { name: 'Issue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-issue/account'));
  });

  it('shows likely duplicates in the same scope while the statement is typed', async () => {
    const similarCalls = recordSimilarCalls();
    renderRiskRoute('/create-risk/project');
    await screen.findByRole('textbox', { name: 'Statement' });
    await chooseScope();
    await userEvent.type(statement(), 'Developer');
    // One or two words say too little.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(similarCalls).toHaveLength(0);
    await userEvent.type(statement(), ' may leave the release');
    const region = screen.getByRole('region', { name: 'Possible duplicates' });
    // Risk 1 shares three of its four words: 3 / √(3 × 4) = 87 %.
    const link = await within(region).findByRole('link', {
      name: /Key developer may leave before the release/,
    });
    expect(link).toHaveAttribute('href', '/risks/1');
    const match = link.closest('li')!;
    expect(match).toHaveTextContent('Owner: Lucia Romero (lromero)');
    expect(match).toHaveTextContent('87% similar');
    const asked = similarCalls.at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      level: 'project',
      scope: '1',
      kind: 'risk',
      statement: 'Developer may leave the release',
    });
  });

  it('creates the risk, links the check it came from and opens it', async () => {
    // Priya Nair (pm) raises it from check SC_1, her self check of Handmade Ball panel.
    await useMockBackend('pm');
    const bodies = recordJson('post', '/api/risks/');
    const { router } = renderRiskRoute('/create-risk/project?project=1&poll=1');
    expect(
      await screen.findByText(/Raised during the check SC_1 of Handmade Ball panel/),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Handmade Ball panel'),
    );
    await userEvent.type(statement(), 'Key tester leaves');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'people');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Probability' }), 'high');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'moderate');
    expect(screen.getByText('Rating').nextElementSibling).toHaveTextContent('High');
    await userEvent.type(screen.getByRole('textbox', { name: 'Labels' }), 'staffing{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Steering committee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create risk' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/risks\/\d+$/));
    expect(bodies).toEqual([
      {
        kind: 'risk',
        level: 'project',
        scope_id: 1,
        statement: 'Key tester leaves',
        description: '',
        category: 'people',
        probability: 'high',
        impact: 'moderate',
        priority: null,
        severity: null,
        response_strategy: null,
        due_date: null,
        labels: ['staffing'],
        visibility_tags: ['steering'],
        informed_ids: [],
        poll_id: 1,
      },
    ]);
    expect(await screen.findByText(createdMessage('risk'))).toBeVisible();
    const risk = backend().state().risks.at(-1)!;
    expect(router.state.location.pathname).toBe(`/risks/${risk.id}`);
    expect(risk).toMatchObject({
      statement: 'Key tester leaves',
      scope: { id: 1, name: 'Handmade Ball panel' },
      rating: 'high',
      owner: { id: 2, name: 'Priya Nair' },
      poll_id: 1,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Key tester leaves' }),
    ).toBeVisible();
  });

  it('checks the form first, then shows the server refusals beside their fields', async () => {
    // An override: the form checks every rule the mock has for these fields before sending, so
    // no seed case gets a field error back; this stands for a rule only the backend knows.
    recordJson('post', '/api/risks/', () =>
      HttpResponse.json(
        { statement: ['A risk with this statement already exists.'] },
        { status: 400 },
      ),
    );
    const { router } = renderRiskRoute('/create-risk/project');
    await userEvent.click(await screen.findByRole('button', { name: 'Create risk' }));
    expect(screen.getByText('Choose where the risk belongs.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveFocus();

    await chooseScope();
    await userEvent.type(statement(), 'Key tester leaves');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'people');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Probability' }), 'low');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'low');
    await userEvent.click(screen.getByRole('button', { name: 'Create risk' }));
    expect(
      await screen.findByText('A risk with this statement already exists.', {
        selector: '[id$="-error"]',
      }),
    ).toBeVisible();
    expect(statement()).toHaveValue('Key tester leaves');
    expect(statement()).toHaveAttribute('aria-invalid', 'true');
    expect(statement()).toHaveFocus();
    expect(router.state.location.pathname).toBe('/create-risk/project');
  });

  it('puts the scope refusal on the picker and a refusal naming no field in the form alert', async () => {
    // An override: the mock keeps no closed projects, and its only scope refusal (a project that
    // no longer exists) needs the seed's project taken away under the form.
    recordJson('post', '/api/risks/', () =>
      HttpResponse.json(
        {
          scope_id: ['This project is closed.'],
          non_field_errors: ['Risks cannot be raised on a closed project.'],
        },
        { status: 400 },
      ),
    );
    renderRiskRoute('/create-risk/project');
    await screen.findByRole('textbox', { name: 'Statement' });
    await chooseScope();
    await userEvent.type(statement(), 'Key tester leaves');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'people');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Probability' }), 'low');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'low');
    await userEvent.click(screen.getByRole('button', { name: 'Create risk' }));

    const project = screen.getByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(project).toHaveAccessibleDescription(/This project is closed\./));
    expect(project).toHaveFocus();
    expect(project).toHaveValue('Handmade Ball panel');
    const form = screen.getByRole('form', { name: 'New risk' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Risks cannot be raised on a closed project.',
    );
    expect(statement()).toHaveValue('Key tester leaves');
  });

  it('asks before leaving a changed form, and no more once it is saved as a draft', async () => {
    const { router } = renderRiskRoute('/create-risk/project');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Statement' }),
      'Half a thought',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/create-risk/project');
    expect(statement()).toHaveValue('Half a thought');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(DRAFT_MESSAGES.saved)).toBeVisible();
    expect(backend().state().riskDrafts.at(-1)).toMatchObject({
      user_id: 8,
      data: { statement: 'Half a thought' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risks'));
  });
});

describe('drafts', () => {
  it('saves a new draft and keeps it in the URL', async () => {
    const bodies = recordJson('post', '/api/risk-drafts/');
    const { router } = renderRiskRoute('/create-risk/project');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Statement' }),
      'Half a thought',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          kind: 'risk',
          level: 'project',
          data: { kind: 'risk', level: 'project', statement: 'Half a thought' },
        },
      ]),
    );
    expect(await screen.findByText(DRAFT_MESSAGES.saved)).toBeVisible();
    const saved = backend().state().riskDrafts.at(-1)!;
    expect(saved).toMatchObject({ user_id: 8, kind: 'risk', level: 'project' });
    expect(router.state.location.search).toBe(`?draft=${saved.id}`);
    expect(screen.getByRole('button', { name: 'Create from draft' })).toBeVisible();
  });

  it('opens a draft from the list and creates the risk from it', async () => {
    // Draft 1 as far as Lucia got with it: category, probability and Priya informed.
    Object.assign(
      backend()
        .runtime.db.getState()
        .riskDrafts.find((draft) => draft.id === 1)!.data,
      { category: 'commercial', probability: 'high', informed_ids: [2] },
    );
    const saved = recordJson('patch', '/api/risk-drafts/1/');
    const created = recordJson('post', '/api/risk-drafts/1/create/');
    const { router } = renderRiskRoute('/create-risk/project');
    const drafts = await screen.findByRole('complementary', { name: 'My drafts' });
    const draft1 = (await within(drafts).findByText(DRAFT_1)).closest('li')!;
    expect(draft1).toBeVisible();
    expect(drafts).toHaveTextContent('Project risk · Handmade Ball panel');
    await userEvent.click(within(draft1).getByRole('button', { name: /^Open/ }));
    await waitFor(() => expect(statement()).toHaveValue(DRAFT_1));
    expect(router.state.location.search).toBe('?draft=1');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Handmade Ball panel');
    expect(screen.getByText('Priya Nair (pnair)')).toBeVisible();
    expect(within(drafts).getByText('Open in the form')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'high');
    await userEvent.click(screen.getByRole('button', { name: 'Create from draft' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/risks\/\d+$/));
    expect(saved).toEqual([
      {
        kind: 'risk',
        level: 'project',
        data: {
          kind: 'risk',
          level: 'project',
          scope_id: 1,
          statement: DRAFT_1,
          category: 'commercial',
          probability: 'high',
          impact: 'high',
          informed_ids: [2],
        },
      },
    ]);
    expect(created).toEqual([{}]);
    expect(await screen.findByText(RISK_MESSAGES.createdFromDraft('risk'))).toBeVisible();
    // The mock made the risk of the draft, and the draft is gone.
    const state = backend().state();
    const risk = state.risks.at(-1)!;
    expect(router.state.location.pathname).toBe(`/risks/${risk.id}`);
    expect(risk).toMatchObject({
      kind: 'risk',
      level: 'project',
      scope: { id: 1, name: 'Handmade Ball panel' },
      statement: DRAFT_1,
      category: 'commercial',
      probability: 'high',
      impact: 'high',
      rating: 'high',
      informed: [{ id: 2, name: 'Priya Nair' }],
      owner: { id: 8 },
    });
    expect(state.riskDrafts.some((draft) => draft.id === 1)).toBe(false);
  });

  it('clears the form and the saved draft after confirming', async () => {
    const saved = recordJson('patch', '/api/risk-drafts/1/');
    renderRiskRoute('/create-risk/project?draft=1');
    await waitFor(() => expect(statement()).toHaveValue(DRAFT_1));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the form and the draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(saved).toEqual([{ kind: 'risk', level: 'project', data: {} }]));
    expect(await screen.findByText(DRAFT_MESSAGES.cleared)).toBeVisible();
    expect(statement()).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('');
    expect(
      backend()
        .state()
        .riskDrafts.find((draft) => draft.id === 1),
    ).toMatchObject({ data: {} });
  });

  it('deletes a draft after confirming', async () => {
    renderRiskRoute('/create-risk/project');
    const drafts = await screen.findByRole('complementary', { name: 'My drafts' });
    await userEvent.click(
      within((await within(drafts).findByText(DRAFT_1)).closest('li')!).getByRole('button', {
        name: /^Delete/,
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent(DRAFT_1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText(DRAFT_MESSAGES.deleted)).toBeVisible();
    expect(
      backend()
        .state()
        .riskDrafts.map((draft) => draft.id),
    ).not.toContain(1);
    expect(within(drafts).queryByText(DRAFT_1)).not.toBeInTheDocument();
  });
});
