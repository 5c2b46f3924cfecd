import { baseApi } from '../../../api/baseApi';
import type { DexSetup, DexSetupInput } from '../../../api/contract/dexSetup';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const url = (projectId: number) => `/api/projects/${projectId}/dex-setup/`;

export const dexSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/dex-setup/`: the saved scope, or the defaults. */
    getDexSetup: build.query<DexSetup, number>({
      query: (projectId) => ({ url: url(projectId) }),
      providesTags: (_setup, _error, projectId) => [idTag('DexSetup', projectId)],
    }),
    /** `PUT …/dex-setup/` from the form, which shows every failure itself. */
    saveDexSetup: build.mutation<DexSetup, { projectId: number; setup: DexSetupInput }>({
      query: ({ projectId, setup }) => ({ url: url(projectId), method: 'PUT', body: setup }),
      extraOptions: { silent: true },
      // Every change shows in the card's History.
      invalidatesTags: invalidatesOnSuccess<unknown, { projectId: number }>(
        ({ projectId }): Tag[] => [
          idTag('DexSetup', projectId),
          idTag('ProjectHistory', projectId),
        ],
      ),
    }),
  }),
});

export const { useGetDexSetupQuery, useSaveDexSetupMutation } = dexSetupApi;
