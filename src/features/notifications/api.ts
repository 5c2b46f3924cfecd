import { baseApi } from '../../api/baseApi';
import type {
  ActionRequest,
  ActionRequestDecisionRequest,
  ActionRequestListParams,
} from '../../api/contract/actionRequests';
import type { Paginated } from '../../api/contract/drf';

export const actionRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/risk-action-requests/`: the user's requests, newest first. */
    getActionRequests: build.query<Paginated<ActionRequest>, ActionRequestListParams>({
      query: (params) => ({ url: '/api/risk-action-requests/', params }),
      providesTags: (page) => [
        { type: 'ActionRequest', id: 'LIST' },
        ...(page?.results ?? []).map(({ id }) => ({ type: 'ActionRequest' as const, id })),
      ],
    }),
    /** `POST /api/risk-action-requests/{id}/decision/`: accepted or rejected; the count follows. */
    decideActionRequest: build.mutation<
      ActionRequest,
      ActionRequestDecisionRequest & { id: number }
    >({
      query: ({ id, ...body }) => ({
        url: `/api/risk-action-requests/${id}/decision/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'ActionRequest', id: 'LIST' },
        { type: 'ActionRequest', id },
        'CurrentUser',
      ],
    }),
  }),
});

export const { useGetActionRequestsQuery, useDecideActionRequestMutation } = actionRequestsApi;
