import { baseApi } from '../../../api/baseApi';
import type {
  ApprovalDecisionBody,
  ApprovalRequest,
  ApprovalWithdrawBody,
  NewApprovalRequest,
} from '../../../api/contract/approvals';
import { idTag, invalidatesOnSuccess, listTag, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/approvals/`;
const oneUrl = (projectId: number, requestId: number) => `${listUrl(projectId)}${requestId}/`;

/** Every change shows in the list, in the list across projects and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('Approvals', projectId),
  listTag('Approvals'),
  idTag('ProjectHistory', projectId),
]);

interface OneRequest {
  projectId: number;
  requestId: number;
}

export const approvalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/approvals/`: newest raised first. */
    getApprovals: build.query<ApprovalRequest[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('Approvals', projectId)],
    }),
    /** `POST …/approvals/` from the form, which shows every failure itself. */
    raiseApproval: build.mutation<
      ApprovalRequest,
      { projectId: number; request: NewApprovalRequest }
    >({
      query: ({ projectId, request }) => ({
        url: listUrl(projectId),
        method: 'POST',
        body: request,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/approvals/{rid}/decision/` from the form, which shows every failure itself. */
    decideApproval: build.mutation<
      ApprovalRequest,
      OneRequest & { decision: ApprovalDecisionBody }
    >({
      query: ({ projectId, requestId, decision }) => ({
        url: `${oneUrl(projectId, requestId)}decision/`,
        method: 'POST',
        body: decision,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/approvals/{rid}/withdraw/`: the error toast tells a failure. */
    withdrawApproval: build.mutation<ApprovalRequest, OneRequest & { body?: ApprovalWithdrawBody }>(
      {
        query: ({ projectId, requestId, body }) => ({
          url: `${oneUrl(projectId, requestId)}withdraw/`,
          method: 'POST',
          body: body ?? {},
        }),
        invalidatesTags: changed,
      },
    ),
    /** `POST …/approvals/{rid}/remind/`: at most once a day; the error toast tells a refusal. */
    remindApprover: build.mutation<ApprovalRequest, OneRequest>({
      query: ({ projectId, requestId }) => ({
        url: `${oneUrl(projectId, requestId)}remind/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetApprovalsQuery,
  useRaiseApprovalMutation,
  useDecideApprovalMutation,
  useWithdrawApprovalMutation,
  useRemindApproverMutation,
} = approvalsApi;
