import { baseApi } from '../../../api/baseApi';
import type {
  NewProjectContact,
  ProjectContact,
  ProjectContactPatch,
} from '../../../api/contract/projectContacts';
import type { NewTeamMember, TeamMember, TeamMemberPatch } from '../../../api/contract/projectTeam';
import { idTag, invalidatesOnSuccess } from '../../../api/tags';

/** What a change of the team makes stale: the team, the card's History, its team size. */
const afterTeamChange = ({ projectId }: { projectId: number }) => [
  idTag('ProjectTeam', projectId),
  idTag('ProjectHistory', projectId),
  idTag('Project', projectId),
];
const afterContactChange = ({ projectId }: { projectId: number }) => [
  idTag('ProjectContacts', projectId),
  idTag('ProjectHistory', projectId),
];

/** The Team and Contacts tabs of the project card. */
export const projectTeamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/team/`: the members, by role then name. */
    getProjectTeam: build.query<TeamMember[], number>({
      query: (projectId) => ({ url: `/api/projects/${projectId}/team/` }),
      providesTags: (_members, _error, projectId) => [idTag('ProjectTeam', projectId)],
    }),
    /** `POST /api/projects/{id}/team/`. */
    addTeamMember: build.mutation<TeamMember, NewTeamMember & { projectId: number }>({
      query: ({ projectId, ...body }) => ({
        url: `/api/projects/${projectId}/team/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(afterTeamChange),
    }),
    /** `PATCH /api/projects/{id}/team/{memberId}/`: role, allocation, dates. */
    updateTeamMember: build.mutation<
      TeamMember,
      TeamMemberPatch & { projectId: number; memberId: number }
    >({
      query: ({ projectId, memberId, ...body }) => ({
        url: `/api/projects/${projectId}/team/${memberId}/`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(afterTeamChange),
    }),
    /** `DELETE /api/projects/{id}/team/{memberId}/`: never the project manager (400). */
    removeTeamMember: build.mutation<void, { projectId: number; memberId: number }>({
      query: ({ projectId, memberId }) => ({
        url: `/api/projects/${projectId}/team/${memberId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(afterTeamChange),
    }),

    /** `GET /api/projects/{id}/contacts/`: by side then name. */
    getProjectContacts: build.query<ProjectContact[], number>({
      query: (projectId) => ({ url: `/api/projects/${projectId}/contacts/` }),
      providesTags: (_contacts, _error, projectId) => [idTag('ProjectContacts', projectId)],
    }),
    /** `POST /api/projects/{id}/contacts/`. */
    addContact: build.mutation<ProjectContact, NewProjectContact & { projectId: number }>({
      query: ({ projectId, ...body }) => ({
        url: `/api/projects/${projectId}/contacts/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(afterContactChange),
    }),
    /** `PATCH /api/projects/{id}/contacts/{contactId}/`. */
    updateContact: build.mutation<
      ProjectContact,
      ProjectContactPatch & { projectId: number; contactId: number }
    >({
      query: ({ projectId, contactId, ...body }) => ({
        url: `/api/projects/${projectId}/contacts/${contactId}/`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(afterContactChange),
    }),
    /** `DELETE /api/projects/{id}/contacts/{contactId}/`. */
    deleteContact: build.mutation<void, { projectId: number; contactId: number }>({
      query: ({ projectId, contactId }) => ({
        url: `/api/projects/${projectId}/contacts/${contactId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(afterContactChange),
    }),
  }),
});

export const {
  useGetProjectTeamQuery,
  useAddTeamMemberMutation,
  useUpdateTeamMemberMutation,
  useRemoveTeamMemberMutation,
  useGetProjectContactsQuery,
  useAddContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
} = projectTeamApi;
