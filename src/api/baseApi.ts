import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';

/** The one API of the SPA: empty here, every feature injects its endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    'CurrentUser',
    'Banner',
    'ActionRequest',
    'Poll',
    'Driver',
    'Report',
    'Feedback',
    'Outcome',
    'Results',
    'Risk',
    'RiskList',
    'ActionItem',
    'RiskComment',
    'RiskHistory',
    'RiskDraft',
    'Duplicates',
  ],
  endpoints: () => ({}),
});
