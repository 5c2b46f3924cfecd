import { baseApi } from '../../api/baseApi';
import type {
  AccountDetail,
  AccountHistoryEntry,
  AccountListQuery,
  AccountRow,
  AddExtraAssistantRequest,
  BusinessLineDetail,
  BusinessLineRef,
  BusinessSegmentDetail,
} from '../../api/contract/accounts';
import type { Paginated } from '../../api/contract/drf';
import type { NamedRef } from '../../api/contract/risks';
import { idTag, invalidatesOnSuccess, listTag } from '../../api/tags';

/** What a change of an account's assistants makes stale: the account and its history. */
const accountChanged = ({ accountId }: { accountId: number }) => [
  idTag('Account', accountId),
  idTag('AccountHistory', accountId),
];

export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/accounts/overview/`: the accounts list, searched, filtered, ordered and paged. */
    getAccounts: build.query<Paginated<AccountRow>, AccountListQuery>({
      query: (params) => ({ url: '/api/accounts/overview/', params }),
      providesTags: [listTag('Account')],
    }),
    /** `GET /api/accounts/{id}/details/`: the account page. */
    getAccount: build.query<AccountDetail, number>({
      query: (id) => ({ url: `/api/accounts/${id}/details/` }),
      providesTags: (_account, _error, id) => [idTag('Account', id)],
    }),
    /** `GET /api/accounts/{id}/history/`: the changes made on the account page, newest first. */
    getAccountHistory: build.query<AccountHistoryEntry[], number>({
      query: (id) => ({ url: `/api/accounts/${id}/history/` }),
      providesTags: (_entries, _error, id) => [idTag('AccountHistory', id)],
    }),
    /** `POST /api/accounts/{id}/extra-assistants/`: answers the account with the new list. */
    addExtraAssistant: build.mutation<
      AccountDetail,
      AddExtraAssistantRequest & { accountId: number }
    >({
      query: ({ accountId, ...body }) => ({
        url: `/api/accounts/${accountId}/extra-assistants/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(accountChanged),
    }),
    /** `DELETE /api/accounts/{id}/extra-assistants/{userId}/` (204). */
    removeExtraAssistant: build.mutation<void, { accountId: number; userId: number }>({
      query: ({ accountId, userId }) => ({
        url: `/api/accounts/${accountId}/extra-assistants/${userId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(accountChanged),
    }),
    /** `GET /api/business-segments/`: the segments, for the filters of the list. */
    getBusinessSegments: build.query<NamedRef[], void>({
      query: () => ({ url: '/api/business-segments/' }),
      providesTags: [listTag('BusinessSegment')],
      keepUnusedDataFor: 600,
    }),
    /** `GET /api/business-lines/`: the lines with their segment, for the filters of the list. */
    getBusinessLines: build.query<BusinessLineRef[], void>({
      query: () => ({ url: '/api/business-lines/' }),
      providesTags: [listTag('BusinessLine')],
      keepUnusedDataFor: 600,
    }),
    /** `GET /api/business-lines/{id}/`: the page of a business line. */
    getBusinessLine: build.query<BusinessLineDetail, number>({
      query: (id) => ({ url: `/api/business-lines/${id}/` }),
      providesTags: (_line, _error, id) => [idTag('BusinessLine', id)],
    }),
    /** `GET /api/business-segments/{id}/`: the page of a business segment. */
    getBusinessSegment: build.query<BusinessSegmentDetail, number>({
      query: (id) => ({ url: `/api/business-segments/${id}/` }),
      providesTags: (_segment, _error, id) => [idTag('BusinessSegment', id)],
    }),
  }),
});

export const {
  useGetAccountsQuery,
  useGetAccountQuery,
  useGetAccountHistoryQuery,
  useAddExtraAssistantMutation,
  useRemoveExtraAssistantMutation,
  useGetBusinessSegmentsQuery,
  useGetBusinessLinesQuery,
  useGetBusinessLineQuery,
  useGetBusinessSegmentQuery,
} = accountsApi;
