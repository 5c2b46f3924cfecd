import { baseApi } from '../../api/baseApi';
import type { Paginated } from '../../api/contract/drf';
import type {
  ActionItem,
  ActionItemRequest,
  DuplicatesGroup,
  HistoryEntry,
  ResolutionRequest,
  Risk,
  RiskActionRequest,
  RiskComment,
  RiskCreateRequest,
  RiskDraft,
  RiskDraftRequest,
  RiskExportQueued,
  RiskExportRequest,
  RiskKind,
  RiskLevel,
  RiskListItem,
  RiskListQuery,
  RiskScope,
  RiskUpdateRequest,
  SimilarRisk,
  TransferRequest,
} from '../../api/contract/risks';

/** The list page loads every row of its scope at once and filters in the browser (10 000 rows). */
export const RISK_LIST_PAGE_SIZE = 10_000;

type WithRisk<Body> = Body & { riskId: number };

/** A change to a risk: the risk, its list rows, its history and the duplicates view refresh. */
const riskChanged = (_result: unknown, _error: unknown, { riskId }: { riskId: number }) => [
  { type: 'Risk' as const, id: riskId },
  { type: 'RiskList' as const, id: 'ALL' },
  { type: 'RiskHistory' as const, id: riskId },
  { type: 'Duplicates' as const, id: 'ALL' },
];

export const risksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/risks/?level=&scope=&kind=&poll=`: all rows of the scope, newest first. */
    getRisks: build.query<Paginated<RiskListItem>, RiskListQuery>({
      query: (params) => ({
        url: '/api/risks/',
        params: { page_size: RISK_LIST_PAGE_SIZE, ...params },
      }),
      providesTags: [{ type: 'RiskList', id: 'ALL' }],
    }),
    /** `GET /api/risk-scopes/?level=&search=`: projects, accounts, business lines or segments. */
    getRiskScopes: build.query<Paginated<RiskScope>, { level: RiskLevel; search?: string }>({
      query: (params) => ({ url: '/api/risk-scopes/', params: { page_size: 50, ...params } }),
    }),
    getRisk: build.query<Risk, number>({
      query: (riskId) => `/api/risks/${riskId}/`,
      providesTags: (_risk, _error, riskId) => [{ type: 'Risk', id: riskId }],
    }),
    /** `GET /api/risks/similar/`: likely duplicates of a statement before it is saved. */
    getSimilarRisks: build.query<
      SimilarRisk[],
      { level: RiskLevel; scope: number; kind: RiskKind; statement: string }
    >({
      query: (params) => ({ url: '/api/risks/similar/', params }),
    }),
    createRisk: build.mutation<Risk, RiskCreateRequest>({
      query: (body) => ({ url: '/api/risks/', method: 'POST', body }),
      invalidatesTags: [
        { type: 'RiskList', id: 'ALL' },
        { type: 'Duplicates', id: 'ALL' },
      ],
    }),
    /** `PATCH /api/risks/{id}/`: each field needs its edit flag; 403 names the one refused. */
    updateRisk: build.mutation<Risk, WithRisk<RiskUpdateRequest>>({
      query: ({ riskId, ...body }) => ({ url: `/api/risks/${riskId}/`, method: 'PATCH', body }),
      invalidatesTags: riskChanged,
    }),
    resolveRisk: build.mutation<Risk, WithRisk<ResolutionRequest>>({
      query: ({ riskId, ...body }) => ({
        url: `/api/risks/${riskId}/resolution/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: riskChanged,
    }),
    riskAction: build.mutation<Risk, WithRisk<RiskActionRequest>>({
      query: ({ riskId, ...body }) => ({
        url: `/api/risks/${riskId}/actions/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: riskChanged,
    }),
    transferRisk: build.mutation<Risk, WithRisk<TransferRequest>>({
      query: ({ riskId, ...body }) => ({
        url: `/api/risks/${riskId}/transfer/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: riskChanged,
    }),

    getActionItems: build.query<ActionItem[], number>({
      query: (riskId) => `/api/risks/${riskId}/action-items/`,
      providesTags: (_items, _error, riskId) => [{ type: 'ActionItem', id: riskId }],
    }),
    addActionItem: build.mutation<ActionItem, WithRisk<ActionItemRequest>>({
      query: ({ riskId, ...body }) => ({
        url: `/api/risks/${riskId}/action-items/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_item, _error, { riskId }) => [
        { type: 'ActionItem', id: riskId },
        { type: 'Risk', id: riskId },
        { type: 'RiskHistory', id: riskId },
      ],
    }),
    updateActionItem: build.mutation<
      ActionItem,
      WithRisk<Partial<ActionItemRequest> & { itemId: number }>
    >({
      query: ({ riskId, itemId, ...body }) => ({
        url: `/api/risks/${riskId}/action-items/${itemId}/`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_item, _error, { riskId }) => [
        { type: 'ActionItem', id: riskId },
        { type: 'RiskHistory', id: riskId },
      ],
    }),
    deleteActionItem: build.mutation<null, { riskId: number; itemId: number }>({
      query: ({ riskId, itemId }) => ({
        url: `/api/risks/${riskId}/action-items/${itemId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_item, _error, { riskId }) => [
        { type: 'ActionItem', id: riskId },
        { type: 'Risk', id: riskId },
        { type: 'RiskHistory', id: riskId },
      ],
    }),

    getComments: build.query<RiskComment[], number>({
      query: (riskId) => `/api/risks/${riskId}/comments/`,
      providesTags: (_comments, _error, riskId) => [{ type: 'RiskComment', id: riskId }],
    }),
    /** `POST /api/risks/{id}/comments/` as multipart: `text` and up to 5 `files`. */
    addComment: build.mutation<RiskComment, { riskId: number; text: string; files: File[] }>({
      query: ({ riskId, text, files }) => {
        const body = new FormData();
        body.append('text', text);
        for (const file of files) body.append('files', file, file.name);
        return { url: `/api/risks/${riskId}/comments/`, method: 'POST', body };
      },
      invalidatesTags: (_comment, _error, { riskId }) => [
        { type: 'RiskComment', id: riskId },
        { type: 'Risk', id: riskId },
        { type: 'RiskHistory', id: riskId },
      ],
    }),

    getHistory: build.query<HistoryEntry[], number>({
      query: (riskId) => `/api/risks/${riskId}/history/`,
      providesTags: (_entries, _error, riskId) => [{ type: 'RiskHistory', id: riskId }],
    }),

    getDrafts: build.query<RiskDraft[], { kind?: RiskKind; level?: RiskLevel }>({
      query: (params) => ({ url: '/api/risk-drafts/', params }),
      providesTags: [{ type: 'RiskDraft', id: 'ALL' }],
    }),
    /** Saves a draft: POST a new one, PATCH an existing one. */
    saveDraft: build.mutation<RiskDraft, RiskDraftRequest & { id?: number }>({
      query: ({ id, ...body }) =>
        id === undefined
          ? { url: '/api/risk-drafts/', method: 'POST', body }
          : { url: `/api/risk-drafts/${id}/`, method: 'PATCH', body },
      invalidatesTags: [{ type: 'RiskDraft', id: 'ALL' }],
    }),
    deleteDraft: build.mutation<null, number>({
      query: (id) => ({ url: `/api/risk-drafts/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'RiskDraft', id: 'ALL' }],
    }),
    /** `POST /api/risk-drafts/{id}/create/`: validates the draft as a new risk; the draft goes. */
    createFromDraft: build.mutation<Risk, number>({
      query: (id) => ({ url: `/api/risk-drafts/${id}/create/`, method: 'POST', body: {} }),
      invalidatesTags: [
        { type: 'RiskDraft', id: 'ALL' },
        { type: 'RiskList', id: 'ALL' },
      ],
    }),

    getDuplicates: build.query<DuplicatesGroup[], { level?: RiskLevel; scope?: number }>({
      query: (params) => ({ url: '/api/risk-duplicates/', params }),
      providesTags: [{ type: 'Duplicates', id: 'ALL' }],
    }),
    /** Merge to initial: action items into the initial risk's plan, duplicates closed. */
    mergeDuplicates: build.mutation<DuplicatesGroup | null, number>({
      query: (groupId) => ({
        url: `/api/risk-duplicates/${groupId}/merge/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: [
        { type: 'Duplicates', id: 'ALL' },
        { type: 'RiskList', id: 'ALL' },
        'Risk',
        'ActionItem',
      ],
    }),
    closeAsDuplicate: build.mutation<DuplicatesGroup | null, { groupId: number; risk_id: number }>({
      query: ({ groupId, risk_id }) => ({
        url: `/api/risk-duplicates/${groupId}/close/`,
        method: 'POST',
        body: { risk_id },
      }),
      invalidatesTags: [{ type: 'Duplicates', id: 'ALL' }, { type: 'RiskList', id: 'ALL' }, 'Risk'],
    }),
    notDuplicate: build.mutation<DuplicatesGroup | null, { groupId: number; risk_id: number }>({
      query: ({ groupId, risk_id }) => ({
        url: `/api/risk-duplicates/${groupId}/not-duplicate/`,
        method: 'POST',
        body: { risk_id },
      }),
      invalidatesTags: [{ type: 'Duplicates', id: 'ALL' }, { type: 'RiskList', id: 'ALL' }, 'Risk'],
    }),

    /** Large exports go by e-mail (202); small ones the browser builds itself with exceljs. */
    exportRisksByEmail: build.mutation<RiskExportQueued, RiskExportRequest>({
      query: (body) => ({ url: '/api/risks/export/', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetRisksQuery,
  useGetRiskScopesQuery,
  useGetRiskQuery,
  useGetSimilarRisksQuery,
  useCreateRiskMutation,
  useUpdateRiskMutation,
  useResolveRiskMutation,
  useRiskActionMutation,
  useTransferRiskMutation,
  useGetActionItemsQuery,
  useAddActionItemMutation,
  useUpdateActionItemMutation,
  useDeleteActionItemMutation,
  useGetCommentsQuery,
  useAddCommentMutation,
  useGetHistoryQuery,
  useGetDraftsQuery,
  useSaveDraftMutation,
  useDeleteDraftMutation,
  useCreateFromDraftMutation,
  useGetDuplicatesQuery,
  useMergeDuplicatesMutation,
  useCloseAsDuplicateMutation,
  useNotDuplicateMutation,
  useExportRisksByEmailMutation,
} = risksApi;
