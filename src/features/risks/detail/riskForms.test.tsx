import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATE_TEXT_MESSAGE } from '../../../shared/ui/dateText';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { recordJson } from '../../../testing/msw/recordJson';
import { renderRiskRoute } from './detailTesting';

/**
 * The mock backend answers as `risk_owner`, Lucia Romero (src/testing/mockBackend.ts): the seed's
 * risk 1 is her open project risk, every edit flag hers.
 */
// The first test's backend builds the seed (seconds on two busy cores): a hook's 10 s is short.
beforeEach(async () => {
  await useMockBackend('risk_owner');
}, 60_000);

const panel = () => screen.getByRole('tabpanel');
const risk1 = () =>
  currentMockBackend()!
    .state()
    .risks.find((risk) => risk.id === 1)!;

describe('the risk forms on the form kit', () => {
  it('sends a date typed as MM/DD/YYYY and shows a 400 on its field, keeping what was typed', async () => {
    // An override: the form checks every rule the mock has for an action item's date (a real
    // date) before sending, so no seed case gets a field error back; this stands for a rule
    // only the backend knows.
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
    const bodies = recordJson('post', '/api/risks/1/action-items/');
    renderRiskRoute('/risks/1?tab=action-items');
    const form = await screen.findByRole('form', { name: 'New action item' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Action' }), 'Plan');
    const due = within(form).getByRole('textbox', { name: 'Due date' });
    await userEvent.type(due, '13/45/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add action item' }));
    await waitFor(() => expect(due).toHaveFocus());
    expect(due).toHaveAccessibleDescription(DATE_TEXT_MESSAGE);
    expect(bodies).toEqual([]);
    expect(risk1().action_items_count).toBe(2);
  });

  it('shows a refusal that names no field in the form alert and keeps the text', async () => {
    const bodies = recordJson('patch', '/api/risks/1/');
    renderRiskRoute('/risks/1?tab=communication');
    const text = await screen.findByRole('textbox', { name: 'What the client has been told' });
    // Meanwhile someone else resolves the risk: the mock refuses any change of a closed one.
    Object.assign(
      currentMockBackend()!
        .runtime.db.getState()
        .risks.find((risk) => risk.id === 1)!,
      { status: 'closed', resolution: 'resolved' },
    );
    await userEvent.type(text, 'Told the sponsor on Monday.');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(bodies).toEqual([{ client_communication: 'Told the sponsor on Monday.' }]),
    );
    const form = screen.getByRole('form', { name: 'Communication with client' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You may not edit "client_communication".',
    );
    expect(text).toHaveValue('Told the sponsor on Monday.');
    expect(text).not.toHaveAttribute('aria-invalid');
    expect(risk1().client_communication).toBe('');
  });

  it('puts a refused recipient on the transfer picker under its API name', async () => {
    renderRiskRoute('/risks/1?tab=transfer');
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await userEvent.click(screen.getByRole('button', { name: 'Transfer…' }));
    await waitFor(() => expect(person).toHaveFocus());
    expect(person).toHaveAccessibleDescription(/Choose the person who receives the risk\./);

    // Lucia picks herself: the mock refuses the recipient.
    await userEvent.type(person, 'Lucia');
    await userEvent.click(await screen.findByRole('option', { name: /Lucia Romero/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Client side' }));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer…' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Transfer this risk?' })).getByRole('button', {
        name: 'Transfer',
      }),
    );
    await waitFor(() =>
      expect(person).toHaveAccessibleDescription(/Choose someone other than yourself\./),
    );
    expect(person).toHaveValue('Lucia Romero (lromero)');
    expect(screen.getByRole('radio', { name: 'Client side' })).toBeChecked();
    expect(risk1().transfer).toBeNull();
  });
});
