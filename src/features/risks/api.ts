import { baseApi } from '../../api/baseApi';
import { filesBody } from '../../api/multipart';
import { idTag, invalidatesOnSuccess, listTag, listTags } from '../../api/tags';
import type { Paginated } from '../../api/contract/drf';
import type {
  ActionItem,
  ActionItemRequest,
  DuplicatesGroup,
  HistoryEntry,
  PersonRef,
  ResolutionRequest,
  Risk,
  RiskActionRequest,
  RiskComment,
  RiskCreateRequest,
  RiskDraft,
  RiskDraftRequest,
  RiskExportQueued,
  RiskExportQuery,
  RiskFilters,
  RiskKind,
  RiskLevel,
  RiskListItem,
  RiskListQuery,
  RiskScope,
  RiskScopeQuery,
  RiskSummary,
  RiskUpdateRequest,
  SimilarRisk,
  TransferRequest,
} from '../../api/contract/risks';
import { RISK_PAGE_SIZE, RISK_PAGE_SIZE_MAX } from '../../api/contract/risks';

/** The register's scope and filters: what the list, its summary and a small list ask for. */
export type RiskQuery = RiskScopeQuery & RiskFilters;

type WithRisk<Body> = Body & { riskId: number };

/**
 * A change to a risk: the risk, the lists (its level or scope may have moved it to another), its
 * history and the duplicates view refresh.
 */
const riskChanged = invalidatesOnSuccess(({ riskId }: { riskId: number }) => [
  idTag('Risk', riskId),
  listTag('Risk'),
  idTag('RiskHistory', riskId),
  listTag('Duplicates'),
]);

export const risksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/risks/?<scope, filters>&ordering=&page=&page_size=`: one page of the register,
     * filtered, ordered and counted by the server (RISK_PAGE_SIZE rows unless asked otherwise).
     */
    getRisks: build.query<Paginated<RiskListItem>, RiskListQuery>({
      query: (params) => ({ url: '/api/risks/', params: { page_size: RISK_PAGE_SIZE, ...params } }),
      // The list only, not a tag per row: a comment or an action item changes its risk's detail
      // but not its row, and must not reload the pages in view (nor store a tag per row).
      providesTags: [listTag('Risk')],
    }),
    /**
     * Every row of a small list (a check's risks, a project's open ones), newest first: page after
     * page of RISK_PAGE_SIZE_MAX rows until the last, so nothing is ever cut off.
     */
    getAllRisks: build.query<RiskListItem[], RiskQuery>({
      async queryFn(query, _api, _extra, baseQuery) {
        const rows: RiskListItem[] = [];
        for (let page = 1; ; page += 1) {
          const answer = await baseQuery({
            url: '/api/risks/',
            params: { ...query, page, page_size: RISK_PAGE_SIZE_MAX },
          });
          if (answer.error) return { error: answer.error };
          const { results, next } = answer.data as Paginated<RiskListItem>;
          rows.push(...results);
          if (!next || results.length === 0) return { data: rows };
        }
      },
      providesTags: [listTag('Risk')],
    }),
    /**
     * `GET /api/risks/summary/?<scope, filters>`: the count, the heat map's cells and the owner and
     * label choices, counted by the server over the whole register.
     */
    getRiskSummary: build.query<RiskSummary, RiskQuery>({
      query: (params) => ({ url: '/api/risks/summary/', params }),
      providesTags: [listTag('Risk')],
    }),
    /** `GET /api/risk-scopes/?level=&search=`: projects, accounts, business lines or segments. */
    getRiskScopes: build.query<Paginated<RiskScope>, { level: RiskLevel; search?: string }>({
      query: (params) => ({ url: '/api/risk-scopes/', params: { page_size: 50, ...params } }),
    }),
    /**
     * `GET /api/users/?can_receive_risk=`: the people who may receive a propagation, delegation or
     * escalation of the risk (never a client-side person, never the caller).
     */
    searchRiskRecipients: build.query<Paginated<PersonRef>, { riskId: number; search: string }>({
      query: ({ riskId, search }) => ({
        url: '/api/users/',
        params: { search, can_receive_risk: riskId, page_size: 20 },
      }),
    }),
    getRisk: build.query<Risk, number>({
      query: (riskId) => `/api/risks/${riskId}/`,
      providesTags: (_risk, _error, riskId) => [idTag('Risk', riskId)],
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
      invalidatesTags: invalidatesOnSuccess([listTag('Risk'), listTag('Duplicates')]),
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
      providesTags: (items) => listTags('ActionItem', items),
    }),
    addActionItem: build.mutation<ActionItem, WithRisk<ActionItemRequest>>({
      query: ({ riskId, ...body }) => ({
        url: `/api/risks/${riskId}/action-items/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(({ riskId }) => [
        listTag('ActionItem'),
        idTag('Risk', riskId),
        idTag('RiskHistory', riskId),
      ]),
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
      invalidatesTags: invalidatesOnSuccess(({ riskId, itemId }) => [
        idTag('ActionItem', itemId),
        idTag('RiskHistory', riskId),
      ]),
      /** Optimistic for a tick: the box and the count show it at once; a failure puts it back. */
      async onQueryStarted({ riskId, itemId, done }, { dispatch, queryFulfilled }) {
        if (done === undefined) return;
        const patch = dispatch(
          risksApi.util.updateQueryData('getActionItems', riskId, (items) => {
            const item = items.find((candidate) => candidate.id === itemId);
            if (item) item.done = done;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    deleteActionItem: build.mutation<null, { riskId: number; itemId: number }>({
      query: ({ riskId, itemId }) => ({
        url: `/api/risks/${riskId}/action-items/${itemId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ riskId, itemId }) => [
        listTag('ActionItem'),
        idTag('ActionItem', itemId),
        idTag('Risk', riskId),
        idTag('RiskHistory', riskId),
      ]),
    }),

    getComments: build.query<RiskComment[], number>({
      query: (riskId) => `/api/risks/${riskId}/comments/`,
      providesTags: (comments) => listTags('RiskComment', comments),
    }),
    /** `POST /api/risks/{id}/comments/` as multipart: `text` and up to 5 `files`. */
    addComment: build.mutation<RiskComment, { riskId: number; text: string; files: File[] }>({
      query: ({ riskId, text, files }) => ({
        url: `/api/risks/${riskId}/comments/`,
        method: 'POST',
        body: filesBody(files, { text }),
      }),
      invalidatesTags: invalidatesOnSuccess(({ riskId }) => [
        listTag('RiskComment'),
        idTag('Risk', riskId),
        idTag('RiskHistory', riskId),
      ]),
    }),

    /** A risk's history is read whole, never by entry: one thing of the risk, tagged by its id. */
    getHistory: build.query<HistoryEntry[], number>({
      query: (riskId) => `/api/risks/${riskId}/history/`,
      providesTags: (_entries, _error, riskId) => [idTag('RiskHistory', riskId)],
    }),

    getDrafts: build.query<RiskDraft[], { kind?: RiskKind; level?: RiskLevel }>({
      query: (params) => ({ url: '/api/risk-drafts/', params }),
      providesTags: (drafts) => listTags('RiskDraft', drafts),
    }),
    /** Saves a draft: POST a new one, PATCH an existing one. */
    saveDraft: build.mutation<RiskDraft, RiskDraftRequest & { id?: number }>({
      query: ({ id, ...body }) =>
        id === undefined
          ? { url: '/api/risk-drafts/', method: 'POST', body }
          : { url: `/api/risk-drafts/${id}/`, method: 'PATCH', body },
      // A draft's kind or level may move it between the filtered lists: every list refreshes.
      invalidatesTags: invalidatesOnSuccess([listTag('RiskDraft')]),
    }),
    deleteDraft: build.mutation<null, number>({
      query: (id) => ({ url: `/api/risk-drafts/${id}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([listTag('RiskDraft')]),
    }),
    /** `POST /api/risk-drafts/{id}/create/`: validates the draft as a new risk; the draft goes. */
    createFromDraft: build.mutation<Risk, number>({
      query: (id) => ({ url: `/api/risk-drafts/${id}/create/`, method: 'POST', body: {} }),
      invalidatesTags: invalidatesOnSuccess([listTag('RiskDraft'), listTag('Risk')]),
    }),

    getDuplicates: build.query<DuplicatesGroup[], { level?: RiskLevel; scope?: number }>({
      query: (params) => ({ url: '/api/risk-duplicates/', params }),
      providesTags: (groups) => listTags('Duplicates', groups),
    }),
    /** Merge to initial: action items into the initial risk's plan, duplicates closed. */
    mergeDuplicates: build.mutation<DuplicatesGroup | null, number>({
      query: (groupId) => ({
        url: `/api/risk-duplicates/${groupId}/merge/`,
        method: 'POST',
        body: {},
      }),
      // Every risk of the group changes: the initial one takes the plans, the others close.
      invalidatesTags: invalidatesOnSuccess([listTag('Duplicates'), 'Risk', 'ActionItem']),
    }),
    closeAsDuplicate: build.mutation<DuplicatesGroup | null, { groupId: number; risk_id: number }>({
      query: ({ groupId, risk_id }) => ({
        url: `/api/risk-duplicates/${groupId}/close/`,
        method: 'POST',
        body: { risk_id },
      }),
      invalidatesTags: invalidatesOnSuccess([listTag('Duplicates'), 'Risk']),
    }),
    notDuplicate: build.mutation<DuplicatesGroup | null, { groupId: number; risk_id: number }>({
      query: ({ groupId, risk_id }) => ({
        url: `/api/risk-duplicates/${groupId}/not-duplicate/`,
        method: 'POST',
        body: { risk_id },
      }),
      invalidatesTags: invalidatesOnSuccess([listTag('Duplicates'), 'Risk']),
    }),

    /**
     * `POST /api/risks/export/` with the list's query: a register over EXPORT_DOWNLOAD_LIMIT rows
     * is built on the server and e-mailed (202); smaller ones the browser builds with exceljs.
     */
    exportRisksByEmail: build.mutation<RiskExportQueued, RiskExportQuery>({
      query: (body) => ({ url: '/api/risks/export/', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetRisksQuery,
  useLazyGetRisksQuery,
  useGetAllRisksQuery,
  useGetRiskSummaryQuery,
  useGetRiskScopesQuery,
  useGetRiskQuery,
  useSearchRiskRecipientsQuery,
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
