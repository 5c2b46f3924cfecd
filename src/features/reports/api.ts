import { baseApi } from '../../api/baseApi';
import type { Paginated } from '../../api/contract/drf';
import type {
  ReportExportQueued,
  ReportExportRequest,
  ReportKind,
  ReportQuery,
  ReportRow,
} from '../../api/contract/reports';

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/reports/{kind}/`: a page of the report (`count` is the whole report). A report is
     * computed from every area's records, so it is asked again whenever the page shows it.
     */
    getReportRows: build.query<Paginated<ReportRow>, { kind: ReportKind; query: ReportQuery }>({
      query: ({ kind, query }) => ({ url: `/api/reports/${kind}/`, params: query }),
    }),
    /** `POST /api/reports/{kind}/export/`: a report over the download limit goes by e-mail. */
    emailReport: build.mutation<
      ReportExportQueued,
      { kind: ReportKind; body: ReportExportRequest }
    >({
      query: ({ kind, body }) => ({ url: `/api/reports/${kind}/export/`, method: 'POST', body }),
    }),
  }),
});

export const { useGetReportRowsQuery, useLazyGetReportRowsQuery, useEmailReportMutation } =
  reportsApi;
