import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECK_INDEX_MESSAGES } from '../../api/contract/polls';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { signedInWith } from '../../testing/msw/session';
import { CHECK_CONFIGURED } from './ConfigureCheckPage';
import { recordAction, renderChecks } from './testing';

/**
 * Against the mock backend (src/testing/mockBackend.ts) as `admin`, who may create every type of
 * check: the seed's projects (1, Handmade Ball panel of Stanton - Wyman; 3, Incredible Shirt feed
 * of Goyette - Connelly), its people (Mei Chen, mchen, is person 4) and the four check models.
 * `signedInWith` narrows the create flags the screen sees.
 */
const pollsNow = () => currentMockBackend()!.state().polls;

beforeEach(async () => {
  await useMockBackend('admin');
});

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
    expect(optionsOf(model)).toEqual(['Quality management']);
    expect(model).toHaveValue('qmo');
  });

  it('needs no type choice when only one is allowed', async () => {
    await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(optionsOf(type)).toEqual(['QMO health check']);
    await waitFor(() => expect(type).toHaveValue('qmo_health_check'));
    // Two models serve it: the choice is the user's.
    const model = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(model).toBeEnabled());
    expect(optionsOf(model)).toEqual([
      'Choose a model',
      'Quality management',
      'QMO technical assessment',
    ]);
  });

  it('stops an incomplete form before it is sent, focusing the first field to fix', async () => {
    await openForm();
    const before = pollsNow().length;
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
    expect(pollsNow()).toHaveLength(before);
  });

  it('shows the server field errors beside their fields, loses nothing, then opens the new check', async () => {
    // Refusals of the backend's own (a taken index, a closed project) the mock has no rule for:
    // the first send is refused here, the second goes on to the mock.
    let refuse = true;
    const sent = recordAction('post', '/api/polls/', () =>
      refuse
        ? HttpResponse.json(
            {
              index: ['A check with this index already exists for the project.'],
              project_id: ['The project is closed for new checks.'],
            },
            { status: 400 },
          )
        : undefined,
    );
    const { router } = await openForm();
    const id = pollsNow().length + 1;

    const project = screen.getByRole('combobox', { name: 'Project' });
    await userEvent.type(project, 'shirt feed');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Incredible Shirt feed (Goyette - Connelly)' }),
    );
    expect(project).toHaveValue('Incredible Shirt feed (Goyette - Connelly)');
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
    await userEvent.click(screen.getByRole('checkbox', { name: 'Quality assurance (Quality)' }));

    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const index = screen.getByRole('textbox', { name: 'Index' });
    await waitFor(() => expect(project).toHaveFocus());
    expect(describedBy(project)).toContain('The project is closed for new checks.');
    expect(describedBy(index)).toContain('A check with this index already exists for the project.');
    expect(index).toHaveAttribute('aria-invalid', 'true');
    // Everything typed is still there.
    expect(project).toHaveValue('Incredible Shirt feed (Goyette - Connelly)');
    expect(index).toHaveValue('HC_7');
    expect(screen.getByRole('checkbox', { name: 'QC lead' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Role of Mei Chen (mchen)' })).toHaveValue(
      'main_expert',
    );
    expect(screen.getByLabelText('Due date')).toHaveValue('01/31/2099');
    expect(screen.getByRole('checkbox', { name: 'Quality assurance (Quality)' })).toBeChecked();
    expect(pollsNow()).toHaveLength(id - 1);

    refuse = false;
    await userEvent.clear(index);
    await userEvent.type(index, 'HC_8');
    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/checks/${id}`));
    expect(await screen.findByText(CHECK_CONFIGURED)).toBeInTheDocument();
    expect(CHECK_CONFIGURED).toBe('The check has been configured.');
    expect(pollsNow().at(-1)).toMatchObject({
      id,
      project_id: 3,
      type: 'health_check',
      model: 'sdo',
      index: 'HC_8',
      due_date: '2099-01-31',
      custom_check_config: { drivers: ['quality'] },
    });
    expect(sent[1]).toMatchObject({
      roles: ['pm', 'exp'],
      experts: [{ user_id: 4, kind: 'main_expert' }],
    });
  });

  it('asks every driver unless told otherwise', async () => {
    await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    const sent = recordAction('post', '/api/polls/');
    await userEvent.type(screen.getByRole('combobox', { name: 'Project' }), 'handmade ball');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Handmade Ball panel (Stanton - Wyman)' }),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Model' }),
      'Quality management',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Index' }), 'QMO_1');
    await userEvent.type(screen.getByLabelText('Due date'), '03/01/2099');
    await userEvent.click(screen.getByRole('button', { name: 'Configure check' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          project_id: 1,
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
    await waitFor(() =>
      expect(pollsNow().at(-1)).toMatchObject({
        project_id: 1,
        index: 'QMO_1',
        custom_check_config: null,
      }),
    );
  });

  it('asks before leaving with changes, and not for the choices it made itself', async () => {
    const { router } = await openForm(['CAN_CREATE_QMO_HEALTH_CHECK_POLL']);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('qmo_health_check'),
    );
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
    renderChecks('/checks/configure_new?project=3');
    const project = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(project).toHaveValue('Incredible Shirt feed (Goyette - Connelly)'));
  });
});
