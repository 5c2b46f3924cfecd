import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import {
  REPORT_DOWNLOAD_LIMIT,
  REPORT_MESSAGES,
  type ReportDefinition,
  type ReportFilterValues,
} from '../../api/contract/reports';
import { downloadBlob } from '../../shared/lib/download';
import { dismissToast, notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { useEmailReportMutation, useLazyGetReportRowsQuery } from './api';
import { buildReportWorkbook } from './reportWorkbook';
import styles from './reports.module.css';
import { todayIso } from '../../shared/lib/today';

/** How long the keep-this-page-open message stays once the file is handed over. */
const AFTER_DOWNLOAD_MS = 4000;

/**
 * Exports the whole report the filters select, in the preview's order. Up to
 * REPORT_DOWNLOAD_LIMIT rows the browser fetches them all and builds the .xlsx itself; more go to
 * the server, which e-mails the file (spec §8 messages for both).
 */
export function ReportExport({
  report,
  filters,
  ordering,
  count,
}: {
  report: ReportDefinition;
  filters: ReportFilterValues;
  ordering: string | undefined;
  /** The size of the whole report, once the preview has it. */
  count: number | undefined;
}) {
  const [fetchRows] = useLazyGetReportRowsQuery();
  const [exportByEmail, { isLoading: sending }] = useEmailReportMutation();
  const [building, setBuilding] = useState(false);
  const byEmail = count !== undefined && count > REPORT_DOWNLOAD_LIMIT;
  const hintId = `report-${report.kind}-export-hint`;

  const download = async () => {
    setBuilding(true);
    const message = notify.info(REPORT_MESSAGES.keepOpen, { autoClose: false });
    try {
      const page = await fetchRows({
        kind: report.kind,
        query: {
          ...filters,
          ...(ordering ? { ordering } : {}),
          page_size: REPORT_DOWNLOAD_LIMIT,
        },
      }).unwrap();
      const file = await buildReportWorkbook(report, page.results);
      downloadBlob(file, `${report.kind}-${todayIso()}.xlsx`);
      notify.update(message, { autoClose: AFTER_DOWNLOAD_MS });
    } catch {
      dismissToast(message);
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setBuilding(false);
    }
  };

  const email = async () => {
    try {
      await exportByEmail({
        kind: report.kind,
        body: { ...filters, ...(ordering ? { ordering } : {}) },
      }).unwrap();
      notify.success(REPORT_MESSAGES.byEmail);
    } catch {
      // The base query has shown the error toast.
    }
  };

  return (
    <div className={styles.export}>
      <Button
        type="button"
        variant="primary"
        icon={FileSpreadsheet}
        disabled={!count}
        busy={building || sending}
        busyLabel="Exporting…"
        aria-describedby={byEmail ? hintId : undefined}
        onClick={() => void (byEmail ? email() : download())}
      >
        Export to Excel
      </Button>
      {byEmail && (
        <span id={hintId} className={styles.hint}>
          {REPORT_MESSAGES.willBeSent}
        </span>
      )}
    </div>
  );
}
