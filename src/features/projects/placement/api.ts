import { baseApi } from '../../../api/baseApi';
import type {
  DependencyPatch,
  NewDependency,
  PlacementPatch,
  Programme,
  ProjectDependency,
  ProjectLink,
  ProjectPlacement,
} from '../../../api/contract/placement';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const placementUrl = (projectId: number) => `/api/projects/${projectId}/placement/`;
const relatedUrl = (projectId: number) => `/api/projects/${projectId}/related-projects/`;
const dependenciesUrl = (projectId: number) => `/api/projects/${projectId}/dependencies/`;

/**
 * A change shows on more than one card: a relation or a dependency on both projects, a parent on
 * its old and new parent's sub-projects, a programme on its other members. Every cached tab and
 * History is read again.
 */
const changed = invalidatesOnSuccess<unknown, unknown>((): Tag[] => [
  'ProjectPlacement',
  'ProjectHistory',
]);

interface OneDependency {
  projectId: number;
  dependencyId: number;
}

export const placementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/placement/`. */
    getPlacement: build.query<ProjectPlacement, number>({
      query: (projectId) => ({ url: placementUrl(projectId) }),
      providesTags: (_tab, _error, projectId) => [idTag('ProjectPlacement', projectId)],
    }),
    /** `GET /api/programmes/`: the catalogue, by name; it changes only with the backend's data. */
    getProgrammes: build.query<Programme[], void>({
      query: () => ({ url: '/api/programmes/' }),
      keepUnusedDataFor: 600,
    }),
    /** `PATCH …/placement/` from the form, which shows every failure itself. */
    updatePlacement: build.mutation<ProjectPlacement, { projectId: number; patch: PlacementPatch }>(
      {
        query: ({ projectId, patch }) => ({
          url: placementUrl(projectId),
          method: 'PATCH',
          body: patch,
        }),
        extraOptions: { silent: true },
        invalidatesTags: changed,
      },
    ),
    /** `POST …/related-projects/` from the form, which shows every failure itself. */
    addRelatedProject: build.mutation<ProjectLink, { projectId: number; otherId: number }>({
      query: ({ projectId, otherId }) => ({
        url: relatedUrl(projectId),
        method: 'POST',
        body: { project_id: otherId },
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/related-projects/{otherId}/`: the error toast tells a failure. */
    removeRelatedProject: build.mutation<void, { projectId: number; otherId: number }>({
      query: ({ projectId, otherId }) => ({
        url: `${relatedUrl(projectId)}${otherId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
    /** `POST …/dependencies/` from the form, which shows every failure itself. */
    addDependency: build.mutation<
      ProjectDependency,
      { projectId: number; dependency: NewDependency }
    >({
      query: ({ projectId, dependency }) => ({
        url: dependenciesUrl(projectId),
        method: 'POST',
        body: dependency,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/dependencies/{did}/` from the form, which shows every failure itself. */
    updateDependency: build.mutation<ProjectDependency, OneDependency & { patch: DependencyPatch }>(
      {
        query: ({ projectId, dependencyId, patch }) => ({
          url: `${dependenciesUrl(projectId)}${dependencyId}/`,
          method: 'PATCH',
          body: patch,
        }),
        extraOptions: { silent: true },
        invalidatesTags: changed,
      },
    ),
    /** `DELETE …/dependencies/{did}/`: the error toast tells a failure. */
    deleteDependency: build.mutation<void, OneDependency>({
      query: ({ projectId, dependencyId }) => ({
        url: `${dependenciesUrl(projectId)}${dependencyId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetPlacementQuery,
  useGetProgrammesQuery,
  useUpdatePlacementMutation,
  useAddRelatedProjectMutation,
  useRemoveRelatedProjectMutation,
  useAddDependencyMutation,
  useUpdateDependencyMutation,
  useDeleteDependencyMutation,
} = placementApi;
