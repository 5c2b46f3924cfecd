import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComparableChecks } from '../../api/contract/compare';
import type { RiskListItem } from '../../api/contract/risks';
import {
  OUTCOME_ACTION_ERRORS,
  REPORT_SUMMARY_RULES,
  type AuditOutcome,
  type Driver,
  type DriverDetail,
  type Poll,
  type PollResults,
  type ReportInfo,
} from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { MEI, TEST_POLL } from '../../testing/msw/pollFixtures';
import { TEST_RISK_ROW } from '../../testing/msw/riskFixtures';
import { server } from '../../testing/msw/server';
import { onAPhone } from '../../testing/phone';
import { SUPERVISOR_COMMENT_WARNING } from './AuditReport';
import { FINDING_SAVED } from './OutcomesStep';
import { RISKS_STEP_INFO } from './RisksStep';
import { renderSurvey } from './testing';

const POLL: Poll = {
  ...TEST_POLL,
  id: 7,
  index: 'HC_7',
  question_count: 2,
  user_permissions: [
    'CAN_VIEW_PROJECT_DETAILS',
    'CAN_VIEW_RISK',
    'CAN_VIEW_SUMMARY',
    'CAN_PASS_SURVEY',
    'CAN_SUBMIT_SURVEY',
    'CAN_EDIT_SUMMARY',
  ],
  project: { ...TEST_POLL.project, description: 'A portal.' },
};
const DRIVERS: Driver[] = [
  {
    id: 11,
    slug: 'delivery',
    name: 'Delivery',
    description: 'How the team delivers.',
    risks: [],
    kb_link: 'https://kb.example.com/delivery',
    area: { name: 'Execution' },
    questions_count: 2,
    reply_count: 0,
  },
  {
    id: 12,
    slug: 'quality',
    name: 'Quality',
    description: 'How quality is assured.',
    risks: [],
    kb_link: '',
    area: { name: 'Execution' },
    questions_count: 1,
    reply_count: 1,
  },
];
const options = [
  { value: '0', label: 'Not in place' },
  { value: '4', label: 'Fully in place' },
];
const DELIVERY: DriverDetail = {
  ...DRIVERS[0]!,
  questions: [
    { id: 101, text: 'Is the plan agreed?', hint: '', options, user_reply: null },
    { id: 102, text: 'Are releases automated?', hint: '', options, user_reply: null },
  ],
};

function serve(poll: Poll = POLL) {
  server.use(
    http.get(`${API}/api/polls/7/`, () => HttpResponse.json(poll)),
    http.get(`${API}/api/polls/7/comparable/`, () =>
      HttpResponse.json({
        poll_id: 7,
        checks: [],
        previous_id: null,
        roles: false,
      } satisfies ComparableChecks),
    ),
    http.get(`${API}/api/polls/7/drivers/`, () => HttpResponse.json(DRIVERS)),
    http.get(`${API}/api/polls/7/drivers/11/`, () => HttpResponse.json(DELIVERY)),
  );
}

afterEach(() => vi.useRealTimers());

const NO_ACTION = { description: '', owner: null, due_date: null, done_at: null } as const;

describe('audit findings and their corrective actions', () => {
  const auditing: Poll = {
    ...POLL,
    type: 'audit_check',
    status: 'expert',
    user_permissions: ['CAN_VIEW_POLL_OUTCOMES', 'CAN_EDIT_POLL_OUTCOMES', 'CAN_PASS_SURVEY'],
  };
  const overdue: AuditOutcome = {
    ...NO_ACTION,
    id: 1,
    title: 'No release checklist',
    severity: 'major',
    owner: MEI,
    due_date: '2020-01-31',
  };
  const done: AuditOutcome = {
    ...overdue,
    id: 2,
    title: 'Late minutes',
    done_at: '2020-01-20T10:00:00Z',
  };

  function serveOutcomes() {
    serve(auditing);
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/api/polls/7/outcomes/`, () => HttpResponse.json([overdue, done])),
      http.post(`${API}/api/polls/7/outcomes/`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.title === 'Refused')
          return HttpResponse.json(
            { owner_id: ['Invalid pk "4" - object does not exist.'] },
            { status: 400 },
          );
        return HttpResponse.json({ ...NO_ACTION, id: 3, ...body }, { status: 201 });
      }),
      http.get(`${API}/api/users/`, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [MEI] }),
      ),
    );
    return sent;
  }

  it('shows each corrective action with its state: overdue, done', async () => {
    serveOutcomes();
    renderSurvey('/audit-survey/7/outcomes', true);
    const first = (await screen.findByRole('heading', { name: 'No release checklist' })).closest(
      'li',
    )!;
    expect(first).toHaveTextContent('Corrective action: Mei Chen (mchen), due 01/31/2020 Overdue');
    const second = screen.getByRole('heading', { name: 'Late minutes' }).closest('li')!;
    expect(second).toHaveTextContent('Done 01/20/2020');
  });

  it('asks for the due date of an owned action before sending, then sends both', async () => {
    const sent = serveOutcomes();
    renderSurvey('/audit-survey/7/outcomes', true);
    const form = await screen.findByRole('form', { name: 'Record a finding' });
    await userEvent.type(within(form).getByLabelText('Title'), 'No change log');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Owner' }), 'Mei');
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen (mchen)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    expect(await within(form).findByText(OUTCOME_ACTION_ERRORS.due_date)).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Due date'), '12/15/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          title: 'No change log',
          severity: 'minor',
          description: '',
          owner_id: MEI.id,
          due_date: '2026-12-15',
        },
      ]),
    );
    // And says so (issue 33: every save says so).
    expect(await screen.findByText(FINDING_SAVED)).toBeVisible();
  });

  it("puts the server's error on the owner and keeps what was typed", async () => {
    const sent = serveOutcomes();
    renderSurvey('/audit-survey/7/outcomes', true);
    const form = await screen.findByRole('form', { name: 'Record a finding' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Refused');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Owner' }), 'Mei');
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen (mchen)' }));
    await userEvent.type(within(form).getByLabelText('Due date'), '12/15/2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    expect(await within(form).findByText('Invalid pk "4" - object does not exist.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(within(form).getByLabelText('Title')).toHaveValue('Refused');
    expect(within(form).getByLabelText('Due date')).toHaveValue('12/15/2026');
  });

  it('sends no corrective action when none is given', async () => {
    const sent = serveOutcomes();
    renderSurvey('/audit-survey/7/outcomes', true);
    const form = await screen.findByRole('form', { name: 'Record a finding' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Naming drift');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          title: 'Naming drift',
          severity: 'minor',
          description: '',
          owner_id: null,
          due_date: null,
        },
      ]),
    );
  });
});

describe('returning an audit report (spec §4, §5)', () => {
  const review: Poll = {
    ...POLL,
    type: 'audit_check',
    status: 'supervisor_review',
    user_permissions: ['CAN_SEE_APPROVE_AND_RETURN_BUTTONS', 'CAN_VIEW_SUPERVISOR_COMMENT'],
  };
  const report = (filled: boolean): ReportInfo => ({
    poll_id: 7,
    status: 'supervisor_review',
    is_supervisor_comments_filled: filled,
    supervisor_comments: [],
  });
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/polls/7/outcomes/`, () =>
        HttpResponse.json([
          { ...NO_ACTION, id: 1, title: 'No release checklist', severity: 'major' },
          {
            ...NO_ACTION,
            id: 2,
            title: 'Late minutes',
            severity: 'minor',
            description: 'Two weeks late.',
            owner: MEI,
            due_date: '2999-01-31',
          },
          { ...NO_ACTION, id: 3, title: 'Naming drift', severity: 'minor' },
        ]),
      ),
    );
  });

  it('shows the report the supervisor decides on: summary and findings by severity', async () => {
    serve({
      ...review,
      experts_summary: { risk_status: 'Two open majors.', summary: 'Release discipline lags.' },
    });
    server.use(http.get(`${API}/api/polls/7/report/`, () => HttpResponse.json(report(false))));
    renderSurvey('/audit-survey/7/report', true);
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
    serve(review);
    const decisions: unknown[] = [];
    server.use(
      http.get(`${API}/api/polls/7/report/`, () => HttpResponse.json(report(false))),
      http.put(`${API}/api/polls/7/report/`, async ({ request }) => {
        decisions.push(await request.json());
        return HttpResponse.json(report(false));
      }),
    );
    renderSurvey('/audit-survey/7/report', true);
    // The rule is said beside Return before it is clicked.
    expect(await screen.findByRole('button', { name: 'Return' })).toHaveAccessibleDescription(
      'Returning the report needs at least one supervisor comment that says why.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_WARNING)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decisions).toEqual([]);
  });

  it('clears the warning once a comment exists and the return dialog opens', async () => {
    serve(review);
    let filled = false;
    server.use(http.get(`${API}/api/polls/7/report/`, () => HttpResponse.json(report(filled))));
    renderSurvey('/audit-survey/7/report', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByText(SUPERVISOR_COMMENT_WARNING)).toBeInTheDocument();
    filled = true;
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
    serve(review);
    const decisions: unknown[] = [];
    server.use(
      http.get(`${API}/api/polls/7/report/`, () => HttpResponse.json(report(true))),
      http.put(`${API}/api/polls/7/report/`, async ({ request }) => {
        decisions.push(await request.json());
        return HttpResponse.json({ ...report(true), status: 'expert' });
      }),
    );
    const { router } = renderSurvey('/audit-survey/7/report', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the audit report?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(decisions).toEqual([{ status: 'expert' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checks/7'));
  });
});

describe('sending and approving an audit report: its summary first, and a confirmation', () => {
  const WRITTEN = { risk_status: 'Two open majors.', summary: 'Release discipline lags.' };
  const auditing: Poll = {
    ...POLL,
    type: 'audit_check',
    status: 'expert',
    main_expert: null,
    user_permissions: [
      'CAN_PASS_SURVEY',
      'CAN_EDIT_SUMMARY',
      'CAN_SEND_FOR_REVIEW',
      'CAN_SEE_SEND_FOR_REVIEW_BUTTON',
    ],
  };
  const reviewing: Poll = {
    ...auditing,
    status: 'supervisor_review',
    user_permissions: ['CAN_SEE_APPROVE_AND_RETURN_BUTTONS'],
  };
  const sendButton = () => screen.findByRole('button', { name: 'Send for supervisor review' });
  beforeEach(() => {
    server.use(http.get(`${API}/api/polls/7/outcomes/`, () => HttpResponse.json([])));
  });

  it('says what the report lacks before Send is clicked, with the way to the Summary step', async () => {
    serve({ ...auditing, experts_summary: { risk_status: '', summary: '' } });
    renderSurvey('/audit-survey/7/report', true);
    const send = await sendButton();
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      `The report cannot be sent for review yet: ${REPORT_SUMMARY_RULES.send.risk_status} ${REPORT_SUMMARY_RULES.send.summary} Write them in the Summary step`,
    );
    expect(screen.getByRole('link', { name: 'Write them in the Summary step' })).toHaveAttribute(
      'href',
      '/audit-survey/7/summary',
    );
  });

  it('asks before sending, sends only on confirming, and goes to the check', async () => {
    serve({ ...auditing, experts_summary: WRITTEN });
    const sent: string[] = [];
    server.use(
      http.post(`${API}/api/polls/7/review/`, ({ request }) => {
        sent.push(request.url);
        return HttpResponse.json({ ...auditing, status: 'supervisor_review' });
      }),
    );
    const { router } = renderSurvey('/audit-survey/7/report', true);
    await userEvent.click(await sendButton());
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the audit report for supervisor review?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(await sendButton());
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send for review' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/checks/7'));
    expect(sent).toHaveLength(1);
  });

  it("keeps the server's refusal by section in the dialog and reads the check again", async () => {
    let pollFetches = 0;
    server.use(
      http.get(`${API}/api/polls/7/`, () => {
        pollFetches += 1;
        return HttpResponse.json(
          pollFetches === 1
            ? { ...auditing, experts_summary: WRITTEN }
            : { ...auditing, experts_summary: { ...WRITTEN, summary: '' } },
        );
      }),
      http.get(`${API}/api/polls/7/drivers/`, () => HttpResponse.json(DRIVERS)),
      http.post(`${API}/api/polls/7/review/`, () =>
        HttpResponse.json({ summary: [REPORT_SUMMARY_RULES.send.summary] }, { status: 400 }),
      ),
    );
    renderSurvey('/audit-survey/7/report', true);
    await userEvent.click(await sendButton());
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REPORT_SUMMARY_RULES.send.summary,
    );
    // The check read again: the page says what is missing, and Send waits for it.
    await waitFor(() =>
      expect(screen.getByText('The report cannot be sent for review yet:')).toBeVisible(),
    );
  });

  it('keeps Approve for a report with its summary, saying what it lacks otherwise', async () => {
    serve({ ...reviewing, experts_summary: { risk_status: 'Green.', summary: '' } });
    server.use(
      http.get(`${API}/api/polls/7/report/`, () =>
        HttpResponse.json({
          poll_id: 7,
          status: 'supervisor_review',
          is_supervisor_comments_filled: false,
          supervisor_comments: [],
        } satisfies ReportInfo),
      ),
    );
    renderSurvey('/audit-survey/7/report', true);
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      `The report cannot be approved yet: ${REPORT_SUMMARY_RULES.approve.summary}`,
    );
    expect(screen.getByRole('button', { name: 'Return' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Write them in the Summary step' })).toBeNull();
  });
});

describe('the risks step', () => {
  const RAISED = {
    ...TEST_RISK_ROW,
    id: 41,
    scope: { id: 3, name: 'Apollo Portal', level: 'project' },
    project: { id: 3, name: 'Apollo Portal' },
    account: { id: 2, name: 'Acme' },
    owner: MEI,
    due_date: '2026-12-20',
    labels: [],
    visibility_tags: [],
    poll_id: 7,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  } satisfies RiskListItem;
  afterEach(() => vi.unstubAllGlobals());

  it('lists what was raised during the check, with the info toast of spec §8', async () => {
    serve();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/api/risks/`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([RAISED]));
      }),
    );
    renderSurvey('/survey/7/risks');
    expect(await screen.findByText(RISKS_STEP_INFO)).toBeInTheDocument();
    const link = await screen.findByRole('link', {
      name: 'Key developer may leave before the release',
    });
    expect(link).toHaveAttribute('href', '/risks/41');
    expect(screen.getByRole('cell', { name: 'High rating' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '12/20/2026' })).toBeInTheDocument();
    expect(queries[0]?.get('poll')).toBe('7');
    expect(queries[0]?.get('scope')).toBe('3');
    expect(queries[0]?.get('page_size')).toBe('1000');
  });

  it('is a list of cards on a phone, the statement first, what falls due first on top', async () => {
    onAPhone();
    serve();
    const issue = {
      ...RAISED,
      id: 42,
      kind: 'issue',
      statement: 'The test environment is down',
      rating: null,
      priority: 'critical',
      due_date: '2026-12-05',
    } satisfies RiskListItem;
    server.use(http.get(`${API}/api/risks/`, () => HttpResponse.json(page([RAISED, issue]))));
    renderSurvey('/survey/7/risks');
    const table = await screen.findByRole('table', {
      name: 'Risks and issues raised during this check, sorted by Due',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect([...first!.children].map((cell) => cell.textContent)).toEqual([
      'The test environment is down',
      'TypeProject issue',
      'Rating or priorityCritical priority',
      'OwnerMei Chen (mchen)',
      'Due12/05/2026',
    ]);
    expect(within(second!).getByRole('rowheader')).toHaveTextContent(RAISED.statement);
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
  afterEach(() => vi.unstubAllGlobals());
  const pm = { id: 5, name: 'Priya Nair', login: 'pnair' };
  const results: PollResults = {
    poll_id: 7,
    status: 'finished',
    drivers: [
      {
        id: 11,
        slug: 'delivery',
        name: 'Delivery',
        questions: [
          {
            id: 101,
            text: 'Is the plan agreed?',
            options,
            answers: [
              { user: pm, role: 'pm', answer: '4', comment: 'See https://wiki.example.com/plan' },
            ],
          },
          // Asked of experts only: a self check has none, so no one will ever answer it.
          { id: 102, text: 'Does the expert see evidence?', options, answers: [] },
        ],
      },
      {
        id: 12,
        slug: 'quality',
        name: 'Quality',
        questions: [{ id: 103, text: 'Asked of experts only', options, answers: [] }],
      },
    ],
  };

  it('offers Compare only once the server lists another check to compare with', async () => {
    serve();
    server.use(
      http.get(`${API}/api/polls/7/results/`, () => HttpResponse.json(results)),
      http.get(`${API}/api/feedback/polls/7/`, () => HttpResponse.json([])),
    );
    const { unmount } = renderSurvey('/survey/7/results-page');
    expect(await screen.findByText('Is the plan agreed?')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Compare' })).not.toBeInTheDocument();
    unmount();

    server.use(
      http.get(`${API}/api/polls/7/comparable/`, () =>
        HttpResponse.json({
          poll_id: 7,
          checks: [
            {
              id: 5,
              index: 'HC_5',
              type: 'health_check',
              model: 'sdo',
              status: 'finished',
              due_date: '2026-06-01',
            },
          ],
          previous_id: 5,
          roles: false,
        } satisfies ComparableChecks),
      ),
    );
    renderSurvey('/survey/7/results-page');
    expect(await screen.findByRole('link', { name: 'Compare' })).toHaveAttribute(
      'href',
      '/checks/compare?left=7',
    );
  });

  it('says the results could not be loaded, and Try again loads them', async () => {
    serve();
    let fail = true;
    let calls = 0;
    server.use(
      http.get(`${API}/api/polls/7/results/`, () => {
        calls += 1;
        return fail
          ? HttpResponse.json({ detail: 'Server error' }, { status: 500 })
          : HttpResponse.json(results);
      }),
      http.get(`${API}/api/feedback/polls/7/`, () => HttpResponse.json([])),
    );
    renderSurvey('/survey/7/results-page');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'The results could not be loaded',
    });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    const before = calls;
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Is the plan agreed?')).toBeVisible();
    expect(calls).toBeGreaterThan(before);
    expect(screen.queryByText('The results could not be loaded')).not.toBeInTheDocument();
  });

  it("shows only the questions the check's participants are asked, after a summary", async () => {
    serve();
    server.use(
      http.get(`${API}/api/polls/7/results/`, () => HttpResponse.json(results)),
      http.get(`${API}/api/feedback/polls/7/`, () => HttpResponse.json([])),
    );
    renderSurvey('/survey/7/results-page');
    expect(await screen.findByText('Is the plan agreed?')).toBeVisible();
    expect(screen.queryByText('Does the expert see evidence?')).not.toBeInTheDocument();
    expect(screen.queryByText('Asked of experts only')).not.toBeInTheDocument();
    expect(screen.queryByText(/No answer yet/)).not.toBeInTheDocument();
    // The summary's table of answers by driver: the chart's alternative.
    const byDriver = screen.getByRole('table', { name: 'Answers by driver table' });
    expect(
      within(byDriver)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DriverScoreNot in placeFully in place', 'Delivery100%01']);
    // Plain URLs in comments are links (spec §5).
    expect(screen.getByRole('link', { name: 'https://wiki.example.com/plan' })).toHaveAttribute(
      'href',
      'https://wiki.example.com/plan',
    );
  });

  it('shows its tables as cards on a phone, each driver and each person first', async () => {
    onAPhone();
    serve({
      ...POLL,
      poll_stats: {
        ...POLL.poll_stats,
        participants: [
          { ...pm, role: 'pm', answered: 1, questions: 1, submitted: true },
          { ...MEI, role: 'exp', answered: 0, questions: 1, submitted: false },
        ],
      },
    });
    server.use(
      http.get(`${API}/api/polls/7/results/`, () => HttpResponse.json(results)),
      http.get(`${API}/api/feedback/polls/7/`, () => HttpResponse.json([])),
    );
    renderSurvey('/survey/7/results-page');
    const question = await screen.findByRole('table', { name: 'Answers to “Is the plan agreed?”' });
    const cardOf = (table: HTMLElement, index: number) =>
      [...within(table).getAllByRole('row')[index]!.children].map((cell) => cell.textContent);
    expect(cardOf(question, 1)).toEqual([
      'Priya Nair (pnair)',
      'RoleProject manager',
      'AnswerFully in place',
      'CommentSee https://wiki.example.com/plan',
    ]);
    const byDriver = screen.getByRole('table', { name: 'Answers by driver table' });
    expect(cardOf(byDriver, 1)).toEqual([
      'Delivery',
      'Score100%',
      'Not in place0',
      'Fully in place1',
    ]);
    // Who has not answered comes first when Answered is pressed twice; the caption says so.
    const progress = screen.getByRole('table', { name: 'Progress by role table' });
    expect(cardOf(progress, 1)[0]).toBe('Priya Nair (pnair)');
    await userEvent.click(within(progress).getByRole('button', { name: 'Answered' }));
    await userEvent.click(within(progress).getByRole('button', { name: 'Answered' }));
    expect(progress).toHaveAccessibleName('Progress by role table, sorted by Answered');
    expect(cardOf(progress, 1)[0]).toBe('Mei Chen (mchen)');
  });
});

describe('feedback on the results', () => {
  function serveResults() {
    serve();
    server.use(
      http.get(`${API}/api/polls/7/results/`, () =>
        HttpResponse.json({ poll_id: 7, status: 'finished', drivers: [] }),
      ),
      http.get(`${API}/api/feedback/polls/7/`, () => HttpResponse.json([])),
    );
  }

  it('keeps the rating and the words when the server refuses them, with its message on the field', async () => {
    serveResults();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/feedback/polls/7/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ comment: ['Mention no names.'] }, { status: 400 });
      }),
    );
    renderSurvey('/survey/7/results-page');
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
    serveResults();
    server.use(
      http.post(`${API}/api/feedback/polls/7/`, () =>
        HttpResponse.json({ id: 1, indicator: 'neutral', comment: '', type: 'survey' }),
      ),
    );
    renderSurvey('/survey/7/results-page');
    await userEvent.click(await screen.findByRole('radio', { name: 'Neutral' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Neutral' })).not.toBeChecked();
  });
});
