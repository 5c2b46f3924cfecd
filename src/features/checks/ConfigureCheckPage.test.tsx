import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { describe, expect, it } from 'vitest';
import { CHECK_INDEX_MESSAGES, type CreatePollRequest } from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { MEI } from '../../testing/msw/pollFixtures';
import { signedInWith } from '../../testing/msw/session';
import { CHECK_CONFIGURED } from './ConfigureCheckPage';
import {
  makePoll,
  recordAction,
  renderChecks,
  serveModels,
  servePeople,
  servePoll,
  servePolls,
  serveProjects,
} from './testing';

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openForm(permissions = ['CAN_CREATE_POLL']) {
  signedInWith(permissions);
  serveModels();
  serveProjects();
  servePeople();
  const view = renderChecks('/checks/configure_new');
  await screen.findByRole('heading', { level: 1, name: 'Configure a new check' });
  return view;
}

describe('configure a new check', () => {
  it('checks the index on blur with the spec §5 messages, tied to the field', async () => {
    await openForm();
    const index = screen.getByRole('textbox', { name: 'Index' });
    expect(describedBy(index)).toEqual([CHECK_INDEX_MESSAGES.hint]);
    expect(
      screen.getByText(
        'Specify index title up to 10 characters. Please use letters, numbers and "_" only.',
      ),
    ).toBeVisible();

    await userEvent.click(index);
    await userEvent.tab();
    expect(index).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(index)).toEqual([
      CHECK_INDEX_MESSAGES.hint,
      'You must specify check index.',
    ]);

    await userEvent.type(index, 'abcdefghijk');
    await userEvent.tab();
    expect(describedBy(index)[1]).toBe('Index should be 10 symbols length as maximum.');

    await userEvent.clear(index);
    await userEvent.type(index, 'a-b');
    await userEvent.tab();
    expect(describedBy(index)[1]).toBe('Please use letters, numbers and "_" only.');

    await userEvent.clear(index);
    await userEvent.type(index, 'HC_2026');
    expect(index).not.toHaveAttribute('aria-invalid');
    expect(describedBy(index)).toEqual([CHECK_INDEX_MESSAGES.hint]);
  });

  it('offers the types the user may create and the models serving the chosen type', async () => {
    await openForm(['CAN_CREATE_SELF_CHECK_POLL']);
    const type = screen.getByRole('combobox', { name: 'Type' });
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(optionsOf(type)).toEqual(['Choose a type', 'Self check', 'QMO self check']);
    expect(model).toBeDisabled();

    await userEvent.selectOptions(type, 'QMO self check');
    expect(model).toBeEnabled();
    expect(optionsOf(model)).toEqual(['QMO']);
    expect(model).toHaveValue('qmo');
  });

  it('needs no type choice when only one is allowed', async () => {
    await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    expect(optionsOf(screen.getByRole('combobox', { name: 'Type' }))).toEqual(['QMO health check']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('qmo'));
  });

  it('stops an incomplete form before it is sent, focusing the first field to fix', async () => {
    const sent = recordAction('post', '/api/polls/', () => HttpResponse.json(makePoll()));
    await openForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Project manager' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'QC lead' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Expert' }));
    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));

    const project = screen.getByRole('combobox', { name: 'Project' });
    expect(project).toHaveFocus();
    expect(describedBy(project)).toContain('Choose the project.');
    expect(screen.getByText('Choose the type of check.')).toBeVisible();
    expect(screen.getByText('Choose a model.')).toBeVisible();
    expect(screen.getByText(CHECK_INDEX_MESSAGES.required)).toBeVisible();
    expect(screen.getByText('Choose at least one respondent role.')).toBeVisible();
    expect(screen.getByText('Choose the due date.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the server field errors beside their fields, loses nothing, then opens the new check', async () => {
    let answer: Response = HttpResponse.json(
      {
        index: ['A check with this index already exists for the project.'],
        project_id: ['The project is closed for new checks.'],
      },
      { status: 400 },
    );
    const sent = recordAction('post', '/api/polls/', () => answer);
    servePoll(makePoll({ id: 42 }));
    const { router } = await openForm();

    const project = screen.getByRole('combobox', { name: 'Project' });
    await userEvent.type(project, 'apollo');
    await userEvent.click(await screen.findByRole('option', { name: 'Apollo Portal (Acme)' }));
    expect(project).toHaveValue('Apollo Portal (Acme)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Health check');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('sdo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Index' }), 'HC_7');
    await userEvent.click(screen.getByRole('checkbox', { name: 'QC lead' }));

    const expert = screen.getByRole('combobox', { name: 'Add an expert' });
    await userEvent.type(expert, 'mei');
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen (mchen)' }));
    expect(expert).toHaveValue('');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Mei Chen (mchen)' }),
      'Main expert',
    );
    await userEvent.type(screen.getByLabelText('Due date'), '01/31/2099');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ask only some drivers' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Quality (Engineering)' }));

    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const index = screen.getByRole('textbox', { name: 'Index' });
    await waitFor(() => expect(project).toHaveFocus());
    expect(describedBy(project)).toContain('The project is closed for new checks.');
    expect(describedBy(index)).toContain('A check with this index already exists for the project.');
    expect(index).toHaveAttribute('aria-invalid', 'true');
    // Everything typed is still there.
    expect(project).toHaveValue('Apollo Portal (Acme)');
    expect(index).toHaveValue('HC_7');
    expect(screen.getByRole('checkbox', { name: 'QC lead' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Role of Mei Chen (mchen)' })).toHaveValue(
      'main_expert',
    );
    expect(screen.getByLabelText('Due date')).toHaveValue('01/31/2099');
    expect(screen.getByRole('checkbox', { name: 'Quality (Engineering)' })).toBeChecked();

    answer = HttpResponse.json(makePoll({ id: 42 }), { status: 201 });
    await userEvent.clear(index);
    await userEvent.type(index, 'HC_8');
    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checks/42'));
    expect(await screen.findByText(CHECK_CONFIGURED)).toBeInTheDocument();
    expect(CHECK_CONFIGURED).toBe('The check has been configured.');
    expect(sent[1]).toEqual({
      project_id: 3,
      type: 'health_check',
      model: 'sdo',
      index: 'HC_8',
      roles: ['pm', 'exp'],
      experts: [{ user_id: MEI.id, kind: 'main_expert' }],
      due_date: '2099-01-31',
      custom_check_config: { drivers: ['quality'] },
    } satisfies CreatePollRequest);
  });

  it('asks every driver unless told otherwise', async () => {
    const sent = recordAction('post', '/api/polls/', () =>
      HttpResponse.json(makePoll({ id: 42 }), { status: 201 }),
    );
    servePoll(makePoll({ id: 42 }));
    await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'mobile');
    await userEvent.click(await screen.findByRole('option', { name: 'Apollo Mobile (Acme)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Index' }), 'QMO_1');
    await userEvent.type(screen.getByLabelText('Due date'), '03/01/2099');
    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          project_id: 8,
          type: 'qmo_health_check',
          model: 'qmo',
          index: 'QMO_1',
          roles: ['pm', 'qcl', 'exp'],
          experts: [],
          due_date: '2099-03-01',
          custom_check_config: null,
        },
      ]),
    );
  });

  it('asks before leaving with changes, and not for the choices it made itself', async () => {
    servePolls(() => page([]));
    const { router } = await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('qmo'));
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checks'));

    const view = await openForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Index' }), 'HC_9');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(view.router.state.location.pathname).toBe('/checks/configure_new');
    expect(screen.getByRole('textbox', { name: 'Index' })).toHaveValue('HC_9');
  });
});

describe('configure a new check from a project card', () => {
  it('has the project of `?project=` chosen already', async () => {
    signedInWith(['CAN_CREATE_POLL']);
    serveModels();
    serveProjects();
    servePeople();
    server.use(
      http.get(`${API}/api/projects/7/`, () =>
        HttpResponse.json({
          id: 7,
          name: 'Apollo Portal',
          account: { id: 3, name: 'Hudson - Bradtke' },
          high_ownership: false,
        }),
      ),
    );
    renderChecks('/checks/configure_new?project=7');
    const project = await screen.findByRole('combobox', { name: 'Project' });
    expect(project).toHaveValue('Apollo Portal (Hudson - Bradtke)');
  });
});
