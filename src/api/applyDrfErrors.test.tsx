import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Field } from '../shared/ui/form/Field';
import { Form } from '../shared/ui/form/Form';
import { applyDrfErrors, SAVE_FAILED, SAVE_FORBIDDEN, SERVER_ERROR } from './applyDrfErrors';
import type { ApiError } from './baseQuery';

type Values = { project: string; index: string; dueDate: string };
const FIELDS = ['project', 'index', 'dueDate'] as const;
const failure = (status: ApiError['status'], data?: unknown, silent = false): ApiError => ({
  status,
  data,
  silent,
});

describe('applyDrfErrors', () => {
  it('puts a 400 field message on its field, renamed ones too, and focuses the first in the form', () => {
    const setError = vi.fn();
    const applied = applyDrfErrors<Values>(
      failure(400, {
        due_date: ['Too late.'],
        index: ['Taken.', 'Too long.'],
        project_id: ['Closed.'],
      }),
      setError,
      { fields: FIELDS, rename: { project_id: 'project', due_date: 'dueDate' } },
    );
    expect(setError.mock.calls).toEqual([
      ['project', { type: 'server', message: 'Closed.' }, { shouldFocus: true }],
      ['index', { type: 'server', message: 'Taken. Too long.' }, { shouldFocus: false }],
      ['dueDate', { type: 'server', message: 'Too late.' }, { shouldFocus: false }],
    ]);
    expect(applied).toEqual({ fields: ['project', 'index', 'dueDate'], form: [] });
  });

  it('flattens nested serializer messages onto their field', () => {
    const setError = vi.fn();
    applyDrfErrors<{ experts: string[] }>(
      failure(400, { experts: [{ user_id: ['No such user.'] }, {}] }),
      setError,
      { fields: ['experts'] },
    );
    expect(setError).toHaveBeenCalledWith(
      'experts',
      { type: 'server', message: 'No such user.' },
      { shouldFocus: true },
    );
  });

  it('sends non_field_errors, detail and unknown fields to the form-level alert', () => {
    const setError = vi.fn();
    const applied = applyDrfErrors<Values>(
      failure(400, {
        non_field_errors: ['Both dates are needed.'],
        colour: ['Not a field here.'],
        index: ['Taken.'],
        code: 'invalid',
      }),
      setError,
      { fields: FIELDS },
    );
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR, {
      type: 'server',
      message: 'Both dates are needed.\nNot a field here.',
    });
    expect(applied).toEqual({
      fields: ['index'],
      form: ['Both dates are needed.', 'Not a field here.'],
    });
  });

  it.each([
    ['a 409 detail', failure(409, { detail: 'The check is locked.' }), 'The check is locked.'],
    ['field names outside a 400', failure(403, { index: ['Not yours.'] }), 'Not yours.'],
    ['a 403 without a body', failure(403), SAVE_FORBIDDEN],
    ['a 500 error page', failure(500, '<html>Bad gateway</html>'), SAVE_FAILED],
    ['a network error', failure('FETCH_ERROR', undefined), SAVE_FAILED],
    ['no error shape at all', new Error('boom'), SAVE_FAILED],
  ])('sends %s to the form-level alert', (_, error, message) => {
    const setError = vi.fn();
    applyDrfErrors<Values>(error, setError, { fields: FIELDS });
    expect(setError.mock.calls).toEqual([[SERVER_ERROR, { type: 'server', message }]]);
  });

  it('takes a fallback of its own', () => {
    const setError = vi.fn();
    applyDrfErrors(failure('FETCH_ERROR'), setError, { fallback: 'Could not submit.' });
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR, {
      type: 'server',
      message: 'Could not submit.',
    });
  });

  it('leaves the rest to the toast when asked and the toast shows it', () => {
    const setError = vi.fn();
    applyDrfErrors<Values>(failure(400, { index: ['Taken.'], detail: 'Also this.' }), setError, {
      fields: FIELDS,
      toastShowsRest: true,
    });
    expect(setError.mock.calls).toEqual([
      ['index', { type: 'server', message: 'Taken.' }, { shouldFocus: true }],
    ]);
    applyDrfErrors<Values>(failure(409, { detail: 'Locked.' }, true), setError, {
      fields: FIELDS,
      toastShowsRest: true,
    });
    expect(setError).toHaveBeenLastCalledWith(SERVER_ERROR, { type: 'server', message: 'Locked.' });
  });

  it('shows the messages in a real form, focusing the first invalid field', async () => {
    function ServerForm({ error }: { error: unknown }) {
      const form = useForm<Values>({ defaultValues: { project: '', index: '', dueDate: '' } });
      return (
        <Form
          form={form}
          aria-label="Check"
          onSubmit={() =>
            void applyDrfErrors(error, form.setError, {
              fields: FIELDS,
              rename: { due_date: 'dueDate' },
            })
          }
        >
          <Field name="project" label="Project">
            <input {...form.register('project')} />
          </Field>
          <Field name="index" label="Index">
            <input {...form.register('index')} />
          </Field>
          <Field name="dueDate" label="Due date">
            <input {...form.register('dueDate')} />
          </Field>
          <button type="submit">Save</button>
        </Form>
      );
    }
    render(
      <ServerForm
        error={failure(400, {
          due_date: ['Too late.'],
          index: ['Taken.'],
          non_field_errors: ['Check the dates.'],
        })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const index = screen.getByRole('textbox', { name: 'Index' });
    await waitFor(() => expect(index).toHaveFocus());
    expect(index).toHaveAccessibleDescription('Taken.');
    expect(index).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveAccessibleDescription(
      'Too late.',
    );
    expect(screen.getByRole('textbox', { name: 'Project' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Check the dates.');
  });
});
