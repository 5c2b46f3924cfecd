import {
  EMPTY_REPORT_MESSAGE,
  REPORTS,
  REPORTS_FLAG,
  isReportKind,
  type ReportDefinition,
  type ReportExportQueued,
} from '../../../src/api/contract/reports';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { json, notFound, ruleBroken, type MockRequest } from '../../lib/http';
import { mailboxOf, sendEmail } from '../../lib/mail';
import { objectBody } from '../../lib/objectBody';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import { readFilters, reportRows } from './model';

/** The report `:kind` names, or DRF's 404. */
const reportOf = ({ params }: MockRequest): ReportDefinition =>
  isReportKind(params.kind) ? REPORTS[params.kind] : notFound();

const orderingOf = (source: Record<string, unknown>) =>
  typeof source.ordering === 'string' ? source.ordering : '';

/**
 * The report catalogue: `GET /api/reports/{kind}/` (a DRF page of the report's rows, computed
 * from the live records) and `POST /api/reports/{kind}/export/` (the report e-mailed: the mock
 * records the e-mail in `sentEmails`). Both behind CAN_VIEW_REPORTS, then 404 for an unknown
 * kind, then 400 by field for a filter that is not one of its choices or not a quarter.
 */
export const reports: Area = {
  feature: 'reports',
  routes: ({ db }) => [
    route.get('/reports/:kind/', (req) => {
      const { persona } = req.auth;
      requireFlags(persona, REPORTS_FLAG);
      const report = reportOf(req);
      const filters = readFilters(report, req.query);
      return pageOf(
        req,
        reportRows(db.getState(), persona, report, filters, orderingOf(req.query)),
      );
    }),

    // The flag is checked before the body is read: a POST of any body.
    route.postAny('/reports/:kind/export/', (req) => {
      const { persona } = req.auth;
      requireFlags(persona, REPORTS_FLAG);
      const body = objectBody(req);
      const report = reportOf(req);
      const filters = readFilters(report, body);
      const rows = reportRows(db.getState(), persona, report, filters, orderingOf(body));
      if (rows.length === 0) ruleBroken(EMPTY_REPORT_MESSAGE);
      const email = mailboxOf(persona);
      mutate(db, (state) => {
        sendEmail(state, {
          to: email,
          subject: `Your Excel export of the report “${report.title}” (${rows.length} rows)`,
          count: rows.length,
          report: { kind: report.kind, filters },
        });
      });
      const answer: ReportExportQueued = { email, count: rows.length };
      return json(answer, 202);
    }),
  ],
};
