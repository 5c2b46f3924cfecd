import { baseApi } from '../../api/baseApi';
import { idTag, invalidatesOnSuccess, listTag, listTags } from '../../api/tags';
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
      providesTags: (page) => listTags('ActionRequest', page?.results),
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
      invalidatesTags: invalidatesOnSuccess(({ id }) => [
        listTag('ActionRequest'),
        idTag('ActionRequest', id),
        'CurrentUser',
      ]),
    }),
  }),
});

export const { useGetActionRequestsQuery, useDecideActionRequestMutation } = actionRequestsApi;
