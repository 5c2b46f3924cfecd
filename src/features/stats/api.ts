import { baseApi } from '../../api/baseApi';
import type { UsageStatsRequest, UsageStatsResponse } from '../../api/contract/stats';

export const statsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/stats/` (SEND_USER_ACTION_STATS): a failure never disturbs the user. */
    sendUserActionStats: build.mutation<UsageStatsResponse, UsageStatsRequest>({
      query: (body) => ({ url: '/api/stats/', method: 'POST', body }),
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSendUserActionStatsMutation } = statsApi;
