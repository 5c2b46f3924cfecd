import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Driver, Poll } from '../../api/contract/polls';
import { buildSeedFirst, currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { API } from '../../testing/msw/handlers';
import { TEST_POLL } from '../../testing/msw/pollFixtures';
import { server } from '../../testing/msw/server';
import { AUDIT_REFETCH_MS, SUMMARY_DEBOUNCE_MS } from './SummaryStep';
import { neighbours, type SurveyContext } from './context';
import {
  answerTheRest,
  mockState,
  pollNow,
  renderSurvey,
  storedPoll,
  submitAndConfirm,
} from './testing';
import { readUnsent } from './unsent';

/**
 * Answering a check and its summary, against the mock backend (src/testing/mockBackend.ts): `pm`'s
 * self check 1 on Handmade Ball panel, started, 9 of its 18 questions answered (Quality assurance,
 * the fourth driver, not yet: its 2 questions are 13 and 16); `auditor`'s audit 3, answered, its
 * report's summary not yet written.
 */
buildSeedFirst();
afterEach(() => vi.useRealTimers());

/** pm's reply to question `questionId` of check 1, as the mock holds it. */
const replyNow = (questionId: number) =>
  currentMockBackend()!
    .state()
    .replies.find(
      (reply) => reply.poll_id === 1 && reply.question_id === questionId && reply.user_id === 2,
    );

describe('previous and next (spec §2)', () => {
  const POLL: Poll = {
    ...TEST_POLL,
    id: 7,
    user_permissions: ['CAN_VIEW_PROJECT_DETAILS', 'CAN_VIEW_RISK', 'CAN_VIEW_SUMMARY'],
  };
  const driver = (id: number, slug: string, name: string): Driver => ({
    id,
    slug,
    name,
    description: '',
    risks: [],
    kb_link: '',
    area: { name: 'Execution' },
    questions_count: 1,
    reply_count: 0,
  });
  const DRIVERS = [driver(11, 'delivery', 'Delivery'), driver(12, 'quality', 'Quality')];
  const context: SurveyContext = { poll: POLL, drivers: DRIVERS, audit: false, base: '/survey/7' };

  it('runs overview, drivers in order, risks, summary, with nothing at the ends', () => {
    expect(neighbours(context, '/survey/7/overview')).toEqual({
      previous: undefined,
      next: { path: '/survey/7/drivers/delivery', title: 'Delivery' },
    });
    expect(neighbours(context, '/survey/7/drivers/quality')).toEqual({
      previous: { path: '/survey/7/drivers/delivery', title: 'Delivery' },
      next: { path: '/survey/7/risks', title: 'Risks and issues' },
    });
    expect(neighbours(context, '/survey/7/summary').next).toBeUndefined();
  });

  it('leaves out the steps the poll does not permit', () => {
    const narrow = { ...context, poll: { ...POLL, user_permissions: [] } };
    expect(neighbours(narrow, '/survey/7/drivers/delivery').previous).toBeUndefined();
    expect(neighbours(narrow, '/survey/7/drivers/quality').next).toBeUndefined();
  });
});

describe('the survey layout', () => {
  it('shows the not-found state for a check the user may not see', async () => {
    // pm takes no part in audit 3: the mock answers 404.
    await useMockBackend('pm');
    renderSurvey('/survey/3/drivers/delivery');
    expect(await screen.findByText(/There is no check at.*that you may open/)).toHaveTextContent(
      '/survey/3/drivers/delivery',
    );
  });

  it('shows an unknown check as not found, the ways back first', async () => {
    await useMockBackend('admin');
    renderSurvey('/survey/99999/drivers/delivery');
    expect(await screen.findByText(/There is no check at.*that you may open/)).toBeVisible();
    const back = screen.getByRole('link', { name: 'Back to checks' });
    const reload = screen.getByRole('button', { name: 'Reload page' });
    expect(back.compareDocumentPosition(reload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the not-found state when the check answers 403', async () => {
    // The mock hides a check with a 404; a backend's permission class may answer 403.
    await useMockBackend('pm');
    server.use(
      http.get(`${API}/api/polls/1/`, () =>
        HttpResponse.json({ detail: 'You do not have permission.' }, { status: 403 }),
      ),
    );
    renderSurvey('/survey/1/drivers/quality');
    expect(await screen.findByText(/There is no check at.*that you may open/)).toBeVisible();
  });
});

describe('answering a driver', () => {
  const FIRST = 'Is there a test strategy that the client has approved?';

  it('shows the answer at once, counts it, and saves it', async () => {
    await useMockBackend('pm');
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(FIRST);
    expect(screen.getByText('0 of 2 answered')).toBeInTheDocument();
    await userEvent.click(screen.getAllByLabelText('Yes')[0]!);
    expect(screen.getAllByLabelText('Yes')[0]).toBeChecked();
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
    await waitFor(() => expect(replyNow(13)).toMatchObject({ answer: 'yes', comment: '' }));
    await waitFor(() => expect(readUnsent(1)).toEqual({}));
  });

  it('says under each question that its answer is saved, and not when it was refused', async () => {
    await useMockBackend('pm');
    failUntilAllowed('put', '/api/polls/1/questions/16/reply/', {
      status: 400,
      body: { answer: ['Not a valid choice.'] },
    });
    renderSurvey('/survey/1/drivers/quality');
    const card = async (text: string) => (await screen.findByText(text)).closest('li')!;
    const first = await card(FIRST);
    const second = await card('Is regression testing automated for the critical paths?');
    expect(within(first).getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(within(first).getByLabelText('Yes'));
    await waitFor(() => expect(within(first).getByRole('status')).toHaveTextContent('Saved'));
    expect(replyNow(13)).toMatchObject({ answer: 'yes' });
    await userEvent.click(within(second).getByLabelText('Yes'));
    expect(await screen.findByText(/One answer is not saved yet/)).toBeInTheDocument();
    expect(within(second).getByRole('status')).toBeEmptyDOMElement();
    expect(within(first).getByRole('status')).toHaveTextContent('Saved');
  });

  it('says the questions could not be loaded, and Try again loads them', async () => {
    await useMockBackend('pm');
    const questions = failUntilAllowed('get', '/api/polls/1/drivers/4/');
    renderSurvey('/survey/1/drivers/quality');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'The questions of Quality assurance could not be loaded',
    });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    const before = questions.calls();
    questions.allow();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FIRST)).toBeVisible();
    expect(questions.calls()).toBeGreaterThan(before);
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('rolls back a failed answer with the error toast, keeping it on the device to send again', async () => {
    await useMockBackend('pm');
    // The screen offers only the check's options: the refusal is one the mock never gives it.
    const reply = failUntilAllowed('put', '/api/polls/1/questions/13/reply/', {
      status: 400,
      body: { answer: ['Not a valid choice.'] },
    });
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(FIRST);
    await userEvent.click(screen.getAllByLabelText('Yes')[0]!);
    expect(await screen.findByText(/Not a valid choice/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 of 2 answered')).toBeInTheDocument());
    expect(readUnsent(1)).toEqual({ 13: { driverId: 4, answer: 'yes' } });
    expect(replyNow(13)).toBeUndefined();
    expect(await screen.findByText(/One answer is not saved yet/)).toBeInTheDocument();
    reply.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(readUnsent(1)).toEqual({}));
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
    expect(replyNow(13)).toMatchObject({ answer: 'yes' });
  });

  it('leaves once an answer on its way has landed, without asking, and sends it once', async () => {
    await useMockBackend('pm');
    // A slow answer: the save waits until the test lets it on to the mock.
    let release: () => void = () => {};
    const landed = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/api/polls/1/questions/13/reply/`, async ({ request }) => {
        bodies.push(await request.clone().json());
        await landed;
        return undefined;
      }),
    );
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(FIRST);
    await userEvent.click(screen.getAllByLabelText('Yes')[0]!);
    await userEvent.click(screen.getByRole('link', { name: /^Next: / }));
    expect(await screen.findByText('Saving your answers…')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: /Team and communication/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readUnsent(1)).toEqual({});
    expect(bodies).toHaveLength(1);
    expect(replyNow(13)).toMatchObject({ answer: 'yes' });
  });

  it('sends a comment once the user pauses typing', async () => {
    await useMockBackend('pm');
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText('Is regression testing automated for the critical paths?');
    await userEvent.type(screen.getAllByLabelText('Comment')[1]!, 'Nightly');
    await waitFor(() => expect(replyNow(16)).toMatchObject({ answer: null, comment: 'Nightly' }), {
      timeout: 2000,
    });
  });
});

describe('answering in two tabs', () => {
  const SECOND = 'Is regression testing automated for the critical paths?';
  /** The other tab saved pm's reply to question 16 while this page was open. */
  const savedInTheOtherTab = (reply: { answer: string | null; comment: string }) =>
    currentMockBackend()!
      .runtime.db.getState()
      .replies.push({
        id: 9001,
        poll_id: 1,
        question_id: 16,
        user_id: 2,
        updated_at: new Date().toISOString(),
        ...reply,
      });

  it('a comment typed here keeps the answer the other tab saved', async () => {
    await useMockBackend('pm');
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(SECOND);
    savedInTheOtherTab({ answer: 'yes', comment: '' });
    await userEvent.type(screen.getAllByLabelText('Comment')[1]!, 'Nightly');
    await waitFor(() => expect(replyNow(16)).toMatchObject({ comment: 'Nightly' }), {
      timeout: 2000,
    });
    expect(replyNow(16)).toMatchObject({ answer: 'yes', comment: 'Nightly' });
    await waitFor(() => expect(readUnsent(1)).toEqual({}));
  });

  it('an answer chosen here keeps the comment the other tab saved', async () => {
    await useMockBackend('pm');
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(SECOND);
    savedInTheOtherTab({ answer: null, comment: 'Written elsewhere' });
    await userEvent.click(screen.getAllByLabelText('Yes')[1]!);
    await waitFor(() => expect(replyNow(16)).toMatchObject({ answer: 'yes' }));
    expect(replyNow(16)).toMatchObject({ answer: 'yes', comment: 'Written elsewhere' });
  });

  it('a comment kept on this device and sent again keeps the answer the other tab saved, and shows it', async () => {
    await useMockBackend('pm');
    const reply = failUntilAllowed('put', '/api/polls/1/questions/16/reply/');
    renderSurvey('/survey/1/drivers/quality');
    await screen.findByText(SECOND);
    await userEvent.type(screen.getAllByLabelText('Comment')[1]!, 'Nightly');
    expect(
      await screen.findByText(/One answer is not saved yet/, {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(readUnsent(1)).toEqual({ 16: { driverId: 4, comment: 'Nightly' } });
    savedInTheOtherTab({ answer: 'yes', comment: '' });
    reply.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(readUnsent(1)).toEqual({}));
    expect(replyNow(16)).toMatchObject({ answer: 'yes', comment: 'Nightly' });
    expect(screen.getAllByLabelText('Yes')[1]).toBeChecked();
    expect(screen.getAllByLabelText('Comment')[1]).toHaveValue('Nightly');
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
  });
});

describe('the summary', () => {
  it('patches one section by key after a 500 ms pause; audits refetch the poll 1500 ms later', async () => {
    await useMockBackend('auditor');
    // When each call left, on the test's clock; both go on to the mock.
    const patches: { at: number; body: unknown }[] = [];
    const reads: number[] = [];
    server.use(
      http.patch(`${API}/api/polls/3/summary/`, async ({ request }) => {
        patches.push({ at: Date.now(), body: await request.clone().json() });
      }),
      http.get(`${API}/api/polls/3/`, () => {
        reads.push(Date.now());
      }),
    );
    renderSurvey('/audit-survey/3/summary', true);
    const field = await screen.findByLabelText('Risk status');
    // The clock moves only when the test moves it: a busy machine cannot make a timer early.
    vi.useFakeTimers();
    // Keystroke by keystroke, at one instant (user-event waits on timers of its own).
    for (const typing of ['A', 'Am', 'Amb', 'Ambe', 'Amber'])
      fireEvent.input(field, { target: { value: typing } });
    const typed = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(SUMMARY_DEBOUNCE_MS - 1));
    expect(patches).toEqual([]);
    await until(() => patches.length > 0);
    // One patch of the section typed in, not before the pause.
    expect(patches.map(({ body }) => body)).toEqual([{ risk_status: 'Amber' }]);
    expect(patches[0]!.at - typed).toBeGreaterThanOrEqual(SUMMARY_DEBOUNCE_MS);
    await until(() => pollNow(3).experts_summary.risk_status === 'Amber');
    const readsBefore = reads.length;
    await until(() => reads.length > readsBefore);
    // Read once, not before 1500 ms after the patch was sent (the timer starts on its answer).
    expect(reads.slice(readsBefore)).toHaveLength(1);
    expect(reads.at(-1)! - patches[0]!.at).toBeGreaterThanOrEqual(AUDIT_REFETCH_MS);
  });

  it("gives an audit's auditor the report's summary to write (the experts' summary)", async () => {
    await useMockBackend('auditor');
    storedPoll(3).experts_summary.risk_status = 'Two open majors.';
    renderSurvey('/audit-survey/3/summary', true);
    const field = await screen.findByLabelText('Risk status');
    expect(field).toHaveValue('Two open majors.');
    expect(field).not.toHaveAttribute('readonly');
  });

  it("shows the server's refusal of a submit it offered, and counts again", async () => {
    await useMockBackend('pm');
    await answerTheRest(1);
    renderSurvey('/survey/1/summary');
    expect(await screen.findByText('All 18 questions are answered.')).toBeVisible();
    // A race the screen cannot see: another tab clears the answer to question 13 (Quality
    // assurance) between the count and the click, so the server refuses the submit offered.
    mockState().replies.find(
      (reply) => reply.poll_id === 1 && reply.question_id === 13 && reply.user_id === 2,
    )!.answer = null;
    await submitAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Answer every question before submitting: 17 of 18 answered.',
    );
    // Counted again: what is missing now shows, and the submit is no longer offered.
    const open = await screen.findByRole('list', { name: 'Drivers with unanswered questions' });
    expect(within(open).getByText(/· 1 unanswered/)).toHaveTextContent(
      'Quality assurance · 1 unanswered',
    );
    // The button keeps the focus it had when the dialog closed (aria-disabled) and does nothing.
    const submit = screen.getByRole('button', { name: 'Submit survey' });
    expect(submit).toHaveAccessibleDescription('17 of 18 answered');
    await userEvent.click(submit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pollNow(1).participants[0]).toMatchObject({ submitted: false });
  });

  it('goes to the results after a submit', async () => {
    await useMockBackend('pm');
    await answerTheRest(1);
    const { router } = renderSurvey('/survey/1/summary');
    expect(await screen.findByText('All 18 questions are answered.')).toBeVisible();
    await submitAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey/1/results'));
    // A self check without experts is finished by its project manager's submit.
    expect(pollNow(1)).toMatchObject({ status: 'finished' });
  });

  it('does not offer the submit while questions are left: it lists them, driver by driver', async () => {
    await useMockBackend('pm');
    const calls: string[] = [];
    server.use(
      http.post(`${API}/api/polls/1/submit/`, () => {
        calls.push('submit');
      }),
    );
    renderSurvey('/survey/1/summary');
    expect(
      await screen.findByText('Answer the 9 questions left to submit the survey:'),
    ).toBeVisible();
    const submit = screen.getByRole('button', { name: 'Submit survey' });
    expect(submit).toBeDisabled();
    // The button says how far the user is.
    expect(submit).toHaveAccessibleDescription('9 of 18 answered');
    const open = screen.getByRole('list', { name: 'Drivers with unanswered questions' });
    expect(
      within(open)
        .getAllByText(/ unanswered$/)
        .map((driver) => driver.textContent),
    ).toEqual([
      'Engineering practices · 1 unanswered',
      'Quality assurance · 2 unanswered',
      'Team and communication · 3 unanswered',
      'Client relationship · 3 unanswered',
    ]);
    // Each question left is a link to its card, numbered as its driver's page numbers it.
    const quality = await within(open).findByRole('list', {
      name: 'Unanswered in Quality assurance',
    });
    expect(
      within(quality)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        '1. Is there a test strategy that the client has approved?',
        '/survey/1/drivers/quality#question-13',
      ],
      [
        '2. Is regression testing automated for the critical paths?',
        '/survey/1/drivers/quality#question-16',
      ],
    ]);
    await userEvent.click(submit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('"Go to first unanswered" puts the focus on that question, ready to be answered', async () => {
    await useMockBackend('pm');
    const { router } = renderSurvey('/survey/1/summary');
    const go = await screen.findByRole('link', { name: 'Go to first unanswered' });
    await waitFor(() => expect(go.getAttribute('href')).toMatch(/#question-\d+$/));
    const target = go.getAttribute('href')!;
    await userEvent.click(go);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.hash).toBe(target),
    );
    const card = await waitFor(() => {
      const found = document.getElementById(target.split('#')[1]!);
      expect(found).not.toBeNull();
      return found!;
    });
    // Engineering practices: its one question left, no answer chosen yet.
    expect(
      within(card)
        .getAllByRole('radio')
        .every((radio) => !(radio as HTMLInputElement).checked),
    ).toBe(true);
    await waitFor(() => expect(within(card).getAllByRole('radio')[0]).toHaveFocus());
  });

  it('asks before the irreversible submit once every question is answered', async () => {
    await useMockBackend('pm');
    await answerTheRest(1);
    const { router } = renderSurvey('/survey/1/summary');
    expect(await screen.findByText('All 18 questions are answered.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit survey' })).toHaveAccessibleDescription(
      '18 of 18 answered',
    );
    expect(screen.queryByRole('link', { name: 'Go to first unanswered' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit survey' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit the survey?' });
    expect(dialog).toHaveTextContent('All 18 questions are answered.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/survey/1/summary');
    expect(pollNow(1)).toMatchObject({ status: 'started' });
    expect(pollNow(1).participants[0]).toMatchObject({ submitted: false });
  });

  it('says beside each section that what was typed is saved, and no longer once typed again', async () => {
    await useMockBackend('main_expert');
    renderSurvey('/survey/2/summary');
    const field = await screen.findByLabelText('Risk status');
    // The polite line under the section's field.
    const stateOf = (box: HTMLElement) => box.parentElement!.nextElementSibling!;
    const state = () => stateOf(field);
    await userEvent.type(field, 'Green');
    await waitFor(() => expect(pollNow(2).experts_summary.risk_status).toBe('Green'));
    await waitFor(() => expect(state()).toHaveTextContent('Saved'));
    await userEvent.type(field, ', one watch item');
    expect(state()).not.toHaveTextContent('Saved');
    await waitFor(() =>
      expect(pollNow(2).experts_summary.risk_status).toBe('Green, one watch item'),
    );
    await waitFor(() => expect(state()).toHaveTextContent('Saved'));
    // The other section, not typed in, says nothing.
    const summary = screen.getByRole('textbox', { name: 'Summary' });
    expect(stateOf(summary)).toHaveAttribute('aria-live', 'polite');
    expect(stateOf(summary)).toBeEmptyDOMElement();
  });

  it("asks the main expert for the experts' risk status and summary before the submit, as the server does", async () => {
    await useMockBackend('main_expert');
    await answerTheRest(2);
    renderSurvey('/survey/2/summary');
    const sections = await screen.findByRole('list', { name: 'Summary sections to write' });
    expect(
      within(sections)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Risk status', 'Summary']);
    const submit = screen.getByRole('button', { name: 'Submit survey' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(sections).getByRole('button', { name: 'Risk status' }));
    expect(screen.getByLabelText('Risk status')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Risk status'), 'Green');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Summary' }), 'On track.');
    await waitFor(() => expect(submit).toBeEnabled());
    // Saved as typed: both sections reach the server before the test ends.
    await waitFor(() =>
      expect(pollNow(2).experts_summary).toEqual({ risk_status: 'Green', summary: 'On track.' }),
    );
    expect(
      screen.queryByRole('list', { name: 'Summary sections to write' }),
    ).not.toBeInTheDocument();
  });
});

/** Moves the test's clock on in steps of 50 ms (at most 5 s) until `done`. */
async function until(done: () => boolean) {
  for (let step = 0; step < 100 && !done(); step += 1)
    await act(() => vi.advanceTimersByTimeAsync(50));
  expect(done()).toBe(true);
}
