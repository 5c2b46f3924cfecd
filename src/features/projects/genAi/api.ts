import { baseApi } from '../../../api/baseApi';
import type {
  GenAiApproval,
  GenAiDecision,
  GenAiToolUse,
  GenAiUsage,
  NewGenAiApproval,
  NewGenAiToolUse,
} from '../../../api/contract/genAi';
import { filesBody } from '../../../api/multipart';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const approvalsUrl = (projectId: number) => `/api/projects/${projectId}/gen-ai-approvals/`;
const usageUrl = (projectId: number) => `/api/projects/${projectId}/gen-ai-usage/`;

/**
 * The requests and the tools in use of a project, under the card's 'Project' tag (an id of their
 * own): a decision or a recorded tool changes the Overview's flag, so each change refreshes both,
 * and the card's History.
 */
const genAiTag = (projectId: number): Tag => idTag('Project', `gen-ai:${projectId}`);
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  genAiTag(projectId),
  idTag('ProjectHistory', projectId),
]);

export const genAiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/gen-ai-approvals/`: newest first. */
    getGenAiApprovals: build.query<GenAiApproval[], number>({
      query: (projectId) => ({ url: approvalsUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [genAiTag(projectId)],
    }),
    /** `GET /api/projects/{id}/gen-ai-usage/`: the tools in use and those without an approval. */
    getGenAiUsage: build.query<GenAiUsage, number>({
      query: (projectId) => ({ url: usageUrl(projectId) }),
      providesTags: (_usage, _error, projectId) => [genAiTag(projectId)],
    }),
    /** `POST …/gen-ai-approvals/`: a pending request; a form, which shows every failure. */
    requestGenAi: build.mutation<GenAiApproval, { projectId: number; request: NewGenAiApproval }>({
      query: ({ projectId, request }) => ({
        url: approvalsUrl(projectId),
        method: 'POST',
        body: request,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/gen-ai-approvals/{aid}/decision/`: approve or reject; a form. */
    decideGenAi: build.mutation<
      GenAiApproval,
      { projectId: number; approvalId: number; decision: GenAiDecision }
    >({
      query: ({ projectId, approvalId, decision }) => ({
        url: `${approvalsUrl(projectId)}${approvalId}/decision/`,
        method: 'POST',
        body: decision,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /**
     * `POST …/gen-ai-approvals/{aid}/consent-files/` as multipart `files`: the consent's email or
     * signed form; the upload field shows a refusal itself.
     */
    uploadGenAiConsentFiles: build.mutation<
      GenAiApproval,
      { projectId: number; approvalId: number; files: readonly File[] }
    >({
      query: ({ projectId, approvalId, files }) => ({
        url: `${approvalsUrl(projectId)}${approvalId}/consent-files/`,
        method: 'POST',
        body: filesBody(files),
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/gen-ai-approvals/{aid}/consent-files/{fileId}/`: the error toast tells a failure. */
    deleteGenAiConsentFile: build.mutation<
      void,
      { projectId: number; approvalId: number; fileId: number }
    >({
      query: ({ projectId, approvalId, fileId }) => ({
        url: `${approvalsUrl(projectId)}${approvalId}/consent-files/${fileId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
    /** `POST …/gen-ai-usage/`: the project uses a tool; a form. */
    recordGenAiUse: build.mutation<GenAiToolUse, { projectId: number; use: NewGenAiToolUse }>({
      query: ({ projectId, use }) => ({ url: usageUrl(projectId), method: 'POST', body: use }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/gen-ai-usage/{uid}/`: it no longer does; the error toast tells a failure. */
    stopGenAiUse: build.mutation<void, { projectId: number; useId: number }>({
      query: ({ projectId, useId }) => ({
        url: `${usageUrl(projectId)}${useId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetGenAiApprovalsQuery,
  useGetGenAiUsageQuery,
  useRequestGenAiMutation,
  useDecideGenAiMutation,
  useUploadGenAiConsentFilesMutation,
  useDeleteGenAiConsentFileMutation,
  useRecordGenAiUseMutation,
  useStopGenAiUseMutation,
} = genAiApi;
