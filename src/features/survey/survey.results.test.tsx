import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSeedFirst, currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { recordJson } from '../../testing/msw/recordJson';
import { onAPhone } from '../../testing/phone';
import { RISKS_STEP_INFO } from './RisksStep';
import { mockState, renderSurvey } from './testing';

/**
 * The risks step, the results and the feedback on them, against the mock backend
 * (src/testing/mockBackend.ts): `pm`'s self check 1 on Handmade Ball panel, where risk 1 (Key
 * developer may leave before the release) and issue 2 (Test environment is down twice a week) of
 * the project are raised during the check here; `pm`'s finished health check 8 on Sleek Bacon
 * transmitter, every role submitted, comparable with the earlier check 101; the finished self
 * check 16 (its project manager only), as `admin`; `auditor`'s approved audit 10.
 */
buildSeedFirst();

/** Risks 1 and 2 of project 1, raised during check 1 (the seed links none to it). */
function raiseDuringCheck1() {
  for (const risk of mockState().risks.filter((entry) => entry.id === 1 || entry.id === 2))
    risk.poll_id = 1;
}

describe('the risks step', () => {
  it('lists what was raised during the check, with the info toast of spec §8', async () => {
    await useMockBackend('pm');
    raiseDuringCheck1();
    renderSurvey('/survey/1/risks');
    expect(await screen.findByText(RISKS_STEP_INFO)).toBeInTheDocument();
    const link = await screen.findByRole('link', {
      name: 'Key developer may leave before the release',
    });
    expect(link).toHaveAttribute('href', '/risks/1');
    expect(screen.getByRole('cell', { name: '12/15/2026' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Test environment is down twice a week' }),
    ).toHaveAttribute('href', '/risks/2');
    // Only what was raised during this check: the project's other risks stay out.
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('is a list of cards on a phone, the statement first, what falls due first on top', async () => {
    onAPhone();
    await useMockBackend('pm');
    raiseDuringCheck1();
    renderSurvey('/survey/1/risks');
    const table = await screen.findByRole('table', {
      name: 'Risks and issues raised during this check, sorted by Due',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect([...first!.children].map((cell) => cell.textContent)).toEqual([
      'Test environment is down twice a week',
      'TypeProject issue',
      'Rating or priorityHigh priority',
      'OwnerLucia Romero (lromero)',
      'Due11/30/2026',
    ]);
    expect(within(second!).getByRole('rowheader')).toHaveTextContent(
      'Key developer may leave before the release',
    );
    // The sort stays at hand over the cards.
    await userEvent.click(screen.getByRole('button', { name: 'Rating or priority' }));
    expect(
      screen.getByRole('table', {
        name: 'Risks and issues raised during this check, sorted by Rating or priority, descending',
      }),
    ).toBeInTheDocument();
  });
});

describe('the results', () => {
  const FIRST = 'Is there an up-to-date delivery plan agreed with the client?';

  it('offers no Compare while the server lists nothing to compare with', async () => {
    // Audit 10 has no other audit of its project, and no project manager to set beside experts.
    await useMockBackend('auditor');
    renderSurvey('/audit-survey/10/results-page', true);
    expect(await screen.findByRole('table', { name: 'Answers by driver table' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Compare' })).not.toBeInTheDocument();
  });

  it('offers Compare once the server lists another check to compare with', async () => {
    await useMockBackend('pm');
    renderSurvey('/survey/8/results-page');
    expect(await screen.findByRole('link', { name: 'Compare' })).toHaveAttribute(
      'href',
      '/checks/compare?left=8',
    );
  });

  it('says the results could not be loaded, and Try again loads them', async () => {
    await useMockBackend('pm');
    const results = failUntilAllowed('get', '/api/polls/8/results/');
    renderSurvey('/survey/8/results-page');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'The results could not be loaded',
    });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    const before = results.calls();
    results.allow();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FIRST)).toBeVisible();
    expect(results.calls()).toBeGreaterThan(before);
    expect(screen.queryByText('The results could not be loaded')).not.toBeInTheDocument();
  });

  it("shows only the questions the check's participants are asked, after a summary", async () => {
    await useMockBackend('admin');
    // The project manager's comment on the first question holds a plain URL.
    const reply = mockState().replies.find(
      (entry) => entry.poll_id === 16 && entry.question_id === 1,
    )!;
    reply.comment = 'See https://wiki.example.com/plan';
    renderSurvey('/survey/16/results-page');
    expect(await screen.findByText(FIRST)).toBeVisible();
    // Asked of the QC lead and the experts only: a self check has none, so no one answers it.
    expect(
      screen.queryByText('Are non-functional requirements documented and tested?'),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/No answer yet/)).not.toBeInTheDocument();
    // The summary's table of answers by driver: the chart's alternative.
    const byDriver = screen.getByRole('table', { name: 'Answers by driver table' });
    expect(
      within(byDriver)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DriverScoreYesPartiallyNoNot applicable',
      'Delivery management88%3100',
      'Requirements and scope83%2100',
      'Engineering practices67%2010',
      'Quality assurance50%1010',
      'Team and communication67%2010',
      'Client relationship83%2100',
    ]);
    // Plain URLs in comments are links (spec §5).
    expect(screen.getByRole('link', { name: 'https://wiki.example.com/plan' })).toHaveAttribute(
      'href',
      'https://wiki.example.com/plan',
    );
  });

  it('shows its tables as cards on a phone, each driver and each person first', async () => {
    onAPhone();
    await useMockBackend('pm');
    renderSurvey('/survey/8/results-page');
    const question = await screen.findByRole('table', { name: `Answers to “${FIRST}”` });
    const cardOf = (table: HTMLElement, index: number) =>
      [...within(table).getAllByRole('row')[index]!.children].map((cell) => cell.textContent);
    expect(cardOf(question, 1)).toEqual([
      'Priya Nair (pnair)',
      'RoleProject manager',
      'AnswerPartially',
      'Comment—',
    ]);
    const byDriver = screen.getByRole('table', { name: 'Answers by driver table' });
    expect(cardOf(byDriver, 1)).toEqual([
      'Delivery management',
      'Score71%',
      'Yes6',
      'Partially5',
      'No1',
      'Not applicable3',
    ]);
    // Who has answered least comes first when Answered is pressed twice; the caption says so.
    const progress = screen.getByRole('table', { name: 'Progress by role table' });
    expect(cardOf(progress, 1)[0]).toBe('Priya Nair (pnair)');
    await userEvent.click(within(progress).getByRole('button', { name: 'Answered' }));
    await userEvent.click(within(progress).getByRole('button', { name: 'Answered' }));
    expect(progress).toHaveAccessibleName('Progress by role table, sorted by Answered');
    expect(cardOf(progress, 1)[0]).toBe('Omar Haddad (ohaddad)');
  });
});

describe('feedback on the results', () => {
  // auditor's approved audit 10: the smallest results page of the seed's finished checks.
  const feedbackNow = () =>
    currentMockBackend()!
      .state()
      .feedback.filter((item) => item.poll_id === 10 && item.user_id === 6);

  it('keeps the rating and the words when the server refuses them, with its message on the field', async () => {
    await useMockBackend('auditor');
    // The mock's one rule on the words is their length, which the field itself holds to.
    const bodies = recordJson('post', '/api/feedback/polls/10/', () =>
      HttpResponse.json({ comment: ['Mention no names.'] }, { status: 400 }),
    );
    renderSurvey('/audit-survey/10/results-page', true);
    const send = await screen.findByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Useful' }));
    await userEvent.type(screen.getByLabelText('What should we improve?'), 'Ask Bob');
    await userEvent.click(send);
    const comment = screen.getByLabelText('What should we improve?');
    await waitFor(() => expect(comment).toHaveAccessibleDescription(/Mention no names\./));
    expect(comment).toHaveValue('Ask Bob');
    expect(comment).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Useful' })).toBeChecked();
    expect(bodies).toEqual([{ indicator: 'positive', comment: 'Ask Bob', type: 'survey' }]);
  });

  it('thanks the user and clears the form once the feedback is sent', async () => {
    await useMockBackend('auditor');
    const before = feedbackNow().length;
    renderSurvey('/audit-survey/10/results-page', true);
    await userEvent.click(await screen.findByRole('radio', { name: 'Neutral' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Neutral' })).not.toBeChecked();
    expect(feedbackNow()).toHaveLength(before + 1);
    expect(feedbackNow().at(-1)).toMatchObject({
      indicator: 'neutral',
      comment: '',
      type: 'survey',
    });
  });
});
