import { defineStates, id, missingId } from '../state';

/** The links both states stand on. */
const PLACED_PROJECT =
  'A project in a programme of its account (the programme catalogue holds it), with at least one sub-project (a project whose parent it is), at least one other project in the same programme, at least one related project, and dependencies both ways: at least one project depends on it (a dependency with a due date) and it depends on at least one project without a due date (due_date null). Another project of the same account linked to it in no way (neither its parent, a sub-project, related nor in a dependency with it).';

/**
 * The card's Project portfolio tab: a project's programme, its parent and sub-projects, the
 * projects related to it and the dependencies between it and others (both ways).
 */
export const PLACEMENT_STATES = defineStates({
  admin: {
    name: 'persona admin may change the portfolio links of a project in a programme',
    persona: 'admin',
    needs: `${PLACED_PROJECT} Persona admin holds CAN_EDIT_PROJECT_CARD.`,
    returns: {
      projectId: id('the project'),
      programmeId: id('a programme of the project’s account'),
      relatedId: id('a project related to the project'),
      freeProjectId: id('the project of the same account linked to it in no way'),
      dependencyId: id('a dependency of another project on the project'),
      missingDependencyId: missingId('dependency'),
    },
  },
  pm: {
    name: 'persona pm may view the portfolio links of a project in a programme but not change them',
    persona: 'pm',
    needs: `${PLACED_PROJECT} Persona pm holds CAN_VIEW_PROJECT_CARD but not CAN_EDIT_PROJECT_CARD.`,
    returns: {
      projectId: id('the project'),
      freeProjectId: id('the project of the same account linked to it in no way'),
    },
  },
});
