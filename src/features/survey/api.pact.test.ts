import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/baseQuery';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  authorizedWith,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import {
  driverShape,
  drfDetail,
  feedbackShape,
  outcomeShape,
  personShape,
  pollPath,
  pollShape,
  questionShape,
  supervisorCommentShape,
} from '../../testing/pact/pollShapes';
import { POLL_STATES } from '../../testing/pact/states';
import { checksApi } from '../checks/api';
import { surveyApi } from './api';

const { eachLike, like, integer, string, regex, fromProviderState } = MatchersV3;

/** Survey calls: the ten poll calls of spec §7 and the survey calls this product designs. */
describe('survey calls (spec §7)', () => {
  const pact = createPact();
  const store = (url: string) =>
    storeAgainst(url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });
  const idFrom = (name: string, example: number) => fromProviderState(`\${${name}}`, example);

  it('GET /api/polls/{id}/ returns the poll as the user sees it', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.mainExpertLeads)
      .uponReceiving('a request for a poll')
      .withRequest('GET', pollPath('', 2), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...pollShape(2, 'expert'),
          id: idFrom('pollId', 2),
          user_pos: { pos: 'expert', uid: integer(4) },
          main_expert: personShape(),
          user_permissions: eachLike('CAN_EDIT_SUMMARY'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(checksApi.endpoints.getPoll.initiate(2))
          .unwrap();
        expect(poll.main_expert?.id).toBe(poll.user_pos.uid);
      }));

  it('GET /api/polls/{id}/ of a poll the user may not see answers 404', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmHiddenAudit)
      .uponReceiving('a request for a poll the user may not see')
      .withRequest('GET', pollPath('', 3), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(404, (builder) => builder.jsonBody(drfDetail('Not found.')))
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(checksApi.endpoints.getPoll.initiate(3));
        expect((result.error as ApiError).status).toBe(404);
      }));

  it('GET /api/polls/{id}/drivers/ returns the drivers with the user’s counts', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a request for the drivers of a poll')
      .withRequest('GET', pollPath('drivers/', 1), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike(driverShape)))
      .executeTest(async (mock) => {
        const drivers = await store(mock.url)
          .dispatch(surveyApi.endpoints.getDrivers.initiate(1))
          .unwrap();
        expect(drivers[0]?.slug).toBe('delivery');
      }));

  it('GET /api/polls/{id}/drivers/{driverId}/ returns one driver with its questions', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a request for one driver of a poll')
      .withRequest(
        'GET',
        fromProviderState('/api/polls/${pollId}/drivers/${driverId}/', '/api/polls/1/drivers/1/'),
        (builder) => builder.headers(authorizedWith()),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...driverShape,
          questions: eachLike({
            ...questionShape,
            user_reply: {
              id: integer(3),
              answer: string('yes'),
              comment: string(''),
              reply_count: integer(1),
            },
          }),
        }),
      )
      .executeTest(async (mock) => {
        const driver = await store(mock.url)
          .dispatch(surveyApi.endpoints.getDriver.initiate({ pollId: 1, driverId: 1 }))
          .unwrap();
        expect(driver.questions[0]?.options[0]?.value).toBe('yes');
      }));

  it('PUT /api/polls/{id}/questions/{questionId}/reply/ saves the reply', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a reply to a question')
      .withRequest(
        'PUT',
        fromProviderState(
          '/api/polls/${pollId}/questions/${questionId}/reply/',
          '/api/polls/1/questions/13/reply/',
        ),
        (builder) =>
          builder
            .headers(authorizedWith())
            .jsonBody({ answer: 'partially', comment: 'In the wiki' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ replyId: integer(40), answer: 'partially', comment: 'In the wiki' }),
      )
      .executeTest(async (mock) => {
        const reply = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.saveReply.initiate({
              pollId: 1,
              driverId: 3,
              questionId: 13,
              answer: 'partially',
              comment: 'In the wiki',
            }),
          )
          .unwrap();
        expect(reply.answer).toBe('partially');
      }));

  it('PUT …/reply/ with an answer that is not an option answers 400 with a field error', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a reply with an unknown answer')
      .withRequest(
        'PUT',
        fromProviderState(
          '/api/polls/${pollId}/questions/${questionId}/reply/',
          '/api/polls/1/questions/13/reply/',
        ),
        (builder) => builder.headers(authorizedWith()).jsonBody({ answer: 'maybe', comment: '' }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({ answer: eachLike('"maybe" is not a valid choice.') }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.saveReply.initiate({
            pollId: 1,
            driverId: 3,
            questionId: 13,
            answer: 'maybe',
            comment: '',
          }),
        );
        expect((result.error as ApiError).status).toBe(400);
      }));

  it('PUT …/reply/ after the user has submitted answers 403', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmFinished)
      .uponReceiving('a reply to a question of a finished check')
      .withRequest(
        'PUT',
        fromProviderState(
          '/api/polls/${pollId}/questions/${questionId}/reply/',
          '/api/polls/8/questions/1/reply/',
        ),
        (builder) => builder.headers(authorizedWith()).jsonBody({ answer: 'no', comment: '' }),
      )
      .willRespondWith(403, (builder) =>
        builder.jsonBody(drfDetail('You do not have permission to perform this action.')),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.saveReply.initiate({
            pollId: 8,
            driverId: 1,
            questionId: 1,
            answer: 'no',
            comment: '',
          }),
        );
        expect((result.error as ApiError).status).toBe(403);
      }));

  it('PATCH /api/polls/{id}/summary/ saves one section by key', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.mainExpertLeads)
      .uponReceiving('a summary section')
      .withRequest('PATCH', pollPath('summary/', 2), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ risk_status: 'Two staffing risks.' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...pollShape(2, 'expert'),
          experts_summary: { risk_status: 'Two staffing risks.', summary: string('') },
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.patchSummary.initiate({
              pollId: 2,
              patch: { risk_status: 'Two staffing risks.' },
            }),
          )
          .unwrap();
        expect(poll.experts_summary.risk_status).toBe('Two staffing risks.');
      }));

  it('POST /api/polls/{id}/submit/ finishes a self check once every question is answered', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnsweredAll)
      .uponReceiving('a survey submit')
      .withRequest('POST', pollPath('submit/', 1), (builder) =>
        builder.headers(authorizedWith()).jsonBody({}),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(pollShape(1, 'finished', 'self_check')))
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(surveyApi.endpoints.submitPoll.initiate(1))
          .unwrap();
        expect(poll.status).toBe('finished');
      }));

  it('POST …/submit/ with questions unanswered answers 400 with the reason', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a survey submit with questions unanswered')
      .withRequest('POST', pollPath('submit/', 1), (builder) =>
        builder.headers(authorizedWith()).jsonBody({}),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({
          non_field_errors: eachLike('Answer every question before submitting: 9 of 18 answered.'),
        }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(surveyApi.endpoints.submitPoll.initiate(1));
        expect((result.error as ApiError).status).toBe(400);
      }));

  it('GET /api/feedback/polls/{id}/?type=survey lists the indicator feedback', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmFinished)
      .uponReceiving('a request for the survey feedback of a poll')
      .withRequest(
        'GET',
        fromProviderState('/api/feedback/polls/${pollId}/', '/api/feedback/polls/8/'),
        (builder) => builder.headers(authorizedWith()).query({ type: 'survey' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(like([])))
      .executeTest(async (mock) => {
        const items = await store(mock.url)
          .dispatch(surveyApi.endpoints.getFeedback.initiate(8))
          .unwrap();
        expect(Array.isArray(items)).toBe(true);
      }));

  it('POST /api/feedback/polls/{id}/ records an indicator', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmFinished)
      .uponReceiving('an indicator feedback')
      .withRequest(
        'POST',
        fromProviderState('/api/feedback/polls/${pollId}/', '/api/feedback/polls/8/'),
        (builder) =>
          builder
            .headers(authorizedWith())
            .jsonBody({ indicator: 'positive', comment: 'Useful.', type: 'survey' }),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({ ...feedbackShape, indicator: 'positive', comment: 'Useful.' }),
      )
      .executeTest(async (mock) => {
        const item = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.sendFeedback.initiate({
              pollId: 8,
              indicator: 'positive',
              comment: 'Useful.',
              type: 'survey',
            }),
          )
          .unwrap();
        expect(item.indicator).toBe('positive');
      }));

  it('GET /api/polls/{id}/results/ gives every participant’s answers by driver', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmFinished)
      .uponReceiving('a request for the results of a poll')
      .withRequest('GET', pollPath('results/', 8), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          poll_id: integer(8),
          status: 'finished',
          drivers: eachLike({
            id: integer(1),
            slug: string('delivery'),
            name: string('Delivery management'),
            questions: eachLike({
              id: integer(1),
              text: string('Is there an up-to-date delivery plan?'),
              options: eachLike({ value: string('yes'), label: string('Yes') }),
              answers: eachLike({
                user: personShape(2, 'Priya Nair', 'pnair'),
                role: regex('^(pm|qcl|exp|main_expert|auditor)$', 'pm'),
                answer: string('yes'),
                comment: string(''),
              }),
            }),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const results = await store(mock.url)
          .dispatch(surveyApi.endpoints.getResults.initiate(8))
          .unwrap();
        expect(results.drivers[0]?.questions[0]?.answers[0]?.role).toBe('pm');
      }));
});

describe('the audit report flow (spec §4, §7)', () => {
  const pact = createPact();
  const store = (url: string) =>
    storeAgainst(url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });

  it('POST /api/polls/{id}/review/ sends the report for supervisor review', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.auditorAnswered)
      .uponReceiving('a send for supervisor review')
      .withRequest('POST', pollPath('review/', 3), (builder) =>
        builder.headers(authorizedWith()).jsonBody({}),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(pollShape(3, 'supervisor_review', 'audit_check')),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(surveyApi.endpoints.sendForReview.initiate(3))
          .unwrap();
        expect(poll.status).toBe('supervisor_review');
      }));

  it('GET /api/polls/{id}/report/ says whether supervisor comments are filled', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorWithComment)
      .uponReceiving('a request for the report info')
      .withRequest('GET', pollPath('report/', 4), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          poll_id: integer(4),
          status: 'supervisor_review',
          is_supervisor_comments_filled: true,
          supervisor_comments: eachLike(supervisorCommentShape),
        }),
      )
      .executeTest(async (mock) => {
        const report = await store(mock.url)
          .dispatch(surveyApi.endpoints.getReport.initiate(4))
          .unwrap();
        expect(report.is_supervisor_comments_filled).toBe(true);
      }));

  it('PUT /api/polls/{id}/report/ with review_completed approves', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorWithComment)
      .uponReceiving('an approval of the report')
      .withRequest('PUT', pollPath('report/', 4), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ status: 'review_completed' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ poll_id: integer(4), status: 'review_completed' }),
      )
      .executeTest(async (mock) => {
        const report = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.decideReport.initiate({ pollId: 4, status: 'review_completed' }),
          )
          .unwrap();
        expect(report.status).toBe('review_completed');
      }));

  it('PUT /api/polls/{id}/report/ with expert returns the report to the auditor', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorWithComment)
      .uponReceiving('a return of the report with a supervisor comment')
      .withRequest('PUT', pollPath('report/', 4), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ status: 'expert' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ poll_id: integer(4), status: 'expert' }),
      )
      .executeTest(async (mock) => {
        const report = await store(mock.url)
          .dispatch(surveyApi.endpoints.decideReport.initiate({ pollId: 4, status: 'expert' }))
          .unwrap();
        expect(report.status).toBe('expert');
      }));

  it('PUT …/report/ returning without a supervisor comment answers 400', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorNoComment)
      .uponReceiving('a return of the report without a supervisor comment')
      .withRequest('PUT', pollPath('report/', 3), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ status: 'expert' }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({
          non_field_errors: eachLike(
            'Add a supervisor comment before returning the report to the auditor.',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.decideReport.initiate({ pollId: 3, status: 'expert' }),
        );
        expect((result.error as ApiError).status).toBe(400);
      }));

  it('PUT …/report/ by the auditor answers 403', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.auditorInReview)
      .uponReceiving('an approval of the report by someone who may not approve')
      .withRequest('PUT', pollPath('report/', 4), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ status: 'review_completed' }),
      )
      .willRespondWith(403, (builder) =>
        builder.jsonBody(drfDetail('You do not have permission to perform this action.')),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.decideReport.initiate({ pollId: 4, status: 'review_completed' }),
        );
        expect((result.error as ApiError).status).toBe(403);
      }));

  it('POST /api/polls/{id}/report/comments/ adds a supervisor comment', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorNoComment)
      .uponReceiving('a new supervisor comment')
      .withRequest('POST', pollPath('report/comments/', 3), (builder) =>
        builder
          .headers(authorizedWith())
          .jsonBody({ driver_id: null, text: 'Explain the open findings.' }),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({ ...supervisorCommentShape, text: 'Explain the open findings.' }),
      )
      .executeTest(async (mock) => {
        const comment = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.addSupervisorComment.initiate({
              pollId: 3,
              driver_id: null,
              text: 'Explain the open findings.',
            }),
          )
          .unwrap();
        expect(comment.author.id).toBe(7);
      }));

  it('PATCH /api/polls/{id}/report/comments/{commentId}/ edits the comment', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorWithComment)
      .uponReceiving('an edit of a supervisor comment')
      .withRequest(
        'PATCH',
        fromProviderState(
          '/api/polls/${pollId}/report/comments/${commentId}/',
          '/api/polls/4/report/comments/1/',
        ),
        (builder) => builder.headers(authorizedWith()).jsonBody({ text: 'Updated.' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ ...supervisorCommentShape, text: 'Updated.' }),
      )
      .executeTest(async (mock) => {
        const comment = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.editSupervisorComment.initiate({
              pollId: 4,
              commentId: 1,
              text: 'Updated.',
            }),
          )
          .unwrap();
        expect(comment.text).toBe('Updated.');
      }));

  it('DELETE /api/polls/{id}/report/comments/{commentId}/ removes the comment', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.supervisorWithComment)
      .uponReceiving('a removal of a supervisor comment')
      .withRequest(
        'DELETE',
        fromProviderState(
          '/api/polls/${pollId}/report/comments/${commentId}/',
          '/api/polls/4/report/comments/1/',
        ),
        (builder) => builder.headers(authorizedWith()),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.deleteSupervisorComment.initiate({ pollId: 4, commentId: 1 }),
        );
        expect(result.error).toBeUndefined();
      }));

  it('GET /api/polls/{id}/outcomes/ lists the audit outcomes', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.auditorAnswered)
      .uponReceiving('a request for the audit outcomes')
      .withRequest('GET', pollPath('outcomes/', 3), (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike(outcomeShape)))
      .executeTest(async (mock) => {
        const outcomes = await store(mock.url)
          .dispatch(surveyApi.endpoints.getOutcomes.initiate(3))
          .unwrap();
        expect(outcomes[0]?.severity).toBe('minor');
      }));

  it('POST /api/polls/{id}/outcomes/ records an outcome', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.auditorAnswered)
      .uponReceiving('a new audit outcome')
      .withRequest('POST', pollPath('outcomes/', 3), (builder) =>
        builder
          .headers(authorizedWith())
          .jsonBody({ title: 'No change log', severity: 'major', description: '' }),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({
          id: integer(9),
          title: 'No change log',
          severity: 'major',
          description: '',
        }),
      )
      .executeTest(async (mock) => {
        const outcome = await store(mock.url)
          .dispatch(
            surveyApi.endpoints.addOutcome.initiate({
              pollId: 3,
              title: 'No change log',
              severity: 'major',
              description: '',
            }),
          )
          .unwrap();
        expect(outcome.severity).toBe('major');
      }));

  it('DELETE /api/polls/{id}/outcomes/{outcomeId}/ removes an outcome', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.auditorAnswered)
      .uponReceiving('a removal of an audit outcome')
      .withRequest(
        'DELETE',
        fromProviderState(
          '/api/polls/${pollId}/outcomes/${outcomeId}/',
          '/api/polls/3/outcomes/2/',
        ),
        (builder) => builder.headers(authorizedWith()),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          surveyApi.endpoints.deleteOutcome.initiate({ pollId: 3, outcomeId: 2 }),
        );
        expect(result.error).toBeUndefined();
      }));
});
