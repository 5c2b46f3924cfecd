import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import type { StoredPoll } from './state';
import type { SummarySections } from '../../../src/api/contract/polls';
import { driversOf, questionsOf, respondentRole } from './questions';
import { participantOf } from './model';
import { nextId } from '../../lib/ids';
import { nowIso } from '../../lib/clock';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { POLL_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' checks these states stand on (fixtures/ and mock-server/areas/checks/seed.ts). */
const SELF_CHECK = 1;
const EXPERT_PHASE = 2;
const AUDIT_ANSWERED = 3;
const AUDIT_IN_REVIEW = 4;
const NEW_HEALTH_CHECK = 6;
const FINISHED_HEALTH_CHECK = 8;

const AUDIT_SUMMARY: SummarySections = {
  risk_status: 'Two open findings, none blocking.',
  summary: 'The project follows the audited practices.',
};

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The check and poll states of the mock backend, on the fixtures' checks. */
export function pollStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const pollOf = (state: MockState, id: number): StoredPoll => {
    const poll = state.polls.find((candidate) => candidate.id === id);
    if (!poll) throw new Error(`The fixtures hold no check ${id}`);
    return poll;
  };

  /** Sets the persona's answers to the driver's questions: all of them, or none. */
  const answerDriver = (pollId: number, personaId: string, slug: string, answered: boolean) =>
    mutate(db, (state) => {
      const poll = pollOf(state, pollId);
      const userId = userOf(personaId);
      const role = respondentRole(participantOf(poll, userId)!.role);
      const driver = driversOf(poll).find((candidate) => candidate.slug === slug)!;
      for (const question of driver.questions.filter((item) => item.roles.includes(role))) {
        const reply = state.replies.find(
          (item) =>
            item.poll_id === pollId && item.question_id === question.id && item.user_id === userId,
        );
        const answer = answered ? 'yes' : null;
        if (reply) reply.answer = answer;
        else if (answered)
          state.replies.push({
            id: nextId(state.replies),
            poll_id: pollId,
            question_id: question.id,
            user_id: userId,
            answer,
            comment: '',
            updated_at: nowIso(),
          });
      }
    });

  /** The audit's report summary (its experts' summary), written or emptied. */
  const writeSummary = (pollId: number, summary: SummarySections) =>
    mutate(db, (state) => {
      pollOf(state, pollId).experts_summary = { ...summary };
    });

  /** The persona's questions of the check, answered or not. */
  const questionsAnswered = (pollId: number, personaId: string, answered: boolean) => {
    const state = db.getState();
    const poll = pollOf(state, pollId);
    const userId = userOf(personaId);
    return questionsOf(poll, participantOf(poll, userId)!.role).filter(
      ({ id }) =>
        state.replies.some(
          (reply) =>
            reply.poll_id === pollId &&
            reply.question_id === id &&
            reply.user_id === userId &&
            reply.answer !== null,
        ) === answered,
    );
  };

  return handlersFor(POLL_STATES, signIn, {
    pmAnswers: () => {
      const drivers = driversOf(pollOf(db.getState(), SELF_CHECK));
      const [answered, open] = [drivers[0]!, drivers[drivers.length - 1]!];
      answerDriver(SELF_CHECK, 'pm', answered.slug, true);
      answerDriver(SELF_CHECK, 'pm', open.slug, false);
      return {
        pollId: SELF_CHECK,
        driverId: answered.id,
        openDriverId: open.id,
        questionId: questionsAnswered(SELF_CHECK, 'pm', false)[0]!.id,
      };
    },
    pmAnsweredAll: () => {
      for (const driver of driversOf(pollOf(db.getState(), SELF_CHECK)))
        answerDriver(SELF_CHECK, 'pm', driver.slug, true);
      return { pollId: SELF_CHECK };
    },
    pmFinished: () => {
      mutate(db, (state) => {
        state.feedback = state.feedback.filter((item) => item.poll_id !== FINISHED_HEALTH_CHECK);
        state.feedback.push({
          id: nextId(state.feedback),
          poll_id: FINISHED_HEALTH_CHECK,
          indicator: 'positive',
          comment: 'The questions fitted the project well.',
          type: 'survey',
          user_id: userOf('pm'),
          created_at: nowIso(),
        });
      });
      return {
        pollId: FINISHED_HEALTH_CHECK,
        questionId: questionsAnswered(FINISHED_HEALTH_CHECK, 'pm', true)[0]!.id,
      };
    },
    pmHiddenAudit: () => ({ pollId: AUDIT_ANSWERED }),
    mainExpertLeads: () => ({ pollId: EXPERT_PHASE }),
    auditorAnswered: () => {
      writeSummary(AUDIT_ANSWERED, AUDIT_SUMMARY);
      const state = db.getState();
      return {
        pollId: AUDIT_ANSWERED,
        outcomeId: state.outcomes.find((outcome) => outcome.poll_id === AUDIT_ANSWERED)!.id,
        ownerId: userOf('pm'),
      };
    },
    auditorNoSummary: () => {
      writeSummary(AUDIT_ANSWERED, { risk_status: '', summary: '' });
      return { pollId: AUDIT_ANSWERED };
    },
    supervisorNoSummary: () => {
      writeSummary(AUDIT_IN_REVIEW, { risk_status: '', summary: '' });
      return { pollId: AUDIT_IN_REVIEW };
    },
    supervisorNoComment: () => {
      mutate(db, (state) => {
        const poll = pollOf(state, AUDIT_ANSWERED);
        poll.status = 'supervisor_review';
        for (const participant of poll.participants) participant.submitted = true;
      });
      return { pollId: AUDIT_ANSWERED };
    },
    supervisorWithComment: () => {
      writeSummary(AUDIT_IN_REVIEW, AUDIT_SUMMARY);
      return {
        pollId: AUDIT_IN_REVIEW,
        commentId: db
          .getState()
          .supervisorComments.find((comment) => comment.poll_id === AUDIT_IN_REVIEW)!.id,
      };
    },
    auditorInReview: () => ({ pollId: AUDIT_IN_REVIEW }),
    adminNewCheck: () => ({
      pollId: NEW_HEALTH_CHECK,
      expertId: 101,
      mainExpertId: userOf('expert'),
      qcOwnerId: userOf('qcl'),
    }),
    adminManyHealthChecks: () => ({}),
    adminCreatesCheck: () => ({ projectId: 20, mainExpertId: userOf('main_expert') }),
    adminSearches: () => ({ userSearch: 'chen', projectSearch: 'Handmade Ball panel' }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = pollStateHandlers;
