import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { driversOf, participantOf } from '../../mock-server/polls/view';
import { questionsOf } from '../../mock-server/polls/questions';
import { mutate, resetDb } from '../../mock-server/store/db';
import { ACTION_REQUEST_STATES, POLL_STATES, STATES } from '../../src/testing/pact/states';
import { projectStateHandlers } from './projectStates';
import { accountStateHandlers } from './accountStates';
import { agreementStateHandlers } from './agreementStates';
import { raciStateHandlers } from './raciStates';
import { attributeStateHandlers } from './attributeStates';
import { riskStateHandlers } from './riskStates';
import { teamStateHandlers } from './teamStates';
import { targetStateHandlers } from './targetStates';
import { genAiStateHandlers } from './genAiStates';
import { toolStateHandlers } from './toolStates';
import { placementStateHandlers } from './placementStates';
import { caseStudyStateHandlers } from './caseStudyStates';
import { dexSetupStateHandlers } from './dexSetupStates';
import { metricsStateHandlers } from './metricsStates';
import { approvalStateHandlers } from './approvalStates';
import { iso9001StateHandlers } from './iso9001States';
import { plannerStateHandlers } from './plannerStates';
import { checklistStateHandlers } from './checklistStates';
import { checkViewStateHandlers } from './checkViewStates';
import { dashboardStateHandlers } from './dashboardStates';
import { compareStateHandlers } from './compareStates';
import { reportStateHandlers } from './reportStates';

/**
 * Provider states of the mock backend: each resets the store to the fixtures and mints the
 * tokens the interaction's request needs (injected through `fromProviderState`).
 */
export function mockStateHandlers(app: MockApp): NonNullable<VerifierOptions['stateHandlers']> {
  const { db, tokens, scenarios } = app.mock;

  async function signIn(personaId: string) {
    resetDb(db);
    app.mock.attachments.clear();
    scenarios.clear();
    const persona = findPersona(personaId);
    if (!persona) throw new Error(`Unknown persona in a provider state: ${personaId}`);
    const valid = await tokens.issuePair(persona.userId, persona.id);
    const expired = await tokens.issueExpiredPair(persona.userId, persona.id);
    return { valid, expired };
  }

  function requestOf(personaId: string, status: 'pending' | 'rejected'): number {
    const userId = findPersona(personaId)?.userId;
    const found = db
      .getState()
      .actionRequests.find((item) => item.recipient.id === userId && item.status === status);
    if (!found) throw new Error(`The fixtures hold no ${status} action request of ${personaId}`);
    return found.id;
  }

  const pollOf = (id: number) => {
    const poll = db.getState().polls.find((candidate) => candidate.id === id);
    if (!poll) throw new Error(`The fixtures hold no poll ${id}`);
    return poll;
  };
  /** The user's questions in the poll; `answered` picks those with or without an answer. */
  const questionOf = (pollId: number, personaId: string, answered: boolean) => {
    const userId = findPersona(personaId)!.userId;
    const poll = pollOf(pollId);
    const replies = db.getState().replies;
    const question = questionsOf(poll, participantOf(poll, userId)!.role).find(
      ({ id }) =>
        replies.some(
          (reply) =>
            reply.poll_id === pollId &&
            reply.question_id === id &&
            reply.user_id === userId &&
            reply.answer !== null,
        ) === answered,
    );
    if (!question)
      throw new Error(`No ${answered ? 'answered' : 'open'} question in poll ${pollId}`);
    return question.id;
  };
  /** Signs the persona in on the fixtures, applies `change`, returns the token and the poll id. */
  const pollState =
    (personaId: string, pollId: number, extra: () => Record<string, unknown> = () => ({})) =>
    async () => {
      const { valid } = await signIn(personaId);
      return { accessToken: valid.access, pollId, ...extra() };
    };

  const pollStates: NonNullable<VerifierOptions['stateHandlers']> = {
    [POLL_STATES.pmAnswers]: pollState('pm', 1, () => ({
      driverId: driversOf(pollOf(1))[0]!.id,
      questionId: questionOf(1, 'pm', false),
    })),
    [POLL_STATES.pmAnsweredAll]: async () => {
      const { valid } = await signIn('pm');
      const poll = pollOf(1);
      mutate(db, (state) => {
        for (const question of questionsOf(poll, 'pm')) {
          const reply = state.replies.find(
            (r) => r.poll_id === 1 && r.question_id === question.id && r.user_id === 2,
          );
          if (reply) reply.answer = 'yes';
          else
            state.replies.push({
              id: state.replies.length + 1000,
              poll_id: 1,
              question_id: question.id,
              user_id: 2,
              answer: 'yes',
              comment: '',
              updated_at: new Date().toISOString(),
            });
        }
      });
      return { accessToken: valid.access, pollId: 1 };
    },
    [POLL_STATES.pmFinished]: pollState('pm', 8, () => ({ questionId: questionOf(8, 'pm', true) })),
    [POLL_STATES.pmHiddenAudit]: pollState('pm', 3),
    [POLL_STATES.mainExpertLeads]: pollState('main_expert', 2),
    [POLL_STATES.auditorAnswered]: pollState('auditor', 3, () => ({
      outcomeId: db.getState().outcomes.find((outcome) => outcome.poll_id === 3)!.id,
    })),
    [POLL_STATES.supervisorNoComment]: async () => {
      const { valid } = await signIn('supervisor');
      mutate(db, () => {
        const poll = pollOf(3);
        poll.status = 'supervisor_review';
        for (const participant of poll.participants) participant.submitted = true;
      });
      return { accessToken: valid.access, pollId: 3 };
    },
    [POLL_STATES.supervisorWithComment]: pollState('supervisor', 4, () => ({
      commentId: db.getState().supervisorComments.find((comment) => comment.poll_id === 4)!.id,
    })),
    [POLL_STATES.auditorInReview]: pollState('auditor', 4),
    [POLL_STATES.adminNewCheck]: pollState('admin', 6),
  };

  return {
    ...pollStates,
    ...riskStateHandlers(app, signIn),
    ...projectStateHandlers(app, signIn),
    ...accountStateHandlers(app, signIn),
    ...teamStateHandlers(app, signIn),
    ...raciStateHandlers(app, signIn),
    ...targetStateHandlers(app, signIn),
    ...genAiStateHandlers(app, signIn),
    ...toolStateHandlers(app, signIn),
    ...placementStateHandlers(app, signIn),
    ...caseStudyStateHandlers(app, signIn),
    ...dexSetupStateHandlers(app, signIn),
    ...approvalStateHandlers(app, signIn),
    ...iso9001StateHandlers(app, signIn),
    ...agreementStateHandlers(app, signIn),
    ...metricsStateHandlers(app, signIn),
    ...attributeStateHandlers(app, signIn),
    ...plannerStateHandlers(app, signIn),
    ...checklistStateHandlers(app, signIn),
    ...checkViewStateHandlers(signIn),
    ...dashboardStateHandlers(app, signIn),
    ...compareStateHandlers(signIn),
    ...reportStateHandlers(signIn),
    [STATES.signedIn]: async () => {
      const { valid, expired } = await signIn('admin');
      return {
        accessToken: valid.access,
        refreshToken: valid.refresh,
        expiredAccessToken: expired.access,
      };
    },
    [STATES.accessExpired]: async () => {
      const { valid, expired } = await signIn('admin');
      return { expiredAccessToken: expired.access, refreshToken: valid.refresh };
    },
    [ACTION_REQUEST_STATES.pending]: async () => {
      const { valid } = await signIn('admin');
      return { accessToken: valid.access, requestId: requestOf('admin', 'pending') };
    },
    [ACTION_REQUEST_STATES.decided]: async () => {
      const { valid } = await signIn('admin');
      return { accessToken: valid.access, requestId: requestOf('admin', 'rejected') };
    },
    [STATES.refreshExpired]: async () => {
      const { expired } = await signIn('admin');
      return { expiredAccessToken: expired.access, refreshToken: expired.refresh };
    },
  };
}
