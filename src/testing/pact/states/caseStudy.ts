import { defineStates, id, missingId } from '../state';

/**
 * The card's Case study: at most one per project, moved draft → in_review → published (and back
 * to draft); publishing needs the client's permission (publish_permission yes).
 */
export const CASE_STUDY_STATES = defineStates({
  pmEdits: {
    name: 'persona pm may edit the case study of a project',
    persona: 'pm',
    needs:
      'A project whose case study is as the parameter `study` says, created by persona pm; a project id that no project has. Persona pm holds CAN_VIEW_CASE_STUDY and CAN_EDIT_CASE_STUDY.',
    params: {
      study: {
        type: 'string',
        about:
          'the project’s case study: `published`: published, its client’s permission given (publish_permission yes, permission_given_by and permission_given_on set, published_at set); `in_review`: in review, the client’s answer pending (publish_permission pending, permission_given_by empty, permission_given_on and published_at null); `none`: the project has no case study',
        values: ['published', 'in_review', 'none'],
      },
    },
    returns: {
      projectId: id('the project'),
      missingProjectId: missingId('project'),
    },
  },
  qclViews: {
    name: 'persona qcl may view the case study of a project but not start or edit one',
    persona: 'qcl',
    needs:
      'A project without a case study. Persona qcl holds CAN_VIEW_CASE_STUDY but not CAN_EDIT_CASE_STUDY.',
    returns: { projectId: id('the project') },
  },
});
