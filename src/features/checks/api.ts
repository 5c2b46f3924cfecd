import { baseApi } from '../../api/baseApi';
import { idTag, invalidatesOnSuccess, listTag, listTags } from '../../api/tags';
import type { ProjectListItem } from '../../api/contract/directory';
import type { Paginated } from '../../api/contract/drf';
import type {
  AssignExpertRequest,
  CancelPollRequest,
  CreatePollRequest,
  ExtensionRequest,
  MarkInvalidRequest,
  Poll,
  PollListItem,
  PollListQuery,
  PollModelInfo,
  UserIdRequest,
  UserListItem,
} from '../../api/contract/polls';

type PollAction<Body> = Body & { pollId: number };

export const checksApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /**
     * A check action: POST (or PATCH) on the poll, answering the updated poll; on success the
     * poll, the list and the drivers refetch.
     */
    const pollAction = <Body extends object>(path: string, method: 'POST' | 'PATCH' = 'POST') =>
      build.mutation<Poll, PollAction<Body>>({
        query: ({ pollId, ...body }) => ({ url: `/api/polls/${pollId}/${path}/`, method, body }),
        invalidatesTags: invalidatesOnSuccess(({ pollId }) => [
          idTag('Poll', pollId),
          listTag('Poll'),
          'Driver',
        ]),
      });
    return {
      /** `GET /api/polls/`: the checks the user may see, paged, filtered and ordered. */
      getPolls: build.query<Paginated<PollListItem>, PollListQuery>({
        query: (params) => ({ url: '/api/polls/', params }),
        providesTags: (page) => listTags('Poll', page?.results),
      }),
      /** `GET /api/polls/{id}/`: 403 and 404 make the not-found state, silently. */
      getPoll: build.query<Poll, number>({
        query: (pollId) => `/api/polls/${pollId}/`,
        providesTags: (_poll, _error, pollId) => [idTag('Poll', pollId)],
      }),
      getPollModels: build.query<PollModelInfo[], void>({
        query: () => '/api/poll-models/',
        keepUnusedDataFor: 600,
      }),
      searchUsers: build.query<Paginated<UserListItem>, string>({
        query: (search) => ({ url: '/api/users/', params: { search, page_size: 20 } }),
      }),
      /** `GET /api/projects/?search=`: projects to configure a check for. */
      searchProjects: build.query<Paginated<ProjectListItem>, string>({
        query: (search) => ({ url: '/api/projects/', params: { search, page_size: 20 } }),
      }),
      createPoll: build.mutation<Poll, CreatePollRequest>({
        query: (body) => ({ url: '/api/polls/', method: 'POST', body }),
        invalidatesTags: invalidatesOnSuccess([listTag('Poll'), 'CurrentUser']),
      }),
      startPoll: pollAction<object>('start'),
      cancelPoll: pollAction<CancelPollRequest>('cancel'),
      assignExpert: pollAction<AssignExpertRequest>('experts'),
      setQcOwnership: pollAction<UserIdRequest>('qc-ownership'),
      markInvalid: pollAction<MarkInvalidRequest>('mark-invalid'),
      changeMainExpert: pollAction<UserIdRequest>('main-expert', 'PATCH'),
      addExtension: pollAction<ExtensionRequest>('extensions'),
    };
  },
});

export const {
  useGetPollsQuery,
  useGetPollQuery,
  useGetPollModelsQuery,
  useSearchUsersQuery,
  useSearchProjectsQuery,
  useCreatePollMutation,
  useStartPollMutation,
  useCancelPollMutation,
  useAssignExpertMutation,
  useSetQcOwnershipMutation,
  useMarkInvalidMutation,
  useChangeMainExpertMutation,
  useAddExtensionMutation,
} = checksApi;
