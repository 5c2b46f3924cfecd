import { baseApi } from '../../api/baseApi';
import type {
  NewPlannerPeriod,
  PlannerPeriod,
  PlannerPeriodPatch,
} from '../../api/contract/plannerPeriods';
import { invalidatesOnSuccess, listTag, listTags } from '../../api/tags';

export const planningApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/planner-periods/`: every period, by start date. */
    getPlannerPeriods: build.query<PlannerPeriod[], void>({
      query: () => ({ url: '/api/planner-periods/' }),
      providesTags: (periods) => listTags('PlannerPeriod', periods),
    }),
    /** `POST /api/planner-periods/`: the form shows every failure. */
    createPlannerPeriod: build.mutation<PlannerPeriod, NewPlannerPeriod>({
      query: (period) => ({ url: '/api/planner-periods/', method: 'POST', body: period }),
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess([listTag('PlannerPeriod')]),
    }),
    /** `PATCH /api/planner-periods/{id}/`: name and dates, or the next state. */
    updatePlannerPeriod: build.mutation<
      PlannerPeriod,
      { periodId: number; patch: PlannerPeriodPatch }
    >({
      query: ({ periodId, patch }) => ({
        url: `/api/planner-periods/${periodId}/`,
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      // Another period's order or overlap may follow from the change: the whole list reloads.
      invalidatesTags: invalidatesOnSuccess([listTag('PlannerPeriod')]),
    }),
  }),
});

export const {
  useGetPlannerPeriodsQuery,
  useCreatePlannerPeriodMutation,
  useUpdatePlannerPeriodMutation,
} = planningApi;
