import { baseApi } from '../../../api/baseApi';
import type {
  Commitment,
  CommitmentPatch,
  CommitmentWorkState,
  DeclineCommitment,
  NewCommitment,
} from '../../../api/contract/commitments';
import { idTag, invalidatesOnSuccess, type Tag } from '../../../api/tags';

const listUrl = (projectId: number) => `/api/projects/${projectId}/commitments/`;
const oneUrl = (projectId: number, commitmentId: number) => `${listUrl(projectId)}${commitmentId}/`;

/** Every change shows in the list and in the card's History. */
const changed = invalidatesOnSuccess<unknown, { projectId: number }>(({ projectId }): Tag[] => [
  idTag('Commitment', projectId),
  idTag('ProjectHistory', projectId),
]);

interface OneCommitment {
  projectId: number;
  commitmentId: number;
}

export const commitmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/commitments/`: by due date. */
    getCommitments: build.query<Commitment[], number>({
      query: (projectId) => ({ url: listUrl(projectId) }),
      providesTags: (_rows, _error, projectId) => [idTag('Commitment', projectId)],
    }),
    /** `POST …/commitments/`: added (an editor) or suggested (`state: 'suggested'`); a form. */
    addCommitment: build.mutation<Commitment, { projectId: number; commitment: NewCommitment }>({
      query: ({ projectId, commitment }) => ({
        url: listUrl(projectId),
        method: 'POST',
        body: commitment,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** `PATCH …/commitments/{cid}/` from the edit form, which shows every failure itself. */
    updateCommitment: build.mutation<Commitment, OneCommitment & { patch: CommitmentPatch }>({
      query: ({ projectId, commitmentId, patch }) => ({
        url: oneUrl(projectId, commitmentId),
        method: 'PATCH',
        body: patch,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
    /** The same PATCH with the state only, from a row's menu: the error toast tells a failure. */
    moveCommitment: build.mutation<Commitment, OneCommitment & { state: CommitmentWorkState }>({
      query: ({ projectId, commitmentId, state }) => ({
        url: oneUrl(projectId, commitmentId),
        method: 'PATCH',
        body: { state } satisfies CommitmentPatch,
      }),
      invalidatesTags: changed,
    }),
    deleteCommitment: build.mutation<void, OneCommitment>({
      query: ({ projectId, commitmentId }) => ({
        url: oneUrl(projectId, commitmentId),
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
    /** `POST …/{cid}/accept/`: the owner accepts a suggestion; it opens. */
    acceptCommitment: build.mutation<Commitment, OneCommitment>({
      query: ({ projectId, commitmentId }) => ({
        url: `${oneUrl(projectId, commitmentId)}accept/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: changed,
    }),
    /** `POST …/{cid}/decline/`: the owner declines a suggestion with a reason; a form. */
    declineCommitment: build.mutation<void, OneCommitment & DeclineCommitment>({
      query: ({ projectId, commitmentId, reason }) => ({
        url: `${oneUrl(projectId, commitmentId)}decline/`,
        method: 'POST',
        body: { reason } satisfies DeclineCommitment,
      }),
      extraOptions: { silent: true },
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetCommitmentsQuery,
  useAddCommitmentMutation,
  useUpdateCommitmentMutation,
  useMoveCommitmentMutation,
  useDeleteCommitmentMutation,
  useAcceptCommitmentMutation,
  useDeclineCommitmentMutation,
} = commitmentsApi;
