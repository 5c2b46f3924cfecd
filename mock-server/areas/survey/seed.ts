import type { Faker } from '@faker-js/faker';
import { FEEDBACK_INDICATORS } from '../../../src/api/contract/polls';
import type { ModelDef } from '../checks/pollModels';
import { questionsOf } from '../checks/questions';
import { DAY, iso, isoDate, past, SEED_NOW } from '../checks/seedClock';
import type { ChecksState, StoredParticipant, StoredPoll } from '../checks/state';
import type { StoredOutcome, SurveyState } from './state';

/**
 * The checks' answers, feedback and audit findings, seeded with the checks (areas/checks/seed.ts)
 * from the same faker, so that every record keeps its values.
 */

/** A participant's replies to the first `share` of their questions, each on a day after `from`. */
export function addReplies(
  state: SurveyState,
  faker: Faker,
  poll: StoredPoll,
  model: ModelDef,
  participant: StoredParticipant,
  share: number,
  from: number,
): void {
  const questions = questionsOf(poll, participant.role);
  const count = Math.round(questions.length * share);
  const answers = model.options.map((option) => option.value);
  for (const question of questions.slice(0, count)) {
    state.replies.push({
      id: state.replies.length + 1,
      poll_id: poll.id,
      question_id: question.id,
      user_id: participant.user_id,
      answer: faker.helpers.weightedArrayElement([
        { weight: 6, value: answers[0]! },
        { weight: 3, value: answers[1]! },
        { weight: 2, value: answers[2]! },
        { weight: 1, value: answers[3]! },
      ]),
      comment: faker.datatype.boolean(0.15) ? faker.helpers.arrayElement(REPLY_COMMENTS) : '',
      updated_at: iso(Math.max(from, past(from + faker.number.int({ min: 0, max: 10 }) * DAY))),
    });
  }
}

const REPLY_COMMENTS = [
  'Evidence is in the project wiki, updated last sprint.',
  'Agreed with the client in the last steering meeting.',
  'Only partly: the mobile team does not follow it yet.',
  'The new QC lead is setting this up this month.',
  'We rely on the client’s process here.',
  'Checked with the team lead; see the sprint review notes.',
];

/** Indicator feedback on some finished checks; the audits' findings and corrective actions. */
export function addFeedbackAndOutcomes(state: ChecksState & SurveyState, faker: Faker): void {
  for (const poll of state.polls.filter((candidate) => candidate.status === 'finished')) {
    if (!faker.datatype.boolean(0.4)) continue;
    state.feedback.push({
      id: state.feedback.length + 1,
      poll_id: poll.id,
      indicator: faker.helpers.arrayElement(FEEDBACK_INDICATORS),
      comment: faker.helpers.arrayElement([
        'The questions fitted the project well.',
        'Too long for a small project.',
        '',
      ]),
      type: 'survey',
      user_id: poll.participants[0]!.user_id,
      created_at: poll.finished_at ?? poll.created_at,
    });
  }
  const day = (at: string | null, days: number) => isoDate(Date.parse(at ?? '') + days * DAY);
  const add = (outcome: Omit<StoredOutcome, 'id'>) =>
    state.outcomes.push({ id: state.outcomes.length + 1, ...outcome });
  for (const poll of state.polls.filter((candidate) => candidate.type === 'audit_check')) {
    if (poll.status === 'new' || poll.status === 'canceled') continue;
    // An approved report's minor finding has a corrective action owned by the project manager,
    // due a month after the audit: done for every third of them.
    const approved = poll.status === 'review_completed';
    const pm = state.projectTeams.find((team) => team.project_id === poll.project_id)?.pm_id;
    const owned = approved && pm !== undefined;
    add({
      poll_id: poll.id,
      title: 'Risk register not reviewed monthly',
      severity: 'minor',
      description: 'Several risks had no update for more than six weeks.',
      owner_id: owned ? pm : null,
      due_date: owned ? day(poll.finished_at, 30) : null,
      // Done three weeks after the audit, for every third one that is three weeks old.
      done_at:
        owned && poll.id % 3 === 0 && Date.parse(poll.finished_at ?? '') + 21 * DAY < SEED_NOW
          ? `${day(poll.finished_at, 21)}T09:00:00.000Z`
          : null,
    });
  }
  // The canonical approved audit (check 10) adds a major finding whose action is overdue and an
  // observation that asks for nothing.
  const audit = state.polls[9]!;
  const pm = state.projectTeams.find((team) => team.project_id === audit.project_id)?.pm_id ?? null;
  add({
    poll_id: audit.id,
    title: 'No signed change requests for two scope changes',
    severity: 'major',
    description: 'The client asked for two reports in September; no change request was signed.',
    owner_id: pm,
    due_date: pm === null ? null : day(audit.finished_at, 14),
    done_at: null,
  });
  add({
    poll_id: audit.id,
    title: 'Lessons learned kept in the wiki',
    severity: 'observation',
    description: 'A good practice to share with the other projects of the account.',
    owner_id: null,
    due_date: null,
    done_at: null,
  });
}
