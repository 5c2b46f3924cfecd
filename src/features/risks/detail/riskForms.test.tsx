import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DATE_TEXT_MESSAGE } from '../../../shared/ui/dateText';
import { page } from '../../../testing/msw/drf';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { GRACE, makeRisk, renderRiskRoute, serveRisk } from './detailTesting';

const panel = () => screen.getByRole('tabpanel');

describe('the risk forms on the form kit', () => {
  it('sends a date typed as MM/DD/YYYY and shows a 400 on its field, keeping what was typed', async () => {
    serveRisk(makeRisk());
    const bodies = recordJson('post', '/api/risks/1/action-items/', () =>
      HttpResponse.json({ due_date: ['The due date must be after today.'] }, { status: 400 }),
    );
    renderRiskRoute('/risks/1?tab=action-items');
    const form = await screen.findByRole('form', { name: 'New action item' });
    const title = within(form).getByRole('textbox', { name: 'Action' });
    const due = within(form).getByRole('textbox', { name: 'Due date' });
    await userEvent.type(title, 'Book a knowledge-transfer session');
    await userEvent.type(due, '12/20/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add action item' }));

    await waitFor(() =>
      expect(bodies).toEqual([
        { title: 'Book a knowledge-transfer session', owner_id: 8, due_date: '2026-12-20' },
      ]),
    );
    await waitFor(() => expect(due).toHaveAttribute('aria-invalid', 'true'));
    expect(due).toHaveAccessibleDescription('The due date must be after today.');
    expect(due).toHaveFocus();
    expect(due).toHaveValue('12/20/2026');
    expect(title).toHaveValue('Book a knowledge-transfer session');
  });

  it('refuses a date that is not one before sending anything', async () => {
    serveRisk(makeRisk());
    const bodies = recordJson('post', '/api/risks/1/action-items/', () =>
      HttpResponse.json({}, { status: 201 }),
    );
    renderRiskRoute('/risks/1?tab=action-items');
    const form = await screen.findByRole('form', { name: 'New action item' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Action' }), 'Plan');
    const due = within(form).getByRole('textbox', { name: 'Due date' });
    await userEvent.type(due, '13/45/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add action item' }));
    await waitFor(() => expect(due).toHaveFocus());
    expect(due).toHaveAccessibleDescription(DATE_TEXT_MESSAGE);
    expect(bodies).toEqual([]);
  });

  it('shows a refusal that names no field in the form alert and keeps the text', async () => {
    serveRisk(makeRisk({ client_communication: '' }));
    const bodies = recordJson('patch', '/api/risks/1/', () =>
      HttpResponse.json(
        { non_field_errors: ['The risk was changed by someone else: reload it first.'] },
        { status: 400 },
      ),
    );
    renderRiskRoute('/risks/1?tab=communication');
    const text = await screen.findByRole('textbox', { name: 'What the client has been told' });
    await userEvent.type(text, 'Told the sponsor on Monday.');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(bodies).toEqual([{ client_communication: 'Told the sponsor on Monday.' }]),
    );
    const form = screen.getByRole('form', { name: 'Communication with client' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The risk was changed by someone else: reload it first.',
    );
    expect(text).toHaveValue('Told the sponsor on Monday.');
    expect(text).not.toHaveAttribute('aria-invalid');
  });

  it('puts a refused recipient on the transfer picker under its API name', async () => {
    serveRisk(makeRisk());
    server.use(http.get(`${API}/api/users/`, () => HttpResponse.json(page([GRACE]))));
    recordJson('post', '/api/risks/1/transfer/', () =>
      HttpResponse.json({ user_id: ['This person has left the company.'] }, { status: 400 }),
    );
    renderRiskRoute('/risks/1?tab=transfer');
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await userEvent.click(screen.getByRole('button', { name: 'Transfer…' }));
    await waitFor(() => expect(person).toHaveFocus());
    expect(person).toHaveAccessibleDescription(/Choose the person who receives the risk\./);

    await userEvent.type(person, 'Grace');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Thompson' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Client side' }));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer…' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Transfer this risk?' })).getByRole('button', {
        name: 'Transfer',
      }),
    );
    await waitFor(() =>
      expect(person).toHaveAccessibleDescription(/This person has left the company\./),
    );
    expect(person).toHaveValue('Grace Thompson');
    expect(screen.getByRole('radio', { name: 'Client side' })).toBeChecked();
  });
});
