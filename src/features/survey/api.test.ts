import { afterEach, describe, expect, it, vi } from 'vitest';
import { checksApi } from '../checks/api';
import { cacheScenario, type CallUnderTest } from '../../testing/cacheScenario';
import { page } from '../../testing/msw/drf';
import { TEST_POLL } from '../../testing/msw/pollFixtures';
import { surveyApi } from './api';

const POLL_7 = { ...TEST_POLL, id: 7 };
const POLL_8 = { ...TEST_POLL, id: 8 };

/** Check 7's survey with every step loaded, the checks list, and check 8's results beside. */
const scenario = () =>
  cacheScenario(
    {
      '/api/polls/': page([POLL_7, POLL_8]),
      '/api/polls/7/': POLL_7,
      '/api/polls/7/drivers/': [{ id: 11 }, { id: 12 }],
      '/api/polls/7/drivers/11/': { id: 11, questions: [] },
      '/api/feedback/polls/7/': [{ id: 81 }],
      '/api/polls/7/report/': { poll_id: 7, supervisor_comments: [] },
      '/api/polls/7/results/': { poll_id: 7, drivers: [] },
      '/api/polls/8/results/': { poll_id: 8, drivers: [] },
      '/api/polls/7/outcomes/': [{ id: 71 }],
    },
    (dispatch) => [
      dispatch(checksApi.endpoints.getPolls.initiate({})),
      dispatch(checksApi.endpoints.getPoll.initiate(7)),
      dispatch(surveyApi.endpoints.getDrivers.initiate(7)),
      dispatch(surveyApi.endpoints.getDriver.initiate({ pollId: 7, driverId: 11 })),
      dispatch(surveyApi.endpoints.getFeedback.initiate(7)),
      dispatch(surveyApi.endpoints.getReport.initiate(7)),
      dispatch(surveyApi.endpoints.getResults.initiate(7)),
      dispatch(surveyApi.endpoints.getResults.initiate(8)),
      dispatch(surveyApi.endpoints.getOutcomes.initiate(7)),
    ],
  );

const { endpoints } = surveyApi;
/** What a step of the report flow refreshes: the check, the checks list, the report. */
const REPORT_CHANGED = ['/api/polls/', '/api/polls/7/', '/api/polls/7/report/'];

const SEND_FEEDBACK: CallUnderTest = {
  name: 'sendFeedback',
  request: ['post', '/api/feedback/polls/7/'],
  answer: { id: 82 },
  call: (dispatch) =>
    dispatch(
      endpoints.sendFeedback.initiate({
        pollId: 7,
        indicator: 'positive',
        comment: '',
        type: 'survey',
      }),
    ),
  refetched: ['/api/feedback/polls/7/'],
};
const SEND_FOR_REVIEW: CallUnderTest = {
  name: 'sendForReview',
  request: ['post', '/api/polls/7/review/'],
  answer: POLL_7,
  call: (dispatch) => dispatch(endpoints.sendForReview.initiate(7)),
  refetched: REPORT_CHANGED,
};
const APPROVE: CallUnderTest = {
  name: 'decideReport (approve)',
  request: ['put', '/api/polls/7/report/'],
  answer: { poll_id: 7 },
  call: (dispatch) =>
    dispatch(endpoints.decideReport.initiate({ pollId: 7, status: 'review_completed' })),
  refetched: REPORT_CHANGED,
};
const RETURN: CallUnderTest = {
  ...APPROVE,
  name: 'decideReport (return)',
  call: (dispatch) => dispatch(endpoints.decideReport.initiate({ pollId: 7, status: 'expert' })),
};

const CALLS: CallUnderTest[] = [
  {
    name: 'a check action (startPoll)',
    request: ['post', '/api/polls/7/start/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(checksApi.endpoints.startPoll.initiate({ pollId: 7 })),
    refetched: [
      '/api/polls/',
      '/api/polls/7/',
      '/api/polls/7/drivers/',
      '/api/polls/7/drivers/11/',
    ],
  },
  {
    name: 'submitPoll',
    request: ['post', '/api/polls/7/submit/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.submitPoll.initiate(7)),
    refetched: ['/api/polls/', '/api/polls/7/', '/api/polls/7/results/'],
  },
  SEND_FEEDBACK,
  SEND_FOR_REVIEW,
  APPROVE,
  RETURN,
  {
    name: 'addSupervisorComment',
    request: ['post', '/api/polls/7/report/comments/'],
    answer: { id: 91 },
    call: (dispatch) =>
      dispatch(endpoints.addSupervisorComment.initiate({ pollId: 7, driver_id: null, text: 'x' })),
    refetched: ['/api/polls/7/report/'],
  },
  {
    name: 'editSupervisorComment',
    request: ['patch', '/api/polls/7/report/comments/91/'],
    answer: { id: 91 },
    call: (dispatch) =>
      dispatch(endpoints.editSupervisorComment.initiate({ pollId: 7, commentId: 91, text: 'y' })),
    refetched: ['/api/polls/7/report/'],
  },
  {
    name: 'deleteSupervisorComment',
    request: ['delete', '/api/polls/7/report/comments/91/'],
    answer: null,
    call: (dispatch) =>
      dispatch(endpoints.deleteSupervisorComment.initiate({ pollId: 7, commentId: 91 })),
    refetched: ['/api/polls/7/report/'],
  },
  {
    name: 'addOutcome',
    request: ['post', '/api/polls/7/outcomes/'],
    answer: { id: 72 },
    call: (dispatch) =>
      dispatch(
        endpoints.addOutcome.initiate({
          pollId: 7,
          title: 'No release plan',
          severity: 'major',
          description: '',
        }),
      ),
    refetched: ['/api/polls/7/outcomes/'],
  },
  {
    name: 'deleteOutcome',
    request: ['delete', '/api/polls/7/outcomes/71/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.deleteOutcome.initiate({ pollId: 7, outcomeId: 71 })),
    refetched: ['/api/polls/7/outcomes/'],
  },
];

describe('survey calls and the cache', () => {
  it.each(CALLS)('$name refreshes what it changed, once it succeeded', async (call) => {
    expect(await scenario().refetchedAfter(call)).toEqual(call.refetched);
  });

  it.each(CALLS)('$name refreshes nothing when it failed', async (call) => {
    expect(await scenario().refetchedAfter(call, false)).toEqual([]);
  });
});

describe('the console log of spec §8', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [SEND_FEEDBACK.name, SEND_FEEDBACK, 'Sending the survey feedback failed'],
    [SEND_FOR_REVIEW.name, SEND_FOR_REVIEW, 'Sending the audit report for review failed'],
    [APPROVE.name, APPROVE, 'Approving the report failed'],
    [RETURN.name, RETURN, 'Returning the report failed'],
  ])(
    '%s logs a failure once, with the error, and a success not at all',
    async (_name, call, line) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await scenario().refetchedAfter(call);
      expect(log).not.toHaveBeenCalled();
      await scenario().refetchedAfter(call, false);
      expect(log).toHaveBeenCalledOnce();
      expect(log).toHaveBeenCalledWith(line, expect.objectContaining({ status: 400 }));
    },
  );
});
