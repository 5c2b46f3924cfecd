import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OUTCOME_ACTION_ERRORS, REPORT_SUMMARY_RULES } from '../../api/contract/polls';
import { buildSeedFirst, currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { SUPERVISOR_COMMENT_MESSAGES, SUPERVISOR_COMMENT_WARNING } from './AuditReport';
import { FINDING_SAVED } from './OutcomesStep';
import { mockState, pollNow, renderSurvey, storedPoll, typeAFinding } from './testing';

/**
 * An audit's findings and report, against the mock backend (src/testing/mockBackend.ts):
 * `auditor`'s audit 3 (Hannah Becker), answered, in its expert phase, one minor finding without
 * an action, its report's summary not yet written; `supervisor`'s audit 4 (Samuel Okoye), in
 * supervisor review, with his comment on it. Mei Chen (mchen) is person 4.
 */
buildSeedFirst();
const WRITTEN = { risk_status: 'Two open majors.', summary: 'Release discipline lags.' };

/** Adds a finding to check `pollId` in the mock (the seed gives each audit one minor finding). */
function addFinding(pollId: number, finding: Record<string, unknown>) {
  const { outcomes } = mockState();
  outcomes.push({
    id: Math.max(...outcomes.map((outcome) => outcome.id)) + 1,
    poll_id: pollId,
    title: 'A finding',
    severity: 'minor',
    description: '',
    owner_id: null,
    due_date: null,
    done_at: null,
    ...finding,
  });
}

const findingsNow = (pollId: number) =>
  currentMockBackend()!
    .state()
    .outcomes.filter((outcome) => outcome.poll_id === pollId);

describe('audit findings and their corrective actions', () => {
  it('shows each corrective action with its state: overdue, done', async () => {
    await useMockBackend('auditor');
    addFinding(3, {
      title: 'No release checklist',
      severity: 'major',
      owner_id: 4,
      due_date: '2020-01-31',
    });
    addFinding(3, {
      title: 'Late minutes',
      owner_id: 4,
      due_date: '2020-01-31',
      done_at: '2020-01-20T10:00:00Z',
    });
    renderSurvey('/audit-survey/3/outcomes', true);
    const first = (await screen.findByRole('heading', { name: 'No release checklist' })).closest(
      'li',
    )!;
    expect(first).toHaveTextContent('Corrective action: Mei Chen (mchen), due 01/31/2020 Overdue');
    const second = screen.getByRole('heading', { name: 'Late minutes' }).closest('li')!;
    expect(second).toHaveTextContent('Done 01/20/2020');
  });

  it('asks for the due date of an owned action before sending, then records both', async () => {
    await useMockBackend('auditor');
    const form = await typeAFinding('No change log', 'Mei Chen (mchen)');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    expect(await within(form).findByText(OUTCOME_ACTION_ERRORS.due_date)).toBeVisible();
    expect(findingsNow(3)).toHaveLength(1);

    await userEvent.type(within(form).getByLabelText('Due date'), '12/15/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    // And says so (issue 33: every save says so).
    expect(await screen.findByText(FINDING_SAVED)).toBeVisible();
    expect(findingsNow(3).at(-1)).toMatchObject({
      title: 'No change log',
      severity: 'minor',
      description: '',
      owner_id: 4,
      due_date: '2026-12-15',
    });
  });

  it("puts the server's error on the owner and keeps what was typed", async () => {
    await useMockBackend('auditor');
    const form = await typeAFinding('No change log', 'Mei Chen (mchen)');
    await userEvent.type(within(form).getByLabelText('Due date'), '12/15/2026');
    // Mei Chen leaves the directory before the finding is sent: the mock refuses her.
    const directory = mockState();
    directory.people = directory.people.filter((person) => person.id !== 4);
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    expect(await within(form).findByText('Invalid pk "4" - object does not exist.')).toBeVisible();
    expect(findingsNow(3)).toHaveLength(1);
    expect(within(form).getByLabelText('Title')).toHaveValue('No change log');
    expect(within(form).getByLabelText('Due date')).toHaveValue('12/15/2026');
  });

  it('records no corrective action when none is given', async () => {
    await useMockBackend('auditor');
    const form = await typeAFinding('Naming drift');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    expect(await screen.findByText(FINDING_SAVED)).toBeVisible();
    expect(findingsNow(3).at(-1)).toMatchObject({
      title: 'Naming drift',
      severity: 'minor',
      description: '',
      owner_id: null,
      due_date: null,
    });
  });
});

describe('returning an audit report (spec §4, §5)', () => {
  /** Audit 4 without its supervisor comment. */
  function withoutComments() {
    const state = mockState();
    const removed = state.supervisorComments.filter((comment) => comment.poll_id === 4);
    state.supervisorComments = state.supervisorComments.filter((comment) => comment.poll_id !== 4);
    return removed;
  }

  it('shows the report the supervisor decides on: summary and findings by severity', async () => {
    await useMockBackend('supervisor');
    storedPoll(4).experts_summary = { ...WRITTEN };
    addFinding(4, { title: 'No release checklist', severity: 'major' });
    addFinding(4, {
      title: 'Late minutes',
      description: 'Two weeks late.',
      owner_id: 4,
      due_date: '2999-01-31',
    });
    renderSurvey('/audit-survey/4/report', true);
    const content = await screen.findByRole('region', { name: 'The report' });
    expect(within(content).getByText('Release discipline lags.')).toBeVisible();
    // The findings come with their own call: wait for them.
    const severities = await within(content).findAllByRole('heading', { level: 4 });
    expect(severities.map((heading) => heading.textContent)).toEqual([
      'Major findings · 1',
      'Minor findings · 2',
    ]);
    expect(within(content).getByText('Late minutes')).toBeVisible();
    expect(within(content).getByText('Late minutes').closest('li')).toHaveTextContent(
      `Corrective action: Mei Chen (mchen), due 01/31/2999 Open`,
    );
  });

  it('warns for 20 seconds and opens no modal without a supervisor comment', async () => {
    await useMockBackend('supervisor');
    withoutComments();
    renderSurvey('/audit-survey/4/report', true);
    // The rule is said beside Return before it is clicked.
    expect(await screen.findByRole('button', { name: 'Return' })).toHaveAccessibleDescription(
      'Returning the report needs at least one supervisor comment that says why.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_WARNING)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pollNow(4)).toMatchObject({ status: 'supervisor_review' });
  });

  it('clears the warning once a comment exists and the return dialog opens', async () => {
    await useMockBackend('supervisor');
    const comments = withoutComments();
    renderSurvey('/audit-survey/4/report', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_WARNING)).toBeInTheDocument();
    // The supervisor's comment is written meanwhile (in another tab).
    mockState().supervisorComments.push(...comments);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByRole('dialog', { name: 'Return the audit report?' })).toBeVisible();
    // jsdom runs no exit animation: end it, as the browser would.
    await waitFor(() => {
      document
        .querySelectorAll('.Toastify__toast')
        .forEach((toast) => fireEvent.animationEnd(toast));
      expect(screen.queryByText(SUPERVISOR_COMMENT_WARNING)).not.toBeInTheDocument();
    });
  });

  it('with a comment, confirms, returns (status expert) and goes to the check', async () => {
    await useMockBackend('supervisor');
    const { router } = renderSurvey('/audit-survey/4/report', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the audit report?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checks/4'));
    expect(pollNow(4)).toMatchObject({ status: 'expert' });
  });
});

describe('supervisor comments (issue 33: every save says so)', () => {
  const commentsNow = () =>
    mockState()
      .supervisorComments.filter((comment) => comment.poll_id === 4)
      .map((comment) => comment.text);

  it('says that a comment is added, saved and deleted, the delete asked first', async () => {
    await useMockBackend('supervisor');
    const before = commentsNow();
    renderSurvey('/audit-survey/4/report', true);
    const text = await screen.findByLabelText('Supervisor comment');
    await userEvent.type(text, 'The minutes are two weeks late.');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_MESSAGES.added)).toBeInTheDocument();
    expect(commentsNow()).toEqual([...before, 'The minutes are two weeks late.']);

    const added = (await screen.findByText('The minutes are two weeks late.')).closest('li')!;
    await userEvent.click(within(added).getByRole('button', { name: 'Edit' }));
    const edit = within(added).getByRole('textbox', { name: 'Edit the comment' });
    await userEvent.clear(edit);
    await userEvent.type(edit, 'The minutes are three weeks late.');
    await userEvent.click(within(added).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_MESSAGES.saved)).toBeInTheDocument();
    expect(commentsNow()).toEqual([...before, 'The minutes are three weeks late.']);

    await userEvent.click(within(added).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_MESSAGES.deleted)).toBeInTheDocument();
    expect(commentsNow()).toEqual(before);
  });
});

describe('sending and approving an audit report: its summary first, and a confirmation', () => {
  const sendButton = () => screen.findByRole('button', { name: 'Send for supervisor review' });

  it('says what the report lacks before Send is clicked, with the way to the Summary step', async () => {
    await useMockBackend('auditor');
    renderSurvey('/audit-survey/3/report', true);
    const send = await sendButton();
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      `The report cannot be sent for review yet: ${REPORT_SUMMARY_RULES.send.risk_status} ${REPORT_SUMMARY_RULES.send.summary} Write them in the Summary step`,
    );
    expect(screen.getByRole('link', { name: 'Write them in the Summary step' })).toHaveAttribute(
      'href',
      '/audit-survey/3/summary',
    );
  });

  it('asks before sending, sends only on confirming, and goes to the check', async () => {
    await useMockBackend('auditor');
    storedPoll(3).experts_summary = { ...WRITTEN };
    const { router } = renderSurvey('/audit-survey/3/report', true);
    await userEvent.click(await sendButton());
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the audit report for supervisor review?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(pollNow(3)).toMatchObject({ status: 'expert' });
    await userEvent.click(await sendButton());
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send for review' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/checks/3'));
    expect(pollNow(3)).toMatchObject({ status: 'supervisor_review' });
  });

  it("keeps the server's refusal by section in the dialog and reads the check again", async () => {
    await useMockBackend('auditor');
    storedPoll(3).experts_summary = { ...WRITTEN };
    renderSurvey('/audit-survey/3/report', true);
    await userEvent.click(await sendButton());
    const dialog = await screen.findByRole('dialog');
    // The summary is emptied meanwhile (in another tab): the mock refuses the report.
    storedPoll(3).experts_summary = { ...WRITTEN, summary: '' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REPORT_SUMMARY_RULES.send.summary,
    );
    // The check read again: the page says what is missing, and Send waits for it.
    await waitFor(() =>
      expect(screen.getByText('The report cannot be sent for review yet:')).toBeVisible(),
    );
    expect(pollNow(3)).toMatchObject({ status: 'expert' });
  });

  it('keeps Approve for a report with its summary, saying what it lacks otherwise', async () => {
    await useMockBackend('supervisor');
    storedPoll(4).experts_summary = { risk_status: 'Green.', summary: '' };
    renderSurvey('/audit-survey/4/report', true);
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      `The report cannot be approved yet: ${REPORT_SUMMARY_RULES.approve.summary}`,
    );
    expect(screen.getByRole('button', { name: 'Return' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Write them in the Summary step' })).toBeNull();
  });
});
