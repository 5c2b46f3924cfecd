import type { RespondentRole } from '../../../src/api/contract/polls';
import type { ParticipantRole, StoredPoll } from './state';
import { modelOf, type ModelQuestion } from './pollModels';

/** The respondent role whose questions a participant answers. */
export function respondentRole(role: ParticipantRole): RespondentRole {
  if (role === 'pm' || role === 'qcl') return role;
  return 'exp';
}

/** The drivers a check asks: its custom configuration's, else every driver of the model. */
export function driversOf(poll: Pick<StoredPoll, 'model' | 'custom_check_config'>) {
  const model = modelOf(poll.model);
  const chosen = poll.custom_check_config?.drivers;
  return chosen ? model.drivers.filter((driver) => chosen.includes(driver.slug)) : model.drivers;
}

/** A participant's questions in the check, in driver order. */
export function questionsOf(
  poll: Pick<StoredPoll, 'model' | 'custom_check_config'>,
  role: ParticipantRole,
): ModelQuestion[] {
  const respondent = respondentRole(role);
  return driversOf(poll).flatMap((driver) =>
    driver.questions.filter((question) => question.roles.includes(respondent)),
  );
}
