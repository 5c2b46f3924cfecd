import { baseApi } from '../../api/baseApi';
import type { MyWork } from '../../api/contract/myWork';

export const myWorkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/my-work/`: what waits for the signed-in person; the page says itself when it fails. */
    getMyWork: build.query<MyWork, void>({
      query: () => '/api/my-work/',
      extraOptions: { silent: true },
    }),
  }),
});

export const { useGetMyWorkQuery } = myWorkApi;
