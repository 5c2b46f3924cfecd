import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  nonFieldErrors,
  notFound,
  permissionDenied,
} from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import {
  driverShape,
  feedbackShape,
  outcomeShape,
  personShape,
  pollPath,
  pollShape,
  questionShape,
  supervisorCommentShape,
} from '../../testing/pact/pollShapes';
import { statePath, stateId } from '../../testing/pact/inject';
import { createPact } from '../../testing/pact/provider';
import { POLL_STATES } from '../../testing/pact/states';
import { checksApi } from '../checks/api';
import { surveyApi } from './api';
import { OUTCOME_ACTION_ERRORS, REPORT_SUMMARY_RULES } from '../../api/contract/polls';

const { eachLike, integer, string, regex } = MatchersV3;

/** `/api/polls/${pollId}/questions/${questionId}/reply/` with the ids the provider state names. */
const replyPath = (pollId: number, questionId: number) =>
  statePath('/api/polls/${pollId}/questions/${questionId}/reply/', { pollId, questionId });
const feedbackPath = () => statePath('/api/feedback/polls/${pollId}/', { pollId: 8 });
const commentPath = () =>
  statePath('/api/polls/${pollId}/report/comments/${commentId}/', { pollId: 4, commentId: 1 });

/** Survey calls: the ten poll calls of spec §7 and the survey calls this product designs. */
describe('survey calls (spec §7)', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/polls/{id}/ returns the poll as the user sees it', () =>
    interaction(POLL_STATES.mainExpertLeads, 'a request for a poll')
      .get(pollPath('', 2))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pollShape(2, 'expert'),
          id: stateId('pollId', 2),
          user_pos: { pos: 'expert', uid: integer(4) },
          main_expert: personShape(),
          user_permissions: eachLike('CAN_EDIT_SUMMARY'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.getPoll, 2);
        expect(poll.main_expert?.id).toBe(poll.user_pos.uid);
      }));

  it('GET /api/polls/{id}/ of a poll the user may not see answers 404', () =>
    interaction(POLL_STATES.pmHiddenAudit, 'a request for a poll the user may not see')
      .get(pollPath('', 3))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, checksApi.endpoints.getPoll, 3))?.status).toBe(404);
      }));

  it('GET /api/polls/{id}/drivers/ returns the drivers with the user’s counts', () =>
    interaction(POLL_STATES.pmAnswers, 'a request for the drivers of a poll')
      .get(pollPath('drivers/', 1))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(driverShape)))
      .executeTest(async (mock) => {
        const drivers = await dataFrom(mock, surveyApi.endpoints.getDrivers, 1);
        expect(drivers[0]?.slug).toBe('delivery');
      }));

  const driverDetail = (
    driverKey: 'driverId' | 'openDriverId',
    description: string,
    reply: unknown,
  ) =>
    interaction(POLL_STATES.pmAnswers, description)
      .get(
        statePath(`/api/polls/\${pollId}/drivers/\${${driverKey}}/`, { pollId: 1, [driverKey]: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...driverShape,
          questions: eachLike({ ...questionShape, user_reply: reply }),
        }),
      );

  it('GET /api/polls/{id}/drivers/{driverId}/ returns one driver with the user’s replies', () =>
    driverDetail('driverId', 'a request for one driver the user has answered', {
      id: integer(3),
      answer: string('yes'),
      comment: string(''),
      reply_count: integer(1),
    }).executeTest(async (mock) => {
      const driver = await dataFrom(mock, surveyApi.endpoints.getDriver, {
        pollId: 1,
        driverId: 1,
      });
      expect(driver.questions[0]?.options[0]?.value).toBe('yes');
      expect(driver.questions[0]?.user_reply?.answer).toBe('yes');
    }));

  it('GET …/drivers/{driverId}/ of a driver the user has not started has no replies (null)', () =>
    driverDetail(
      'openDriverId',
      'a request for one driver the user has not answered',
      null,
    ).executeTest(async (mock) => {
      const driver = await dataFrom(mock, surveyApi.endpoints.getDriver, {
        pollId: 1,
        driverId: 1,
      });
      expect(driver.questions[0]?.user_reply).toBeNull();
    }));

  /**
   * The project manager's reply to question 13 of check 1 (its driver 3), sent as `body` (the
   * answer, the comment or both): answered with the whole reply, what was sent and, for what
   * was not, what was saved before (no answer yet; any comment). Resolves to the saved reply.
   */
  const savedReply = (description: string, body: { answer?: string; comment?: string }) =>
    interaction(POLL_STATES.pmAnswers, description)
      .put(replyPath(1, 13), body)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          replyId: integer(40),
          answer: body.answer ?? null,
          comment: body.comment ?? string(''),
        }),
      )
      .executeTest((mock) =>
        dataFrom(mock, surveyApi.endpoints.saveReply, {
          pollId: 1,
          driverId: 3,
          questionId: 13,
          ...body,
        }),
      );

  it('PUT /api/polls/{id}/questions/{questionId}/reply/ saves the reply', async () => {
    const saved = await savedReply('a reply to a question', {
      answer: 'partially',
      comment: 'In the wiki',
    });
    expect(saved?.answer).toBe('partially');
  });

  it('PUT …/reply/ with the answer alone saves it and answers the whole reply', async () => {
    const saved = await savedReply('an answer alone to a question', { answer: 'yes' });
    expect(saved?.answer).toBe('yes');
  });

  it('PUT …/reply/ with the comment alone saves it and leaves the answer as saved', async () => {
    const saved = await savedReply('a comment alone on a question', { comment: 'Nightly' });
    expect(saved).toMatchObject({ answer: null, comment: 'Nightly' });
  });

  it('PUT …/reply/ with an answer that is not an option answers 400 with a field error', () =>
    interaction(POLL_STATES.pmAnswers, 'a reply with an unknown answer')
      .put(replyPath(1, 13), { answer: 'maybe', comment: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ answer: '"maybe" is not a valid choice.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.saveReply, {
          pollId: 1,
          driverId: 3,
          questionId: 13,
          answer: 'maybe',
          comment: '',
        });
        expect(error?.status).toBe(400);
      }));

  it('PUT …/reply/ after the user has submitted answers 403', () =>
    interaction(POLL_STATES.pmFinished, 'a reply to a question of a finished check')
      .put(replyPath(8, 1), { answer: 'no', comment: '' })
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.saveReply, {
          pollId: 8,
          driverId: 1,
          questionId: 1,
          answer: 'no',
          comment: '',
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH /api/polls/{id}/summary/ saves one section by key', () =>
    interaction(POLL_STATES.mainExpertLeads, 'a summary section')
      .patch(pollPath('summary/', 2), { risk_status: 'Two staffing risks.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pollShape(2, 'expert'),
          experts_summary: { risk_status: 'Two staffing risks.', summary: string('') },
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, surveyApi.endpoints.patchSummary, {
          pollId: 2,
          patch: { risk_status: 'Two staffing risks.' },
        });
        expect(poll.experts_summary.risk_status).toBe('Two staffing risks.');
      }));

  it('POST /api/polls/{id}/submit/ finishes a self check once every question is answered', () =>
    interaction(POLL_STATES.pmAnsweredAll, 'a survey submit')
      .post(pollPath('submit/', 1), {})
      .willRespondWith(200, (b) => b.jsonBody(pollShape(1, 'finished', 'self_check')))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, surveyApi.endpoints.submitPoll, 1);
        expect(poll.status).toBe('finished');
      }));

  it('POST …/submit/ with questions unanswered answers 400 with the reason', () =>
    interaction(POLL_STATES.pmAnswers, 'a survey submit with questions unanswered')
      .post(pollPath('submit/', 1), {})
      .willRespondWith(400, (b) =>
        b.jsonBody(nonFieldErrors('Answer every question before submitting: 9 of 18 answered.')),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, surveyApi.endpoints.submitPoll, 1))?.status).toBe(400);
      }));

  it('GET /api/feedback/polls/{id}/?type=survey lists the indicator feedback', () =>
    interaction(POLL_STATES.pmFinished, 'a request for the survey feedback of a poll')
      .get(feedbackPath(), { type: 'survey' })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(feedbackShape)))
      .executeTest(async (mock) => {
        const items = await dataFrom(mock, surveyApi.endpoints.getFeedback, 8);
        expect(items[0]?.indicator).toBe('positive');
      }));

  it('POST /api/feedback/polls/{id}/ records an indicator', () => {
    const feedback = { indicator: 'positive', comment: 'Useful.', type: 'survey' } as const;
    return interaction(POLL_STATES.pmFinished, 'an indicator feedback')
      .post(feedbackPath(), feedback)
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...feedbackShape, indicator: 'positive', comment: 'Useful.' }),
      )
      .executeTest(async (mock) => {
        const item = await dataFrom(mock, surveyApi.endpoints.sendFeedback, {
          pollId: 8,
          ...feedback,
        });
        expect(item.indicator).toBe('positive');
      });
  });

  it('GET /api/polls/{id}/results/ gives every participant’s answers by driver', () =>
    interaction(POLL_STATES.pmFinished, 'a request for the results of a poll')
      .get(pollPath('results/', 8))
      .willRespondWith(200, (b) =>
        b.jsonBody({
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
        const results = await dataFrom(mock, surveyApi.endpoints.getResults, 8);
        expect(results.drivers[0]?.questions[0]?.answers[0]?.role).toBe('pm');
      }));
});

describe('the audit report flow (spec §4, §7)', () => {
  const interaction = interactionsOf(createPact());
  const { decideReport } = surveyApi.endpoints;

  it('POST /api/polls/{id}/review/ sends the report for supervisor review', () =>
    interaction(POLL_STATES.auditorAnswered, 'a send for supervisor review')
      .post(pollPath('review/', 3), {})
      .willRespondWith(200, (b) => b.jsonBody(pollShape(3, 'supervisor_review', 'audit_check')))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, surveyApi.endpoints.sendForReview, 3);
        expect(poll.status).toBe('supervisor_review');
      }));

  it('POST …/review/ without the summary and risk status answers 400 naming each', () =>
    interaction(POLL_STATES.auditorNoSummary, 'a send for supervisor review without the summary')
      .post(pollPath('review/', 3), {})
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors(REPORT_SUMMARY_RULES.send)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.sendForReview, 3);
        expect(error?.status).toBe(400);
        expect(Object.keys(error?.data as object).sort()).toEqual(['risk_status', 'summary']);
      }));

  it('PATCH …/summary/ by the auditor writes the audit report’s summary', () =>
    interaction(POLL_STATES.auditorNoSummary, 'a summary section written by the auditor')
      .patch(pollPath('summary/', 3), { summary: 'The project follows the audited practices.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pollShape(3, 'expert', 'audit_check'),
          experts_summary: {
            risk_status: string(''),
            summary: 'The project follows the audited practices.',
          },
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, surveyApi.endpoints.patchSummary, {
          pollId: 3,
          patch: { summary: 'The project follows the audited practices.' },
        });
        expect(poll.experts_summary.summary).toBe('The project follows the audited practices.');
      }));

  it('GET /api/polls/{id}/report/ says whether supervisor comments are filled', () =>
    interaction(POLL_STATES.supervisorWithComment, 'a request for the report info')
      .get(pollPath('report/', 4))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          poll_id: integer(4),
          status: 'supervisor_review',
          is_supervisor_comments_filled: true,
          supervisor_comments: eachLike(supervisorCommentShape),
        }),
      )
      .executeTest(async (mock) => {
        const report = await dataFrom(mock, surveyApi.endpoints.getReport, 4);
        expect(report.is_supervisor_comments_filled).toBe(true);
      }));

  it('PUT /api/polls/{id}/report/ with review_completed approves', () =>
    interaction(POLL_STATES.supervisorWithComment, 'an approval of the report')
      .put(pollPath('report/', 4), { status: 'review_completed' })
      .willRespondWith(200, (b) => b.jsonBody({ poll_id: integer(4), status: 'review_completed' }))
      .executeTest(async (mock) => {
        const report = await dataFrom(mock, decideReport, {
          pollId: 4,
          status: 'review_completed',
        });
        expect(report.status).toBe('review_completed');
      }));

  it('PUT /api/polls/{id}/report/ with expert returns the report to the auditor', () =>
    interaction(
      POLL_STATES.supervisorWithComment,
      'a return of the report with a supervisor comment',
    )
      .put(pollPath('report/', 4), { status: 'expert' })
      .willRespondWith(200, (b) => b.jsonBody({ poll_id: integer(4), status: 'expert' }))
      .executeTest(async (mock) => {
        const report = await dataFrom(mock, decideReport, { pollId: 4, status: 'expert' });
        expect(report.status).toBe('expert');
      }));

  it('PUT …/report/ returning without a supervisor comment answers 400', () =>
    interaction(
      POLL_STATES.supervisorNoComment,
      'a return of the report without a supervisor comment',
    )
      .put(pollPath('report/', 3), { status: 'expert' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          nonFieldErrors('Add a supervisor comment before returning the report to the auditor.'),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, decideReport, { pollId: 3, status: 'expert' }))?.status).toBe(
          400,
        );
      }));

  it('PUT …/report/ approving a report without its summary answers 400 naming each', () =>
    interaction(POLL_STATES.supervisorNoSummary, 'an approval of a report without its summary')
      .put(pollPath('report/', 4), { status: 'review_completed' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors(REPORT_SUMMARY_RULES.approve)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, decideReport, {
          pollId: 4,
          status: 'review_completed',
        });
        expect(error?.status).toBe(400);
        expect(Object.keys(error?.data as object).sort()).toEqual(['risk_status', 'summary']);
      }));

  it('PUT …/report/ by the auditor answers 403', () =>
    interaction(
      POLL_STATES.auditorInReview,
      'an approval of the report by someone who may not approve',
    )
      .put(pollPath('report/', 4), { status: 'review_completed' })
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect(
          (await errorFrom(mock, decideReport, { pollId: 4, status: 'review_completed' }))?.status,
        ).toBe(403);
      }));

  it('POST /api/polls/{id}/report/comments/ adds a supervisor comment', () =>
    interaction(POLL_STATES.supervisorNoComment, 'a new supervisor comment')
      .post(pollPath('report/comments/', 3), {
        driver_id: null,
        text: 'Explain the open findings.',
      })
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...supervisorCommentShape, text: 'Explain the open findings.' }),
      )
      .executeTest(async (mock) => {
        const comment = await dataFrom(mock, surveyApi.endpoints.addSupervisorComment, {
          pollId: 3,
          driver_id: null,
          text: 'Explain the open findings.',
        });
        expect(comment.author.id).toBe(7);
      }));

  it('PATCH /api/polls/{id}/report/comments/{commentId}/ edits the comment', () =>
    interaction(POLL_STATES.supervisorWithComment, 'an edit of a supervisor comment')
      .patch(commentPath(), { text: 'Updated.' })
      .willRespondWith(200, (b) => b.jsonBody({ ...supervisorCommentShape, text: 'Updated.' }))
      .executeTest(async (mock) => {
        const comment = await dataFrom(mock, surveyApi.endpoints.editSupervisorComment, {
          pollId: 4,
          commentId: 1,
          text: 'Updated.',
        });
        expect(comment.text).toBe('Updated.');
      }));

  it('DELETE /api/polls/{id}/report/comments/{commentId}/ removes the comment', () =>
    interaction(POLL_STATES.supervisorWithComment, 'a removal of a supervisor comment')
      .delete(commentPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.deleteSupervisorComment, {
          pollId: 4,
          commentId: 1,
        });
        expect(error).toBeUndefined();
      }));

  it('GET /api/polls/{id}/outcomes/ lists the audit outcomes', () =>
    interaction(POLL_STATES.auditorAnswered, 'a request for the audit outcomes')
      .get(pollPath('outcomes/', 3))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(outcomeShape)))
      .executeTest(async (mock) => {
        const outcomes = await dataFrom(mock, surveyApi.endpoints.getOutcomes, 3);
        expect(outcomes[0]?.severity).toBe('minor');
      }));

  it('POST /api/polls/{id}/outcomes/ records an outcome', () => {
    const outcome = { title: 'No change log', severity: 'major', description: '' } as const;
    return interaction(POLL_STATES.auditorAnswered, 'a new audit outcome')
      .post(pollPath('outcomes/', 3), outcome)
      .willRespondWith(201, (b) =>
        b.jsonBody({ id: integer(9), ...outcome, owner: null, due_date: null, done_at: null }),
      )
      .executeTest(async (mock) => {
        const recorded = await dataFrom(mock, surveyApi.endpoints.addOutcome, {
          pollId: 3,
          ...outcome,
        });
        expect(recorded.severity).toBe('major');
      });
  });

  it('POST /api/polls/{id}/outcomes/ records a finding with its corrective action', () => {
    const outcome = {
      title: 'No change log',
      severity: 'major',
      description: '',
      owner_id: 2,
      due_date: '2026-12-15',
    } as const;
    return interaction(POLL_STATES.auditorAnswered, 'a new audit outcome with a corrective action')
      .post(pollPath('outcomes/', 3), { ...outcome, owner_id: stateId('ownerId', 2) })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          id: integer(9),
          title: outcome.title,
          severity: outcome.severity,
          description: outcome.description,
          owner: personShape(2, 'Priya Nair', 'pnair'),
          due_date: '2026-12-15',
          done_at: null,
        }),
      )
      .executeTest(async (mock) => {
        const recorded = await dataFrom(mock, surveyApi.endpoints.addOutcome, {
          pollId: 3,
          ...outcome,
        });
        expect(recorded.owner?.login).toBe('pnair');
      });
  });

  it('POST /api/polls/{id}/outcomes/ with an owner but no due date answers 400 on due_date', () => {
    const outcome = {
      title: 'No change log',
      severity: 'major',
      description: '',
      owner_id: 2,
      due_date: null,
    } as const;
    return interaction(POLL_STATES.auditorAnswered, 'a new audit outcome with half an action')
      .post(pollPath('outcomes/', 3), { ...outcome, owner_id: stateId('ownerId', 2) })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ due_date: OUTCOME_ACTION_ERRORS.due_date })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.addOutcome, {
          pollId: 3,
          ...outcome,
        });
        expect(error?.status).toBe(400);
      });
  });

  it('DELETE /api/polls/{id}/outcomes/{outcomeId}/ removes an outcome', () =>
    interaction(POLL_STATES.auditorAnswered, 'a removal of an audit outcome')
      .delete(statePath('/api/polls/${pollId}/outcomes/${outcomeId}/', { pollId: 3, outcomeId: 2 }))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, surveyApi.endpoints.deleteOutcome, {
          pollId: 3,
          outcomeId: 2,
        });
        expect(error).toBeUndefined();
      }));
});
