import { useState } from 'react';
import {
  EXPORT_DOWNLOAD_LIMIT,
  RISK_MESSAGES,
  type RiskExportQuery,
} from '../../../api/contract/risks';
import { dismissToast, notify } from '../../../shared/lib/toasts';
import { useExportRisksByEmailMutation, useLazyGetRisksQuery } from '../api';
import { todayIso } from './riskColumns';
import { downloadBlob } from '../../../shared/lib/download';
import { buildRiskWorkbook } from './riskWorkbook';
import { Button } from '../../../shared/ui/Button';
import listStyles from '../risksList.module.css';
import heatStyles from './heatMap.module.css';

/** How long the keep-this-page-open message stays once the file is handed over. */
const AFTER_DOWNLOAD_MS = 4000;

/**
 * Exports exactly the rows the list's query shows, in its order, whatever has been scrolled into
 * view. The server's count decides: up to EXPORT_DOWNLOAD_LIMIT rows the browser reads them in one
 * page and builds the .xlsx itself; more are exported on the server, which e-mails the file.
 */
export function ExportButton({
  query,
  count,
  fileStem,
}: {
  /** The list's scope, filters and ordering. */
  query: RiskExportQuery;
  /** Rows the query shows, as the server counted them; undefined while it counts. */
  count: number | undefined;
  fileStem: string;
}) {
  const [exportByEmail, { isLoading: sending }] = useExportRisksByEmailMutation();
  const [readRows] = useLazyGetRisksQuery();
  const [building, setBuilding] = useState(false);
  const byEmail = (count ?? 0) > EXPORT_DOWNLOAD_LIMIT;
  const busy = building || sending;

  const download = async () => {
    setBuilding(true);
    const message = notify.info(RISK_MESSAGES.excelDownload, { autoClose: false });
    try {
      const rows = await readRows({ ...query, page_size: EXPORT_DOWNLOAD_LIMIT }).unwrap();
      const file = await buildRiskWorkbook(rows.results);
      downloadBlob(file, `${fileStem}-${todayIso()}.xlsx`);
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
      await exportByEmail(query).unwrap();
      notify.success(RISK_MESSAGES.excelByEmail);
      // A build on the Express mock (`npm start`'s demo build, `npm run dev`) says where the mock
      // keeps what it "sent" (`GET /__mock/outbox/`, mock-server/app.ts). Inline, so that a
      // production build folds the test to false and holds no trace of it.
      if (import.meta.env.MODE === 'demo' || import.meta.env.MODE === 'development')
        notify.info(
          'Demo: no e-mail leaves the mock. The message is listed at /__mock/outbox/, with a link to its workbook once it is built.',
          { autoClose: false },
        );
    } catch {
      // The base query has shown the error toast.
    }
  };

  return (
    <div className={listStyles.riskExport}>
      <Button
        type="button"
        disabled={!count || busy}
        aria-describedby={byEmail ? 'risk-export-hint' : undefined}
        onClick={() => void (byEmail ? email() : download())}
      >
        {busy ? 'Exporting…' : 'Export to Excel'}
      </Button>
      {byEmail && (
        <span id="risk-export-hint" className={`${listStyles.riskHint} ${heatStyles.riskHint}`}>
          {RISK_MESSAGES.excelWillBeSent}
        </span>
      )}
    </div>
  );
}
