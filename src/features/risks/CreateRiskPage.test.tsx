import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { RISK_MESSAGES, type RiskDraft } from '../../api/contract/risks';
import { LEAVE_TITLE } from '../../shared/ui/form/useUnsavedChangesGuard';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInAs } from '../../testing/msw/session';
import { DRAFT_MESSAGES, createdMessage } from './CreateRiskPage';
import {
  APOLLO,
  PRIYA,
  makeRisk,
  renderRiskRoute,
  serveCreatePage,
  serveRisk,
} from './detail/detailTesting';

beforeEach(() => signedInAs({ permissions: ['CAN_CREATE_RISK', 'CAN_CREATE_ISSUE'] }));

const DRAFT: RiskDraft = {
  id: 1,
  kind: 'risk',
  level: 'project',
  data: {
    scope_id: 1,
    statement: 'Budget overrun on the integration phase',
    category: 'commercial',
    probability: 'high',
    informed_ids: [2],
  },
  updated_at: '2026-11-18T16:45:00Z',
  scope: APOLLO,
  informed: [PRIYA],
};

const statement = () => screen.getByRole('textbox', { name: 'Statement' });

async function chooseScope() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'Apo');
  await userEvent.click(await screen.findByRole('option', { name: 'Apollo Portal' }));
}

describe('creating a risk', () => {
  it('is the not-found state for an unknown level', async () => {
    serveCreatePage();
    renderRiskRoute('/create-risk/galaxy');
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
  });

  it('names the level flag a user lacks, before any form, with a way back', async () => {
    serveCreatePage();
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
    signedInAs({ permissions: ['CAN_VIEW_RISK'] });
    serveCreatePage();
    const { router } = renderRiskRoute('/create-issue/project');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You may not create a project issue' }),
    ).toBeVisible();
    expect(screen.getByText('CAN_CREATE_ISSUE')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Statement' })).toBeNull();
    expect(router.state.location.pathname).toBe('/create-issue/project');
  });

  it('warns before switching to Issue, then clears statement and category only', async () => {
    serveCreatePage();
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
    signedInAs({
      permissions: ['CAN_CREATE_RISK', 'CAN_CREATE_ISSUE', 'CAN_CREATE_ACCOUNT_LEVEL'],
    });
    serveCreatePage();
    const { router } = renderRiskRoute('/create-risk/account');
    await screen.findByRole('combobox', { name: 'Account' });
    await userEvent.click(screen.getByRole('tab', { name: 'Issue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-issue/account'));
  });

  it('shows likely duplicates in the same scope while the statement is typed', async () => {
    const { similarCalls } = serveCreatePage({
      similar: [
        {
          risk: makeRisk({ id: 4, statement: 'Client acceptance criteria are not agreed' }),
          score: 0.82,
        },
      ],
    });
    renderRiskRoute('/create-risk/project');
    await screen.findByRole('textbox', { name: 'Statement' });
    await chooseScope();
    await userEvent.type(statement(), 'Acceptance');
    // One or two words say too little.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(similarCalls).toHaveLength(0);
    await userEvent.type(statement(), ' criteria not agreed');
    const region = screen.getByRole('region', { name: 'Possible duplicates' });
    const link = await within(region).findByRole('link', { name: /Client acceptance criteria/ });
    expect(link).toHaveAttribute('href', '/risks/4');
    expect(region).toHaveTextContent('Owner: Lucia Romero (lromero)');
    expect(region).toHaveTextContent('82% similar');
    const asked = similarCalls.at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      level: 'project',
      scope: '1',
      kind: 'risk',
      statement: 'Acceptance criteria not agreed',
    });
  });

  it('creates the risk, links the check it came from and opens it', async () => {
    serveCreatePage();
    server.use(
      http.get(`${API}/api/polls/5/`, () =>
        HttpResponse.json({ id: 5, index: 'HC_5', project: { id: 1, name: 'Apollo Portal' } }),
      ),
    );
    serveRisk(makeRisk({ id: 42 }));
    const bodies = recordJson('post', '/api/risks/', () =>
      HttpResponse.json(makeRisk({ id: 42 }), { status: 201 }),
    );
    const { router } = renderRiskRoute('/create-risk/project?project=1&poll=5');
    expect(await screen.findByText(/Raised during the check HC_5 of Apollo Portal/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Apollo Portal'),
    );
    await userEvent.type(statement(), 'Key tester leaves');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'people');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Probability' }), 'high');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'moderate');
    expect(screen.getByText('Rating').nextElementSibling).toHaveTextContent('High');
    await userEvent.type(screen.getByRole('textbox', { name: 'Labels' }), 'staffing{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Steering committee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create risk' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/risks/42'));
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
        poll_id: 5,
      },
    ]);
    expect(await screen.findByText(createdMessage('risk'))).toBeVisible();
  });

  it('checks the form first, then shows the server refusals beside their fields', async () => {
    serveCreatePage();
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
    serveCreatePage();
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
    expect(project).toHaveValue('Apollo Portal');
    const form = screen.getByRole('form', { name: 'New risk' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Risks cannot be raised on a closed project.',
    );
    expect(statement()).toHaveValue('Key tester leaves');
  });

  it('asks before leaving a changed form, and no more once it is saved as a draft', async () => {
    serveCreatePage();
    recordJson('post', '/api/risk-drafts/', (body) =>
      HttpResponse.json(
        { ...(body as object), id: 9, updated_at: '2026-11-20T10:00:00Z' },
        { status: 201 },
      ),
    );
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
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risks'));
  });
});

describe('drafts', () => {
  it('saves a new draft and keeps it in the URL', async () => {
    serveCreatePage();
    const bodies = recordJson('post', '/api/risk-drafts/', (body) =>
      HttpResponse.json(
        { ...(body as object), id: 9, updated_at: '2026-11-20T10:00:00Z' },
        { status: 201 },
      ),
    );
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
    expect(router.state.location.search).toBe('?draft=9');
    expect(screen.getByRole('button', { name: 'Create from draft' })).toBeVisible();
  });

  it('opens a draft from the list and creates the risk from it', async () => {
    serveCreatePage({ drafts: [DRAFT] });
    serveRisk(makeRisk({ id: 50 }));
    const saved = recordJson('patch', '/api/risk-drafts/1/', (body) =>
      HttpResponse.json({ ...DRAFT, ...(body as object) }),
    );
    const created: JsonBodyType[] = [];
    server.use(
      http.post(`${API}/api/risk-drafts/1/create/`, async ({ request }) => {
        created.push((await request.json()) as JsonBodyType);
        return HttpResponse.json(makeRisk({ id: 50 }), { status: 201 });
      }),
    );
    const { router } = renderRiskRoute('/create-risk/project');
    const drafts = await screen.findByRole('complementary', { name: 'My drafts' });
    expect(
      await within(drafts).findByText('Budget overrun on the integration phase'),
    ).toBeVisible();
    expect(drafts).toHaveTextContent('Project risk · Apollo Portal');
    await userEvent.click(within(drafts).getByRole('button', { name: /Open/ }));
    await waitFor(() => expect(statement()).toHaveValue('Budget overrun on the integration phase'));
    expect(router.state.location.search).toBe('?draft=1');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Apollo Portal');
    expect(screen.getByText('Priya Nair (pnair)')).toBeVisible();
    expect(within(drafts).getByText('Open in the form')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'high');
    await userEvent.click(screen.getByRole('button', { name: 'Create from draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risks/50'));
    expect(saved).toEqual([
      {
        kind: 'risk',
        level: 'project',
        data: {
          kind: 'risk',
          level: 'project',
          scope_id: 1,
          statement: 'Budget overrun on the integration phase',
          category: 'commercial',
          probability: 'high',
          impact: 'high',
          informed_ids: [2],
        },
      },
    ]);
    expect(created).toEqual([{}]);
    expect(await screen.findByText(RISK_MESSAGES.createdFromDraft('risk'))).toBeVisible();
  });

  it('clears the form and the saved draft after confirming', async () => {
    serveCreatePage({ drafts: [DRAFT] });
    const saved = recordJson('patch', '/api/risk-drafts/1/', () =>
      HttpResponse.json({ ...DRAFT, data: {} }),
    );
    renderRiskRoute('/create-risk/project?draft=1');
    await waitFor(() => expect(statement()).toHaveValue('Budget overrun on the integration phase'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the form and the draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(saved).toEqual([{ kind: 'risk', level: 'project', data: {} }]));
    expect(await screen.findByText(DRAFT_MESSAGES.cleared)).toBeVisible();
    expect(statement()).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('');
  });

  it('deletes a draft after confirming', async () => {
    serveCreatePage({ drafts: [DRAFT] });
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/api/risk-drafts/1/`, ({ request }) => {
        deleted.push(request.url);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRiskRoute('/create-risk/project');
    const drafts = await screen.findByRole('complementary', { name: 'My drafts' });
    await userEvent.click(await within(drafts).findByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent('Budget overrun on the integration phase');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(await screen.findByText(DRAFT_MESSAGES.deleted)).toBeVisible();
  });
});
