import { defineStates, id, missingId } from '../state';

/**
 * Security commitments of a project (the card's Security commitments tab): open, in progress or
 * done, each with an owner and a due date; a suggestion (state suggested) waits for its owner to
 * accept it (it opens) or decline it.
 */
export const COMMITMENT_STATES = defineStates({
  admin: {
    name: 'persona admin may change the security commitments of a project and owns a suggestion of it',
    persona: 'admin',
    needs:
      'A project with security commitments: an open one owned by persona pm, not suggested by anyone (suggested_by null); a suggestion (state suggested) owned by persona admin and suggested by another user; a suggestion owned by persona pm and suggested by another user. Another user who may own a commitment. Persona admin holds CAN_EDIT_COMMITMENTS.',
    returns: {
      projectId: id('the project'),
      commitmentId: id('the open commitment owned by persona pm'),
      suggestionId: id('the suggestion owned by persona admin'),
      pmSuggestionId: id('the suggestion owned by persona pm'),
      ownerId: id('a user who may own a commitment'),
      missingOwnerId: missingId('user'),
      missingCommitmentId: missingId('security commitment of the project'),
    },
  },
  qcl: {
    name: 'persona qcl may suggest security commitments of a project but not add them',
    persona: 'qcl',
    needs:
      'A project, and a user who may own a commitment. Persona qcl holds CAN_SUGGEST_COMMITMENTS but not CAN_EDIT_COMMITMENTS.',
    returns: { projectId: id('the project'), ownerId: id('a user who may own a commitment') },
  },
  pm: {
    name: 'persona pm owns an open security commitment of a project',
    persona: 'pm',
    needs: 'A project with an open security commitment owned by persona pm.',
    returns: {
      projectId: id('the project'),
      commitmentId: id('the open commitment owned by persona pm'),
    },
  },
});
