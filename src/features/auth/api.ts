import { baseApi } from '../../api/baseApi';
import type {
  CurrentUser,
  CurrentUserWithPlatform,
  FakeAuthRequest,
  FakeAuthResponse,
  PersonaSummary,
} from '../../api/contract/auth';
import { credentialsCleared, credentialsReceived } from '../../api/credentials';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/auth/self/`: the user; refetched to refresh the counters. */
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => '/api/auth/self/',
      providesTags: ['CurrentUser'],
      extraOptions: { silent: true },
    }),
    /** `GET /api/auth/self/?platform=true`: the user with their platform projects. */
    getCurrentUserWithPlatform: build.query<CurrentUserWithPlatform, void>({
      query: () => ({ url: '/api/auth/self/', params: { platform: 'true' } }),
      providesTags: ['CurrentUser'],
    }),
    /** `DELETE /api/auth/logout/`: revokes the session; the tokens go whatever the answer. */
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/auth/logout/', method: 'DELETE' }),
      extraOptions: { silent: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } finally {
          dispatch(credentialsCleared());
          dispatch(baseApi.util.resetApiState());
        }
      },
    }),
    /** Mock only: the personas of the fake-auth screen. */
    getPersonas: build.query<PersonaSummary[], void>({
      query: () => '/api/auth/personas/',
    }),
    /** Mock only: signs in as a persona, standing in for corporate SSO. */
    fakeAuth: build.mutation<FakeAuthResponse, FakeAuthRequest>({
      query: (body) => ({ url: '/api/auth/fake-auth/', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(baseApi.util.resetApiState());
        dispatch(credentialsReceived({ access: data.access, refresh: data.refresh }));
        dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
      },
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useGetCurrentUserWithPlatformQuery,
  useLogoutMutation,
  useGetPersonasQuery,
  useFakeAuthMutation,
} = authApi;
