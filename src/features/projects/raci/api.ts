import { baseApi } from '../../../api/baseApi';
import type {
  RaciFunction,
  RaciMatrix,
  RaciMatrixPut,
  RaciSnapshot,
} from '../../../api/contract/raci';
import { idTag, invalidatesOnSuccess } from '../../../api/tags';

export interface RaciMatrixArg {
  projectId: number;
  fn: RaciFunction;
}

const path = ({ projectId, fn }: RaciMatrixArg) => `/api/projects/${projectId}/raci/${fn}/`;
/** One cache entry per project and function. */
const key = ({ projectId, fn }: RaciMatrixArg) => `${projectId}:${fn}`;

export const raciApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/projects/{id}/raci/{function}/`: the function's matrix (its view flag). */
    getRaciMatrix: build.query<RaciMatrix, RaciMatrixArg>({
      query: (arg) => ({ url: path(arg) }),
      providesTags: (_matrix, _error, arg) => [idTag('RaciMatrix', key(arg))],
    }),
    /**
     * `PUT /api/projects/{id}/raci/{function}/`: the whole matrix. The screen shows every failure
     * itself (the activities at fault on their rows), so no error toast.
     */
    saveRaciMatrix: build.mutation<RaciMatrix, RaciMatrixArg & RaciMatrixPut>({
      query: ({ activities, ...arg }) => ({ url: path(arg), method: 'PUT', body: { activities } }),
      extraOptions: { silent: true },
      async onQueryStarted({ projectId, fn }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(raciApi.util.upsertQueryData('getRaciMatrix', { projectId, fn }, data));
        } catch {
          // A refused save leaves the cache as it was.
        }
      },
      invalidatesTags: invalidatesOnSuccess(({ projectId }) => [
        idTag('ProjectHistory', projectId),
      ]),
    }),
    /** `POST …/validate/`: draft → validated; refused (400) while an activity breaks the rule. */
    validateRaciMatrix: build.mutation<RaciMatrix, RaciMatrixArg>({
      query: (arg) => ({ url: `${path(arg)}validate/`, method: 'POST', body: {} }),
      extraOptions: { silent: true },
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(raciApi.util.upsertQueryData('getRaciMatrix', arg, data));
        } catch {
          // A refused validation leaves the cache as it was.
        }
      },
      invalidatesTags: invalidatesOnSuccess((arg) => [
        idTag('RaciSnapshot', key(arg)),
        idTag('ProjectHistory', arg.projectId),
      ]),
    }),
    /** `GET …/snapshot/`: the last validated version; 404 when the matrix was never validated. */
    getRaciSnapshot: build.query<RaciSnapshot, RaciMatrixArg>({
      query: (arg) => ({ url: `${path(arg)}snapshot/` }),
      providesTags: (_snapshot, _error, arg) => [idTag('RaciSnapshot', key(arg))],
    }),
  }),
});

export const {
  useGetRaciMatrixQuery,
  useSaveRaciMatrixMutation,
  useValidateRaciMatrixMutation,
  useGetRaciSnapshotQuery,
} = raciApi;
