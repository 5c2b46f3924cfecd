import { defineStates } from '../state';

/** The one search of the header (`GET /api/search/?q=`). */
export const SEARCH_STATES = defineStates({
  adminFinds: {
    name: 'persona admin may find a project and a risk whose names share a word',
    persona: 'admin',
    needs:
      'A project and an open project risk of it whose name and statement both hold the word the state returns, so that a search for it finds a project and a risk.',
    returns: {
      word: { type: 'string', about: 'a word of the project’s name and of the risk’s statement' },
    },
  },
});
