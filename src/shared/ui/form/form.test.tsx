import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from './zod';
import { renderRoute } from '../../../testing/renderRoutes';
import { ControlFocus, Field, FieldSet } from './Field';
import { Form } from './Form';
import { FormDialog } from './FormDialog';
import { requiredText } from './schemas';
import { useZodForm } from './useZodForm';
import { LEAVE_TITLE, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

const schema = z.object({
  title: requiredText('Give the finding a title.').pipe(z.string().max(10, 'Ten at most.')),
  owner: z.string().min(1, 'Choose the owner.'),
  roles: z.array(z.string()).min(1, 'Choose at least one role.'),
});
type Values = z.infer<typeof schema>;

function FindingForm({ onSave = () => {} }: { onSave?: (values: Values) => void }) {
  const form = useZodForm(schema, { defaultValues: { title: '', owner: '', roles: ['pm'] } });
  const { dialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <>
      <Form
        form={form}
        aria-label="Finding"
        onSubmit={(values) => {
          allowNavigation();
          onSave(values);
        }}
      >
        <Field name="title" label="Title" hint="What was found." maxLength={10}>
          <input {...form.register('title')} />
        </Field>
        <Controller
          control={form.control}
          name="owner"
          render={({ field }) => (
            <Field name="owner">
              {(control) => (
                <ControlFocus fieldRef={field.ref}>
                  <label htmlFor={control.id}>Owner</label>
                  <input
                    id={control.id}
                    aria-describedby={control['aria-describedby']}
                    aria-invalid={control['aria-invalid']}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                </ControlFocus>
              )}
            </Field>
          )}
        />
        <FieldSet name="roles" legend="Roles">
          {['pm', 'qcl'].map((role) => (
            <label key={role}>
              <input type="checkbox" value={role} {...form.register('roles')} /> {role}
            </label>
          ))}
        </FieldSet>
        <button type="submit">Save</button>
      </Form>
      <Link to="/elsewhere">Elsewhere</Link>
      {dialog}
    </>
  );
}

describe('the form kit', () => {
  it('wires label, hint, counter and error to the control', async () => {
    renderRoute(<FindingForm />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('What was found. 0 of 10 characters');
    expect(title).not.toHaveAttribute('aria-invalid');

    await userEvent.click(title);
    await userEvent.tab();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      'What was found. 0 of 10 characters Give the finding a title.',
    );

    await userEvent.type(title, 'A long title');
    expect(screen.getByText('12 of 10 characters')).toBeVisible();
    expect(screen.getByText('Ten at most.')).toBeVisible();
    await userEvent.clear(title);
    await userEvent.type(title, 'Short');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(title).toHaveAccessibleDescription('What was found. 5 of 10 characters');
  });

  it('stops a wrong submit and focuses the first field in error, a custom control too', async () => {
    const onSave = vi.fn();
    renderRoute(<FindingForm onSave={onSave} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Ok');
    await userEvent.click(screen.getByRole('checkbox', { name: 'pm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const owner = screen.getByRole('textbox', { name: 'Owner' });
    await waitFor(() => expect(owner).toHaveFocus());
    expect(owner).toHaveAccessibleDescription('Choose the owner.');
    expect(screen.getByRole('group', { name: 'Roles' })).toHaveAccessibleDescription(
      'Choose at least one role.',
    );
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(owner, 'Mei');
    await userEvent.click(screen.getByRole('checkbox', { name: 'qcl' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ title: 'Ok', owner: 'Mei', roles: ['qcl'] }),
    );
  });

  it('asks before leaving with unsaved changes, and not when nothing changed', async () => {
    const { router } = renderRoute(<FindingForm />);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));

    const view = renderRoute(<FindingForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(view.router.state.location.pathname).toBe('/');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');
    expect(dialog).not.toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/elsewhere'));
  });

  it('warns the browser before unloading a changed form', async () => {
    renderRoute(<FindingForm />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

function NoteDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(z.object({ note: z.string() }), { defaultValues: { note: '' } });
  return (
    <FormDialog
      form={form}
      title="Add a note"
      submitLabel="Save"
      busy={false}
      onClose={onClose}
      onSubmit={() => Promise.resolve(true)}
    >
      <Field name="note" label="Note">
        <input {...form.register('note')} />
      </Field>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('closes at once when nothing changed, and asks before discarding changes', async () => {
    const onClose = vi.fn();
    renderRoute(<NoteDialog onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Half a thought');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    expect(ask).toHaveTextContent('What you typed in this dialog is not saved and will be lost.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
