import { baseApi } from '../../api/baseApi';
import { listTag } from '../../api/tags';
import type { ComparableChecks } from '../../api/contract/compare';

export const compareApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/polls/{id}/comparable/`: what the check may be compared with. Any change to a
     * check (a submit, a status step) may change it, so it follows the checks list's tag.
     */
    getComparable: build.query<ComparableChecks, number>({
      query: (pollId) => `/api/polls/${pollId}/comparable/`,
      // The compare page shows its own failure; the results page's button simply stays away.
      extraOptions: { silent: true },
      providesTags: [listTag('Poll')],
    }),
  }),
});

export const { useGetComparableQuery } = compareApi;
