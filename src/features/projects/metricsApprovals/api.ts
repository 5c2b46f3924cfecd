import { baseApi } from '../../../api/baseApi';
import type {
  MetricDecision,
  MetricSubmission,
  MetricSubmissionPatch,
  NewMetricSubmission,
} from '../../../api/contract/metricsApprovals';
import { filesBody } from '../../../api/multipart';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/metric-submissions/`;
const oneUrl = (projectId: number, submissionId: number) => `${listUrl(projectId)}${submissionId}/`;

/** Every change shows in the list and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('MetricSubmission', projectId),
  idTag('ProjectHistory', projectId),
]);

interface OneSubmission {
  projectId: number;
  submissionId: number;
}

export const metricsApprovalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/metric-submissions/`: newest period first. */
    getMetricSubmissions: build.query<MetricSubmission[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('MetricSubmission', projectId)],
    }),
    /** `POST …/metric-submissions/`: the draft, before its evidence; the dialog shows failures. */
    createMetricSubmission: build.mutation<
      MetricSubmission,
      { projectId: number; submission: NewMetricSubmission }
    >({
      query: ({ projectId, submission }) => ({
        url: listUrl(projectId),
        method: 'POST',
        body: submission,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/{sid}/`: a draft's or a returned submission's value and comment. */
    updateMetricSubmission: build.mutation<
      MetricSubmission,
      OneSubmission & { patch: MetricSubmissionPatch }
    >({
      query: ({ projectId, submissionId, patch }) => ({
        url: oneUrl(projectId, submissionId),
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/{sid}/evidence/` as multipart `files`, the one file that (re)submits it. */
    uploadMetricEvidence: build.mutation<MetricSubmission, OneSubmission & { file: File }>({
      query: ({ projectId, submissionId, file }) => ({
        url: `${oneUrl(projectId, submissionId)}evidence/`,
        method: 'POST',
        body: filesBody([file]),
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/{sid}/decision/`: approve, or return with a comment; the dialog shows failures. */
    decideMetricSubmission: build.mutation<
      MetricSubmission,
      OneSubmission & { decision: MetricDecision }
    >({
      query: ({ projectId, submissionId, decision }) => ({
        url: `${oneUrl(projectId, submissionId)}decision/`,
        method: 'POST',
        body: decision,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetMetricSubmissionsQuery,
  useCreateMetricSubmissionMutation,
  useUpdateMetricSubmissionMutation,
  useUploadMetricEvidenceMutation,
  useDecideMetricSubmissionMutation,
} = metricsApprovalsApi;
