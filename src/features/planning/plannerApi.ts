import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type {
  BulkPlanRequest,
  BulkPlanResult,
  NewPlannedCheck,
  PlannedCheck,
  PlannedCheckPatch,
  PlannerGrid,
  StartPreview,
  StartRequest,
  StartResult,
} from '../../api/contract/planner';
import { invalidatesOnSuccess, listTag } from '../../api/tags';

/** The cached grid, patched in place with what a write answered (2 000 rows are not refetched). */
const GRID = 'getPlanner' as const;

export const plannerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/planner/`: the whole grid, filtered in the browser. */
    getPlanner: build.query<PlannerGrid, void>({
      query: () => ({ url: '/api/planner/' }),
      providesTags: ['Planner'],
    }),
    /** `POST /api/planner/checks/`: the form shows every failure. */
    planCheck: build.mutation<PlannedCheck, NewPlannedCheck>({
      query: (body) => ({ url: '/api/planner/checks/', method: 'POST', body }),
      extraOptions: { silent: true },
      onQueryStarted: putAnswer((check: PlannedCheck) => [check]),
      invalidatesTags: invalidatesOnSuccess([listTag('CalendarEvent'), 'StartPreview']),
    }),
    /** `POST /api/planner/checks/bulk/`: all or nothing. */
    planChecks: build.mutation<BulkPlanResult, BulkPlanRequest>({
      query: (body) => ({ url: '/api/planner/checks/bulk/', method: 'POST', body }),
      extraOptions: { silent: true },
      onQueryStarted: putAnswer((result: BulkPlanResult) => result.checks),
      invalidatesTags: invalidatesOnSuccess([listTag('CalendarEvent'), 'StartPreview']),
    }),
    /** `PATCH /api/planner/checks/{id}/`. */
    updatePlannedCheck: build.mutation<PlannedCheck, { checkId: number; patch: PlannedCheckPatch }>(
      {
        query: ({ checkId, patch }) => ({
          url: `/api/planner/checks/${checkId}/`,
          method: 'PATCH',
          body: patch,
        }),
        extraOptions: { silent: true },
        onQueryStarted: putAnswer((check: PlannedCheck) => [check]),
        invalidatesTags: invalidatesOnSuccess([listTag('CalendarEvent'), 'StartPreview']),
      },
    ),
    /** `DELETE /api/planner/checks/{id}/`: out of the plan. */
    removePlannedCheck: build.mutation<void, number>({
      query: (checkId) => ({ url: `/api/planner/checks/${checkId}/`, method: 'DELETE' }),
      extraOptions: { silent: true },
      async onQueryStarted(checkId, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done)
          dispatch(
            plannerApi.util.updateQueryData(GRID, undefined, (grid) => {
              grid.checks = grid.checks.filter((check) => check.id !== checkId);
            }),
          );
      },
      invalidatesTags: invalidatesOnSuccess([listTag('CalendarEvent'), 'StartPreview']),
    }),
    /** `GET /api/planner-periods/{id}/start/`: what starting would do. */
    getStartPreview: build.query<StartPreview, number>({
      query: (periodId) => ({ url: `/api/planner-periods/${periodId}/start/` }),
      providesTags: ['StartPreview'],
    }),
    /**
     * `POST /api/planner-periods/{id}/start/`: every planned check becomes a check, or none; with
     * `stale_weeks`, the ones whose week is over are moved or removed first, in the same step.
     */
    startPlanner: build.mutation<StartResult, { periodId: number } & StartRequest>({
      query: ({ periodId, ...body }) => ({
        url: `/api/planner-periods/${periodId}/start/`,
        method: 'POST',
        body,
      }),
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess([
        'Planner',
        'StartPreview',
        listTag('PlannerPeriod'),
        listTag('Poll'),
        listTag('CalendarEvent'),
        'Portfolio',
      ]),
    }),
  }),
});

/**
 * A write's `onQueryStarted`: once it succeeds, the planned checks it answered go into the cached
 * grid in place of their old selves (a refusal changes nothing).
 */
function putAnswer<Result>(checksOf: (result: Result) => PlannedCheck[]) {
  return async (
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: {
      dispatch: (action: ThunkAction<unknown, never, unknown, UnknownAction>) => unknown;
      queryFulfilled: Promise<{ data: Result }>;
    },
  ) => {
    const answer = await queryFulfilled.catch(() => undefined);
    if (answer) dispatch(putChecks(checksOf(answer.data)));
  };
}

/** Puts the answered planned checks into the cached grid, in place of their old selves. */
function putChecks(checks: PlannedCheck[]) {
  return plannerApi.util.updateQueryData(GRID, undefined, (grid) => {
    const ids = new Set(checks.map((check) => check.id));
    grid.checks = [...grid.checks.filter((check) => !ids.has(check.id)), ...checks];
  });
}

export const {
  useGetPlannerQuery,
  usePlanCheckMutation,
  usePlanChecksMutation,
  useUpdatePlannedCheckMutation,
  useRemovePlannedCheckMutation,
  useGetStartPreviewQuery,
  useStartPlannerMutation,
} = plannerApi;
