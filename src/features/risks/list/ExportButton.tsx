import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  EXPORT_DOWNLOAD_LIMIT,
  RISK_MESSAGES,
  type RiskListItem,
} from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { useExportRisksByEmailMutation } from '../api';
import { todayIso } from './riskColumns';
import { downloadBlob } from '../../../shared/lib/download';
import { buildRiskWorkbook } from './riskWorkbook';
import { Button } from '../../../shared/ui/Button';
import listStyles from '../risksList.module.css';
import heatStyles from './heatMap.module.css';

/** How long the keep-this-page-open message stays once the file is handed over. */
const AFTER_DOWNLOAD_MS = 4000;

/**
 * Exports exactly the rows the filters show, in their order. Up to EXPORT_DOWNLOAD_LIMIT rows the
 * browser builds the .xlsx itself and downloads it; more go to the server, which e-mails it.
 */
export function ExportButton({
  risks,
  fileStem,
}: {
  risks: readonly RiskListItem[];
  fileStem: string;
}) {
  const [exportByEmail, { isLoading: sending }] = useExportRisksByEmailMutation();
  const [building, setBuilding] = useState(false);
  const byEmail = risks.length > EXPORT_DOWNLOAD_LIMIT;
  const busy = building || sending;

  const download = async () => {
    setBuilding(true);
    const message = notify.info(RISK_MESSAGES.excelDownload, { autoClose: false });
    try {
      const file = await buildRiskWorkbook(risks);
      downloadBlob(file, `${fileStem}-${todayIso()}.xlsx`);
      toast.update(message, { autoClose: AFTER_DOWNLOAD_MS });
    } catch {
      toast.dismiss(message);
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setBuilding(false);
    }
  };

  const email = async () => {
    try {
      await exportByEmail({ ids: risks.map((risk) => risk.id) }).unwrap();
      notify.success(RISK_MESSAGES.excelByEmail);
    } catch {
      // The base query has shown the error toast.
    }
  };

  return (
    <div className={listStyles.riskExport}>
      <Button
        type="button"
        disabled={risks.length === 0 || busy}
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
