import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from './form/zod';
import { DateField } from './DateField';
import { DATE_TEXT_MESSAGE, readDateText } from './dateText';
import { Field } from './form/Field';
import { Form } from './form/Form';
import { dateSchema } from './form/schemas';
import { useZodForm } from './form/useZodForm';

function Controlled({ initial = '', onValue }: { initial?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="due">Due date</label>
      <DateField
        id="due"
        value={value}
        min="2026-12-02"
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

describe('DateField', () => {
  it('reads typed MM/DD/YYYY as the ISO date, and blank as empty', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Due date' });
    await userEvent.type(input, '12/31/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-31');
    expect(input).toHaveValue('12/31/2026');

    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '1/5/2027');
    expect(onValue).toHaveBeenLastCalledWith('2027-01-05');
    await userEvent.tab();
    expect(input).toHaveValue('01/05/2027');
  });

  it('passes on text that is not a date as it is', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Due date' }), '02/30/2026');
    expect(onValue).toHaveBeenLastCalledWith('02/30/2026');
    expect(readDateText('13/01/2026')).toBe('13/01/2026');
    expect(readDateText('2026-12-31')).toBe('2026-12-31');
    expect(readDateText('  ')).toBe('');
  });

  it('picks a day in the calendar by keyboard, days before the first one disabled', async () => {
    const onValue = vi.fn();
    render(<Controlled initial="2026-12-10" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Due date' });
    expect(input).toHaveValue('12/10/2026');

    await userEvent.click(screen.getByRole('button', { name: 'Choose a date from the calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date from the calendar' });
    const day = (name: RegExp) => within(calendar).getByRole('button', { name });
    await waitFor(() => expect(day(/December 10th, 2026/)).toHaveFocus());
    expect(day(/December 1st, 2026/)).toBeDisabled();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-18');
    expect(input).toHaveValue('12/18/2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose a date from the calendar' })).toHaveFocus();
  });

  it('empties its text when the value is cleared from outside', async () => {
    render(<Controlled initial="2026-12-10" onValue={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue('');
  });

  it('works in a Field through a Controller: schema errors, focus and the ISO value', async () => {
    const schema = z.object({ due: dateSchema({ required: 'Choose the due date.' }) });
    const onSave = vi.fn();
    function DueForm() {
      const form = useZodForm(schema, { defaultValues: { due: '' } });
      return (
        <Form form={form} aria-label="Due" onSubmit={onSave}>
          <Controller
            control={form.control}
            name="due"
            render={({ field }) => (
              <Field name="due" label="Due date">
                {(control) => (
                  <DateField
                    {...control}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
            )}
          />
          <button type="submit">Save</button>
        </Form>
      );
    }
    render(<DueForm />);
    const input = screen.getByRole('textbox', { name: 'Due date' });
    // Going from the box to its calendar and back is not leaving the field.
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date from the calendar' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription('Choose the due date.');

    await userEvent.type(input, '02/30/2026');
    expect(input).toHaveAccessibleDescription(DATE_TEXT_MESSAGE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '03/01/2026');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ due: '2026-03-01' });
  });
});
