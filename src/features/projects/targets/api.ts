import { baseApi } from '../../../api/baseApi';
import type {
  NewProjectTarget,
  NewTarget,
  ProjectTargetKind,
  Target,
  TargetPatch,
} from '../../../api/contract/targets';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

/**
 * Whose targets a list shows: one kind of a project's (its own, or the account's for it), or an
 * account's own.
 */
export type TargetsSource = { project: number; kind: ProjectTargetKind } | { account: number };

/** What one call reads: a project's targets (both kinds at once) or an account's. */
export type TargetsScope = { project: number } | { account: number };

export const scopeOf = (source: TargetsSource): TargetsScope =>
  'project' in source ? { project: source.project } : { account: source.account };

const listUrl = (scope: TargetsScope) =>
  'project' in scope
    ? `/api/projects/${scope.project}/targets/`
    : `/api/accounts/${scope.account}/targets/`;

const scopeTag = (scope: TargetsScope): Tag =>
  idTag('Target', 'project' in scope ? `project-${scope.project}` : `account-${scope.account}`);

/**
 * A project's change shows in its History too, and in what its DEX scope asks for (a target of
 * this quarter in place or missing).
 */
const changedTags = (scope: TargetsScope): Tag[] =>
  'project' in scope
    ? [scopeTag(scope), idTag('ProjectHistory', scope.project), idTag('DexSetup', scope.project)]
    : [scopeTag(scope)];

export const targetsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/targets/` or `GET /api/accounts/{id}/targets/`. */
    getTargets: build.query<Target[], TargetsScope>({
      query: (scope) => ({ url: listUrl(scope) }),
      providesTags: (_targets, _error, scope) => [scopeTag(scope)],
    }),
    /** `POST …/targets/`: a project's carries its kind; the form shows every failure. */
    addTarget: build.mutation<
      Target,
      { scope: TargetsScope; target: NewTarget | NewProjectTarget }
    >({
      query: ({ scope, target }) => ({ url: listUrl(scope), method: 'POST', body: target }),
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess(({ scope }) => changedTags(scope)),
    }),
    /** `PATCH …/targets/{targetId}/`: the planned and actual values. */
    updateTarget: build.mutation<
      Target,
      { scope: TargetsScope; targetId: number; patch: TargetPatch }
    >({
      query: ({ scope, targetId, patch }) => ({
        url: `${listUrl(scope)}${targetId}/`,
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess(({ scope }) => changedTags(scope)),
    }),
    /** `DELETE …/targets/{targetId}/`: a failure is told by the error toast. */
    deleteTarget: build.mutation<void, { scope: TargetsScope; targetId: number }>({
      query: ({ scope, targetId }) => ({ url: `${listUrl(scope)}${targetId}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess(({ scope }) => changedTags(scope)),
    }),
  }),
});

export const {
  useGetTargetsQuery,
  useAddTargetMutation,
  useUpdateTargetMutation,
  useDeleteTargetMutation,
} = targetsApi;
