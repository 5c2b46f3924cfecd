import { baseApi } from '../../api/baseApi';
import type { BannerResponse } from '../../api/contract/banner';

export const bannerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/admin_extensions/banner/`: admin HTML, sanitized where it renders. */
    getBanner: build.query<BannerResponse, void>({
      query: () => '/api/admin_extensions/banner/',
      providesTags: ['Banner'],
    }),
  }),
});

export const { useGetBannerQuery } = bannerApi;
