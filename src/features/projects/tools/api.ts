import { baseApi } from '../../../api/baseApi';
import type { NewTool, Tool, ToolPatch } from '../../../api/contract/tools';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/tools/`;
const oneUrl = (projectId: number, toolId: number) => `${listUrl(projectId)}${toolId}/`;

/** Every change shows in the register and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('ToolsRegister', projectId),
  idTag('ProjectHistory', projectId),
]);

interface OneTool {
  projectId: number;
  toolId: number;
}

export const toolsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/tools/`: by name. */
    getTools: build.query<Tool[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('ToolsRegister', projectId)],
    }),
    /** `POST …/tools/` from the form, which shows every failure itself. */
    addTool: build.mutation<Tool, { projectId: number; tool: NewTool }>({
      query: ({ projectId, tool }) => ({ url: listUrl(projectId), method: 'POST', body: tool }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/tools/{tid}/` from the form, which shows every failure itself. */
    updateTool: build.mutation<Tool, OneTool & { patch: ToolPatch }>({
      query: ({ projectId, toolId, patch }) => ({
        url: oneUrl(projectId, toolId),
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `DELETE …/tools/{tid}/`: the error toast tells a failure. */
    deleteTool: build.mutation<void, OneTool>({
      query: ({ projectId, toolId }) => ({ url: oneUrl(projectId, toolId), method: 'DELETE' }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetToolsQuery,
  useAddToolMutation,
  useUpdateToolMutation,
  useDeleteToolMutation,
} = toolsApi;
