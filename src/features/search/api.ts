import { baseApi } from '../../api/baseApi';
import type { SearchResponse } from '../../api/contract/search';

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/search/?q=`: projects, accounts, risks and issues, checks and people whose name,
     * code or id holds the text. Silent: the search box says itself when it fails.
     */
    search: build.query<SearchResponse, string>({
      query: (q) => ({ url: '/api/search/', params: { q } }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
