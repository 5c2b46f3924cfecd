import { baseApi } from '../../api/baseApi';
import type {
  ActualRiskiness,
  ActualRiskinessRequest,
  DashboardAccountDetail,
  DashboardQuery,
  DashboardResponse,
  ScoreExplanation,
  ScoreKind,
} from '../../api/contract/dashboard';
import { idTag, invalidatesOnSuccess, listTag, type Tag } from '../../api/tags';

/**
 * The scores are computed from live risks, issues, action items and audit findings: any change to
 * those makes every dashboard answer stale.
 */
const LIVE_SOURCES: Tag[] = [
  listTag('Dashboard'),
  listTag('Risk'),
  listTag('ActionItem'),
  listTag('Outcome'),
];

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/dashboard/`: the accounts the filters keep, their distribution and trend. */
    getDashboard: build.query<DashboardResponse, DashboardQuery>({
      query: (params) => ({ url: '/api/dashboard/', params }),
      providesTags: LIVE_SOURCES,
    }),
    /** `GET /api/dashboard/accounts/{id}/`: one account's scores, projects, heat map, changes. */
    getDashboardAccount: build.query<DashboardAccountDetail, number>({
      query: (accountId) => `/api/dashboard/accounts/${accountId}/`,
      providesTags: (_detail, _error, accountId) => [
        ...LIVE_SOURCES,
        idTag('Dashboard', accountId),
      ],
    }),
    /** `GET /api/dashboard/accounts/{id}/riskiness/` or `…/issueness/`: a score explained. */
    getScoreExplanation: build.query<ScoreExplanation, { accountId: number; kind: ScoreKind }>({
      query: ({ accountId, kind }) => `/api/dashboard/accounts/${accountId}/${kind}/`,
      providesTags: (explanation, _error, { accountId }) => [
        ...LIVE_SOURCES,
        idTag('Dashboard', accountId),
        // An action item ticked done is tagged by its own id only (risks/api.ts).
        ...(explanation?.contributors ?? [])
          .filter((contributor) => contributor.type === 'action_item')
          .map((contributor) => idTag('ActionItem', contributor.id)),
      ],
    }),
    /** `POST /api/dashboard/accounts/{id}/actual-riskiness/`: this month's own judgement. */
    recordActualRiskiness: build.mutation<
      ActualRiskiness,
      ActualRiskinessRequest & { accountId: number }
    >({
      query: ({ accountId, ...body }) => ({
        url: `/api/dashboard/accounts/${accountId}/actual-riskiness/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(({ accountId }) => [
        listTag('Dashboard'),
        idTag('Dashboard', accountId),
      ]),
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useGetDashboardAccountQuery,
  useGetScoreExplanationQuery,
  useRecordActualRiskinessMutation,
} = dashboardApi;
