import { baseApi } from '../../../api/baseApi';
import type {
  CaseStudy,
  CaseStudyPatch,
  CaseStudyState,
  NewCaseStudy,
} from '../../../api/contract/caseStudy';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const oneUrl = (projectId: number) => `/api/projects/${projectId}/case-study/`;

/** Every change shows in the case study and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('CaseStudy', projectId),
  idTag('ProjectHistory', projectId),
]);

export const caseStudyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/case-study/`: null (a 204) while the project has none. */
    getCaseStudy: build.query<CaseStudy | null, number>({
      query: (projectId) => ({ url: oneUrl(projectId) }),
      providesTags: (_study, _error, projectId) => [idTag('CaseStudy', projectId)],
    }),
    /** `POST …/case-study/` from the form, which shows every failure itself. */
    startCaseStudy: build.mutation<CaseStudy, { projectId: number; study: NewCaseStudy }>({
      query: ({ projectId, study }) => ({ url: oneUrl(projectId), method: 'POST', body: study }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/case-study/` from the form, which shows every failure itself. */
    updateCaseStudy: build.mutation<CaseStudy, { projectId: number; patch: CaseStudyPatch }>({
      query: ({ projectId, patch }) => ({ url: oneUrl(projectId), method: 'PATCH', body: patch }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `POST …/case-study/state/`: one move; the form or the page shows a refusal itself. */
    moveCaseStudy: build.mutation<CaseStudy, { projectId: number; state: CaseStudyState }>({
      query: ({ projectId, state }) => ({
        url: `${oneUrl(projectId)}state/`,
        method: 'POST',
        body: { state },
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetCaseStudyQuery,
  useStartCaseStudyMutation,
  useUpdateCaseStudyMutation,
  useMoveCaseStudyMutation,
} = caseStudyApi;
