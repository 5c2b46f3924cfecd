import { baseApi } from '../../api/baseApi';
import type { ApprovalFilters, WaitingApproval } from '../../api/contract/approvals';
import { listTag } from '../../api/tags';

export const waitingApprovalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/approvals/?project=&kind=&due=&search=`: the requests waiting on the user's
     * decision across projects, by due date. A decision on a project's tab refreshes it.
     */
    getWaitingApprovals: build.query<WaitingApproval[], ApprovalFilters>({
      query: (filters) => ({ url: '/api/approvals/', params: filters }),
      providesTags: [listTag('Approvals')],
    }),
  }),
});

export const { useGetWaitingApprovalsQuery } = waitingApprovalsApi;
