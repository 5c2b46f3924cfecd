import { defineStates, id } from '../state';

/** The signed-in user and the session (spec §7 auth, banner and statistics calls). */
export const STATES = defineStates({
  signedIn: {
    name: 'persona admin is signed in',
    persona: 'admin',
    needs:
      'The user of persona admin, holding every permission string of the product, with at least one platform project (a project its platform view lists, `?platform=true`), a refresh token, and an access token that has already expired beside a valid one.',
    returns: {
      refreshToken: { type: 'string', about: 'a valid refresh token of the persona' },
      expiredAccessToken: {
        type: 'string',
        about: 'an access token of the persona whose `exp` has passed (the API answers 401)',
      },
    },
  },
  signedInWithProject: {
    name: 'persona admin is signed in and a project exists',
    persona: 'admin',
    needs: 'The user of persona admin and one project the user may see.',
    returns: { projectId: id('the project') },
  },
  accessExpired: {
    name: 'persona admin is signed in and the access token has expired',
    persona: 'admin',
    needs: 'The user of persona admin with a valid refresh token and an expired access token.',
    returns: {
      expiredAccessToken: {
        type: 'string',
        about: 'an access token of the persona whose `exp` has passed (the API answers 401)',
      },
      refreshToken: { type: 'string', about: 'a valid refresh token of the persona' },
    },
  },
  refreshExpired: {
    name: 'the refresh token of persona admin has expired',
    persona: 'admin',
    needs:
      'The user of persona admin whose access token and refresh token have both expired (the refresh call answers 401).',
    returns: {
      expiredAccessToken: {
        type: 'string',
        about: 'an access token of the persona whose `exp` has passed',
      },
      refreshToken: {
        type: 'string',
        about: 'a refresh token of the persona whose `exp` has passed',
      },
    },
  },
});
