import { baseApi } from '../../api/baseApi';
import type {
  Portfolio,
  ProjectDetail,
  ProjectHistoryEntry,
  ProjectPatch,
} from '../../api/contract/projects';
import { idTag, invalidatesOnSuccess } from '../../api/tags';

export const projectsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/portfolio/`: the whole tree, filtered in the browser. */
    getPortfolio: build.query<Portfolio, void>({
      query: () => ({ url: '/api/portfolio/' }),
      providesTags: ['Portfolio'],
    }),
    /** `GET /api/projects/{id}/`: the card's header and Overview facts. */
    getProject: build.query<ProjectDetail, number>({
      query: (id) => ({ url: `/api/projects/${id}/` }),
      providesTags: (_project, _error, id) => [idTag('Project', id)],
    }),
    /** `PATCH /api/projects/{id}/`: texts and flags, each behind its own permission. */
    patchProject: build.mutation<ProjectDetail, ProjectPatch & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/projects/${id}/`, method: 'PATCH', body }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [
        idTag('Project', id),
        idTag('ProjectHistory', id),
        'Portfolio',
      ]),
    }),
    /** `GET /api/projects/{id}/history/`: every change made on the card, newest first. */
    getProjectHistory: build.query<ProjectHistoryEntry[], number>({
      query: (id) => ({ url: `/api/projects/${id}/history/` }),
      providesTags: (_entries, _error, id) => [idTag('ProjectHistory', id)],
    }),
  }),
});

export const {
  useGetPortfolioQuery,
  useGetProjectQuery,
  usePatchProjectMutation,
  useGetProjectHistoryQuery,
} = projectsApi;
