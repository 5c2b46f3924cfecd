import type { TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import type { apiBaseQuery } from '../../api/baseQuery';
import type {
  Checklist,
  ChecklistDetail,
  ChecklistFilters,
  ChecklistItemPatch,
  DeclineChecklist,
} from '../../api/contract/checklists';
import { filesBody } from '../../api/multipart';
import { idTag, invalidatesOnSuccess, listTag, listTags } from '../../api/tags';

/** A step that ends a checklist: the lists, the checklist and the sidebar counter follow. */
const ended = invalidatesOnSuccess<ChecklistDetail, { checklistId: number }>(({ checklistId }) => [
  listTag('Checklist'),
  idTag('Checklist', checklistId),
  'CurrentUser',
]);

/** A save on an item: the answer counts of the lists change, the checklist is the answer. */
const saved = invalidatesOnSuccess<ChecklistDetail | null, { checklistId: number }>([
  listTag('Checklist'),
]);

/**
 * A save or an upload on an item answers the checklist: it replaces the cached one, so its counts
 * and state follow at once.
 */
const answerReplacesChecklist: TypedMutationOnQueryStarted<
  ChecklistDetail,
  { checklistId: number },
  typeof apiBaseQuery
> = async ({ checklistId }, { dispatch, queryFulfilled }) => {
  try {
    const { data } = await queryFulfilled;
    dispatch(checklistsApi.util.upsertQueryData('getChecklist', checklistId, data));
  } catch {
    // the item shows the failure; the cache stays as the server last said
  }
};

export const checklistsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/checklists/?state=&project=&search=`: the user's checklists, by due date. */
    getChecklists: build.query<Checklist[], ChecklistFilters>({
      query: (filters) => ({ url: '/api/checklists/', params: filters }),
      providesTags: (rows) => listTags('Checklist', rows),
    }),
    /** `GET /api/checklists/{id}/`: the checklist with its items. */
    getChecklist: build.query<ChecklistDetail, number>({
      query: (checklistId) => `/api/checklists/${checklistId}/`,
      providesTags: (_checklist, _error, checklistId) => [idTag('Checklist', checklistId)],
    }),
    /**
     * `PATCH /api/checklists/{id}/items/{itemId}/`: saved as the user answers; the item shows a
     * failure itself (no toast), and the answer replaces the cached checklist.
     */
    saveChecklistItem: build.mutation<
      ChecklistDetail,
      { checklistId: number; itemId: number; patch: ChecklistItemPatch }
    >({
      query: ({ checklistId, itemId, patch }) => ({
        url: `/api/checklists/${checklistId}/items/${itemId}/`,
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      onQueryStarted: answerReplacesChecklist,
      invalidatesTags: saved,
    }),
    /** `POST …/items/{itemId}/attachments/` as multipart `files`; answers the checklist. */
    uploadChecklistFiles: build.mutation<
      ChecklistDetail,
      { checklistId: number; itemId: number; files: readonly File[] }
    >({
      query: ({ checklistId, itemId, files }) => ({
        url: `/api/checklists/${checklistId}/items/${itemId}/attachments/`,
        method: 'POST',
        body: filesBody(files),
      }),
      extraOptions: { silent: true },
      onQueryStarted: answerReplacesChecklist,
      invalidatesTags: saved,
    }),
    /** `DELETE …/items/{itemId}/attachments/{attachmentId}/` (204); a failure is toasted. */
    deleteChecklistFile: build.mutation<
      null,
      { checklistId: number; itemId: number; attachmentId: number }
    >({
      query: ({ checklistId, itemId, attachmentId }) => ({
        url: `/api/checklists/${checklistId}/items/${itemId}/attachments/${attachmentId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ checklistId }) => [
        listTag('Checklist'),
        idTag('Checklist', checklistId),
      ]),
    }),
    /** `POST /api/checklists/{id}/submit/`: the dialog shows a refusal. */
    submitChecklist: build.mutation<ChecklistDetail, { checklistId: number }>({
      query: ({ checklistId }) => ({
        url: `/api/checklists/${checklistId}/submit/`,
        method: 'POST',
        body: {},
      }),
      extraOptions: { silent: true },
      invalidatesTags: ended,
    }),
    /** `POST /api/checklists/{id}/decline/` with the reason. */
    declineChecklist: build.mutation<ChecklistDetail, { checklistId: number } & DeclineChecklist>({
      query: ({ checklistId, reason }) => ({
        url: `/api/checklists/${checklistId}/decline/`,
        method: 'POST',
        body: { reason },
      }),
      extraOptions: { silent: true },
      invalidatesTags: ended,
    }),
    /** `POST /api/checklists/{id}/cancel/`. */
    cancelChecklist: build.mutation<ChecklistDetail, { checklistId: number }>({
      query: ({ checklistId }) => ({
        url: `/api/checklists/${checklistId}/cancel/`,
        method: 'POST',
        body: {},
      }),
      extraOptions: { silent: true },
      invalidatesTags: ended,
    }),
  }),
});

export const {
  useGetChecklistsQuery,
  useGetChecklistQuery,
  useSaveChecklistItemMutation,
  useUploadChecklistFilesMutation,
  useDeleteChecklistFileMutation,
  useSubmitChecklistMutation,
  useDeclineChecklistMutation,
  useCancelChecklistMutation,
} = checklistsApi;
