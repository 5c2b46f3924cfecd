import { defineStates, id, missingId } from '../state';

/**
 * Targets (the card's Targets tab and the account's): a metric's planned value for a quarter and,
 * once known, the actual one. A project holds its own targets (kind project) and its account's
 * targets for it (kind account_project); an account its own (kind account).
 */
export const TARGET_STATES = defineStates({
  admin: {
    name: 'persona admin may change the targets of a project and of an account',
    persona: 'admin',
    needs:
      'A project with targets of kind project, at least one with an actual value and one without (actual null), among them a customer satisfaction target (metric csat) for 2026-Q4 with an actual value; no target of the project for team_attrition in 2027-Q1; at least one target of kind account_project of the project with an actual value. An account with targets of kind account, one with an actual value and one without; none of it for defect_leakage in 2027-Q1. Persona admin holds CAN_EDIT_TARGETS, CAN_EDIT_ACCOUNT_PROJECT_TARGETS and CAN_EDIT_ACCOUNT_TARGETS.',
    returns: {
      projectId: id('the project'),
      accountId: id('the account'),
      targetId: id('the csat target of the project for 2026-Q4'),
      accountTargetId: id('a target of the account with an actual value'),
      missingTargetId: missingId('target of the project'),
    },
  },
  pmReadOnly: {
    name: 'persona pm may view the targets of a project and of an account but not change them',
    persona: 'pm',
    needs:
      'A project and an account. Persona pm holds CAN_VIEW_PROJECT_CARD but neither CAN_EDIT_TARGETS nor CAN_EDIT_ACCOUNT_TARGETS.',
    returns: { projectId: id('the project'), accountId: id('the account') },
  },
});
