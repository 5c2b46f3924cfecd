import { baseApi } from '../../../api/baseApi';
import type { Agreement, AgreementPatch, NewAgreement } from '../../../api/contract/agreements';
import { filesBody } from '../../../api/multipart';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/agreements/`;
const oneUrl = (projectId: number, agreementId: number) => `${listUrl(projectId)}${agreementId}/`;

/** Every change shows in the list and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('Agreement', projectId),
  idTag('ProjectHistory', projectId),
]);

interface OneAgreement {
  projectId: number;
  agreementId: number;
}

export const agreementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/agreements/`: by end date. */
    getAgreements: build.query<Agreement[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('Agreement', projectId)],
    }),
    /** `POST …/agreements/` from the dialog, which shows every failure itself. */
    addAgreement: build.mutation<Agreement, { projectId: number; agreement: NewAgreement }>({
      query: ({ projectId, agreement }) => ({
        url: listUrl(projectId),
        method: 'POST',
        body: agreement,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/agreements/{aid}/` from the dialog, which shows every failure itself. */
    updateAgreement: build.mutation<Agreement, OneAgreement & { patch: AgreementPatch }>({
      query: ({ projectId, agreementId, patch }) => ({
        url: oneUrl(projectId, agreementId),
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    deleteAgreement: build.mutation<void, OneAgreement>({
      query: ({ projectId, agreementId }) => ({
        url: oneUrl(projectId, agreementId),
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
    /** `POST …/{aid}/documents/` as multipart `files`; the upload field shows a refusal itself. */
    uploadAgreementDocuments: build.mutation<Agreement, OneAgreement & { files: readonly File[] }>({
      query: ({ projectId, agreementId, files }) => ({
        url: `${oneUrl(projectId, agreementId)}documents/`,
        method: 'POST',
        body: filesBody(files),
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/{aid}/documents/{fileId}/`. */
    deleteAgreementDocument: build.mutation<void, OneAgreement & { fileId: number }>({
      query: ({ projectId, agreementId, fileId }) => ({
        url: `${oneUrl(projectId, agreementId)}documents/${fileId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetAgreementsQuery,
  useAddAgreementMutation,
  useUpdateAgreementMutation,
  useDeleteAgreementMutation,
  useUploadAgreementDocumentsMutation,
  useDeleteAgreementDocumentMutation,
} = agreementsApi;
