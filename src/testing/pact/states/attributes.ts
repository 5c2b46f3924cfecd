import { defineStates, id, missingId } from '../state';

/** The attributes the interactions name by key, as the backend defines them. */
const CATALOGUE =
  'The backend defines the project attributes (every project has them all, each of type text, number, date, boolean or choice); among them: `main_technology` (text, at most 200 characters), `support_hours` (text, at most 50 characters), `offshore_share` (number from 0 to 100, whole, unit "%"), `agile` (boolean) and `delivery_model` (choice of at least `fixed_price` and `managed_service`).';

/** The project the Attributes tab interactions read and change. */
const PROFILED_PROJECT =
  'A project whose attributes are, as the project manager filled them in: `main_technology` filled and not validated; `support_hours` never filled (no value, nobody set it); `delivery_model` set to `fixed_price` and validated by another user; at least one number attribute with a unit and bounds that is validated; a date attribute, a boolean attribute (`agile`) and a choice attribute filled and not validated. Its profile validation is in progress, with a comment, changed by the project manager, and holds two files, one of them a PDF. Its open risks have open action items (at least one), each with a due date and an owner.';

/**
 * The card's Attributes and Action items tabs (spec §2 project card, §5 uploads, §6 project-data
 * flags): typed attributes and their validation, the profile validation status with its files,
 * the profile revenue sheet, and the open action items of a project's risks, issues and approved
 * audits.
 */
export const ATTRIBUTE_STATES = defineStates({
  adminProfiled: {
    name: 'persona admin may manage the attributes, the profile validation and the action items of a project',
    persona: 'admin',
    needs: `${CATALOGUE} ${PROFILED_PROJECT} Persona admin holds every project-data flag (CAN_EDIT_ATTRIBUTES, CAN_VALIDATE_ATTRIBUTES, CAN_EDIT_PROFILE_VALIDATION_STATUS, CAN_UPLOAD_PROFILE_REVENUE, CAN_RESOLVE_ACTION_PLAN).`,
    returns: {
      projectId: id('the project'),
      fileId: id('the PDF file of its profile validation'),
      itemId: id('an open action item of one of its open risks'),
      missingProjectId: missingId('project'),
      missingItemId: missingId('action item'),
    },
  },
  pmFills: {
    name: 'persona pm may fill the attributes of a project but not validate or edit validated ones',
    persona: 'pm',
    needs: `${CATALOGUE} ${PROFILED_PROJECT} Persona pm is its project manager and holds CAN_VIEW_PROJECT_CARD and CAN_FILL_PROJECT_ATTRIBUTES, but neither CAN_EDIT_ATTRIBUTES, CAN_VALIDATE_ATTRIBUTES, CAN_EDIT_PROFILE_VALIDATION_STATUS, CAN_UPLOAD_PROFILE_REVENUE nor CAN_RESOLVE_ACTION_PLAN.`,
    returns: {
      projectId: id('the project'),
      itemId: id('an open action item of one of its open risks'),
    },
  },
  adminUnprofiled: {
    name: 'persona admin may see a project whose profile validation has not started and whose open action item has no due date',
    persona: 'admin',
    needs:
      'A project nobody has started the profile validation of (no status, comment or file ever set), with one open risk that has exactly one open action item, owned by a user and without a due date, and no approved audit.',
    returns: { projectId: id('the project') },
  },
  adminApprovedAudit: {
    name: 'persona admin is signed in and a project has an approved audit with open corrective actions',
    persona: 'admin',
    needs:
      'A project without open risk or issue action items, with an audit check in status review_completed (its report approved) whose findings have corrective actions owned by a user, with a due date and not done. Persona admin holds CAN_VIEW_POLL_OUTCOMES and CAN_RESOLVE_ACTION_PLAN.',
    returns: {
      projectId: id('the project'),
      outcomeId: id('a finding of the approved audit whose corrective action is open'),
    },
  },
  adminApprovedAuditDone: {
    name: "persona admin is signed in and a corrective action of a project's approved audit is done",
    persona: 'admin',
    needs:
      'A project with an audit check in status review_completed (its report approved) and a finding of it whose corrective action, owned by a user, is done already.',
    returns: {
      projectId: id('the project'),
      outcomeId: id('the finding whose corrective action is done'),
    },
  },
});
