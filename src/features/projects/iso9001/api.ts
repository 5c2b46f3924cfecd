import { baseApi } from '../../../api/baseApi';
import type {
  IsoAssessment,
  IsoAssessmentPatch,
  IsoEvidenceOption,
} from '../../../api/contract/iso9001';
import { filesBody } from '../../../api/multipart';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/iso-9001/`;
const oneUrl = (projectId: number, requirement: number) => `${listUrl(projectId)}${requirement}/`;

/** Every change shows in the assessments and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('IsoAssessment', projectId),
  idTag('ProjectHistory', projectId),
]);

interface OneRequirement {
  projectId: number;
  /** The requirement's id (401 for 4.1). */
  requirement: number;
}

export const iso9001Api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/iso-9001/`: every requirement of the catalogue, in its order. */
    getIsoAssessments: build.query<IsoAssessment[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('IsoAssessment', projectId)],
    }),
    /** `GET …/iso-9001/evidence-options/`: the project's records that may be linked. */
    getIsoEvidenceOptions: build.query<IsoEvidenceOption[], number>({
      query: (projectId) => ({ url: `${listUrl(projectId)}evidence-options/` }),
      providesTags: (_rows, _error, projectId) => [idTag('IsoAssessment', projectId)],
    }),
    /** `PATCH …/iso-9001/{requirement}/` from the dialog, which shows every failure itself. */
    updateIsoAssessment: build.mutation<
      IsoAssessment,
      OneRequirement & { patch: IsoAssessmentPatch }
    >({
      query: ({ projectId, requirement, patch }) => ({
        url: oneUrl(projectId, requirement),
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/{requirement}/files/` as multipart `files`; the upload field shows a refusal itself. */
    uploadIsoFiles: build.mutation<IsoAssessment, OneRequirement & { files: readonly File[] }>({
      query: ({ projectId, requirement, files }) => ({
        url: `${oneUrl(projectId, requirement)}files/`,
        method: 'POST',
        body: filesBody(files),
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/{requirement}/files/{fileId}/`. */
    deleteIsoFile: build.mutation<void, OneRequirement & { fileId: number }>({
      query: ({ projectId, requirement, fileId }) => ({
        url: `${oneUrl(projectId, requirement)}files/${fileId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetIsoAssessmentsQuery,
  useGetIsoEvidenceOptionsQuery,
  useUpdateIsoAssessmentMutation,
  useUploadIsoFilesMutation,
  useDeleteIsoFileMutation,
} = iso9001Api;
