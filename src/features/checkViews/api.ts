import { baseApi } from '../../api/baseApi';
import { idTag, listTag, type Tag } from '../../api/tags';
import type {
  CheckOutcomeQuery,
  CheckOutcomeRow,
  CheckOverviewRow,
  CheckSummaryRow,
  CheckViewQuery,
  CheckViewRowBase,
} from '../../api/contract/checkViews';
import type { Paginated } from '../../api/contract/drf';

/** A page of rows is stale once any of its checks, or the checks list, changes. */
const checkTags = (page: Paginated<CheckViewRowBase> | undefined): Tag[] => [
  listTag('Poll'),
  ...(page?.results ?? []).map((row) => idTag('Poll', row.check.id)),
];

export const checkViewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/check-overviews/`: the project texts of every check the user may see. */
    getCheckOverviews: build.query<Paginated<CheckOverviewRow>, CheckViewQuery>({
      query: (params) => ({ url: '/api/check-overviews/', params }),
      providesTags: (page) => [
        ...checkTags(page),
        ...(page?.results ?? []).map((row) => idTag('Project', row.project.id)),
      ],
    }),
    /** `GET /api/check-summaries/`: the experts' and PMs' risk status and summary of each check. */
    getCheckSummaries: build.query<Paginated<CheckSummaryRow>, CheckViewQuery>({
      query: (params) => ({ url: '/api/check-summaries/', params }),
      providesTags: checkTags,
    }),
    /** `GET /api/check-outcomes/`: one row a finding of the audits whose outcomes the user sees. */
    getCheckOutcomes: build.query<Paginated<CheckOutcomeRow>, CheckOutcomeQuery>({
      query: (params) => ({ url: '/api/check-outcomes/', params }),
      providesTags: (page) => [...checkTags(page), listTag('Outcome')],
    }),
  }),
});

export const { useGetCheckOverviewsQuery, useGetCheckSummariesQuery, useGetCheckOutcomesQuery } =
  checkViewsApi;
