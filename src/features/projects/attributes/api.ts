import { baseApi } from '../../../api/baseApi';
import type {
  AttributesPatch,
  ProfileValidation,
  ProfileValidationPatch,
  ProjectActionItem,
  ProjectAttribute,
} from '../../../api/contract/projectAttributes';
import type { ProjectFile } from '../../../api/contract/projects';
import { filesBody } from '../../../api/multipart';
import { idTag, invalidatesOnSuccess, listTag } from '../../../api/tags';

/** The Attributes tab, the profile revenue sheet and the Action items tab. */
export const projectAttributesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/attributes/`. */
    getProjectAttributes: build.query<ProjectAttribute[], number>({
      query: (projectId) => `/api/projects/${projectId}/attributes/`,
      providesTags: (_list, _error, projectId) => [idTag('ProjectAttributes', projectId)],
    }),
    /** `PATCH /api/projects/{id}/attributes/`: `{key: value}`, answers the whole list. */
    patchProjectAttributes: build.mutation<
      ProjectAttribute[],
      { projectId: number; values: AttributesPatch }
    >({
      query: ({ projectId, values }) => ({
        url: `/api/projects/${projectId}/attributes/`,
        method: 'PATCH',
        body: values,
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProjectAttributes', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),
    /** `POST /api/projects/{id}/attributes/{key}/validation/`: validates the current value. */
    validateAttribute: build.mutation<ProjectAttribute, { projectId: number; key: string }>({
      query: ({ projectId, key }) => ({
        url: `/api/projects/${projectId}/attributes/${encodeURIComponent(key)}/validation/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProjectAttributes', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),
    /** `DELETE /api/projects/{id}/attributes/{key}/validation/`: clears the validation. */
    clearAttributeValidation: build.mutation<ProjectAttribute, { projectId: number; key: string }>({
      query: ({ projectId, key }) => ({
        url: `/api/projects/${projectId}/attributes/${encodeURIComponent(key)}/validation/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProjectAttributes', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),

    /** `GET /api/projects/{id}/profile-validation/`. */
    getProfileValidation: build.query<ProfileValidation, number>({
      query: (projectId) => `/api/projects/${projectId}/profile-validation/`,
      providesTags: (_validation, _error, projectId) => [idTag('ProfileValidation', projectId)],
    }),
    /** `PATCH /api/projects/{id}/profile-validation/`: status and comment. */
    patchProfileValidation: build.mutation<
      ProfileValidation,
      ProfileValidationPatch & { projectId: number }
    >({
      query: ({ projectId, ...body }) => ({
        url: `/api/projects/${projectId}/profile-validation/`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProfileValidation', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),
    /** `POST /api/projects/{id}/profile-validation/files/` as multipart `files`. */
    uploadValidationFiles: build.mutation<
      ProfileValidation,
      { projectId: number; files: readonly File[] }
    >({
      query: ({ projectId, files }) => ({
        url: `/api/projects/${projectId}/profile-validation/files/`,
        method: 'POST',
        body: filesBody(files),
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProfileValidation', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),
    /** `DELETE /api/projects/{id}/profile-validation/files/{fileId}/`. */
    deleteValidationFile: build.mutation<void, { projectId: number; fileId: number }>({
      query: ({ projectId, fileId }) => ({
        url: `/api/projects/${projectId}/profile-validation/files/${fileId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProfileValidation', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),

    /** `POST /api/projects/{id}/profile-revenue/` as multipart `files` (one spreadsheet). */
    uploadProfileRevenue: build.mutation<ProjectFile, { projectId: number; file: File }>({
      query: ({ projectId, file }) => ({
        url: `/api/projects/${projectId}/profile-revenue/`,
        method: 'POST',
        body: filesBody([file]),
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('Project', projectId),
        idTag('ProjectHistory', projectId),
      ]),
    }),

    /**
     * `GET /api/projects/{id}/action-items/`: the open items of its risks and issues and the open
     * corrective actions of its approved audits' findings.
     */
    getProjectActionItems: build.query<ProjectActionItem[], number>({
      query: (projectId) => `/api/projects/${projectId}/action-items/`,
      providesTags: (_items, _error, projectId) => [
        idTag('ProjectActionItem', projectId),
        listTag('ProjectActionItem'),
      ],
    }),
    /**
     * Marks an item done (204): `POST /api/projects/{id}/action-items/{itemId}/resolve/` for a
     * risk's or an issue's, `…/action-items/outcomes/{outcomeId}/resolve/` for a finding's.
     */
    resolveProjectActionItem: build.mutation<
      void,
      {
        projectId: number;
        item: { id: number; source: Pick<ProjectActionItem['source'], 'type' | 'id'> };
      }
    >({
      query: ({ projectId, item }) => ({
        url:
          item.source.type === 'check'
            ? `/api/projects/${projectId}/action-items/outcomes/${item.id}/resolve/`
            : `/api/projects/${projectId}/action-items/${item.id}/resolve/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: invalidatesOnSuccess(({ projectId, item }) => [
        idTag('ProjectActionItem', projectId),
        idTag('ProjectHistory', projectId),
        ...(item.source.type === 'check'
          ? [listTag('Outcome'), idTag('Outcome', item.id)]
          : [
              listTag('ActionItem'),
              idTag('ActionItem', item.id),
              idTag('Risk', item.source.id),
              idTag('RiskHistory', item.source.id),
            ]),
      ]),
    }),
  }),
});

export const {
  useGetProjectAttributesQuery,
  usePatchProjectAttributesMutation,
  useValidateAttributeMutation,
  useClearAttributeValidationMutation,
  useGetProfileValidationQuery,
  usePatchProfileValidationMutation,
  useUploadValidationFilesMutation,
  useDeleteValidationFileMutation,
  useUploadProfileRevenueMutation,
  useGetProjectActionItemsQuery,
  useResolveProjectActionItemMutation,
} = projectAttributesApi;
