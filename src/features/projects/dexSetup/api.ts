import { baseApi } from '../../../api/baseApi';
import type { DexSetup, DexSetupInput, DexSetupSaved } from '../../../api/contract/dexSetup';
import { idTag, invalidatesOnSuccess, listTag, type Tag } from '../../../api/tags';

const url = (projectId: number) => `/api/projects/${projectId}/dex-setup/`;

export const dexSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/dex-setup/`: the saved scope, or the defaults. */
    getDexSetup: build.query<DexSetup, number>({
      query: (projectId) => ({ url: url(projectId) }),
      providesTags: (_setup, _error, projectId) => [idTag('DexSetup', projectId)],
    }),
    /**
     * `PUT …/dex-setup/` from the form, which shows every failure itself. The answer names the
     * checklists the save issued.
     */
    saveDexSetup: build.mutation<DexSetupSaved, { projectId: number; setup: DexSetupInput }>({
      query: ({ projectId, setup }) => ({ url: url(projectId), method: 'PUT', body: setup }),
      extraOptions: { silent: true },
      // Every change shows in the card's History; an issued checklist in the checklists and the
      // sidebar counter.
      invalidatesTags: invalidatesOnSuccess<DexSetupSaved, { projectId: number }>(
        ({ projectId }, saved): Tag[] => [
          idTag('DexSetup', projectId),
          idTag('ProjectHistory', projectId),
          ...(saved.issued_checklists.length > 0
            ? [listTag('Checklist'), 'CurrentUser' as const]
            : []),
        ],
      ),
    }),
  }),
});

export const { useGetDexSetupQuery, useSaveDexSetupMutation } = dexSetupApi;
