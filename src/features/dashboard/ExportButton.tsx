import { useState } from 'react';
import type { DashboardAccountRow } from '../../api/contract/dashboard';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { downloadBlob } from '../../shared/lib/download';
import { dismissToast, notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { buildDashboardWorkbook } from './dashboardWorkbook';
import { todayIso } from '../../shared/lib/today';

/** How long the keep-this-page-open message stays once the file is handed over. */
const AFTER_DOWNLOAD_MS = 4000;

/**
 * Exports exactly the rows the table shows, in its order, as an .xlsx built in the browser (a
 * thousand accounts are a small file), with spec §8's keep-this-page-open message meanwhile.
 */
export function ExportButton({ rows }: { rows: readonly DashboardAccountRow[] }) {
  const [building, setBuilding] = useState(false);
  const download = async () => {
    setBuilding(true);
    const message = notify.info(RISK_MESSAGES.excelDownload, { autoClose: false });
    try {
      const file = await buildDashboardWorkbook(rows);
      downloadBlob(file, `dashboard-${todayIso()}.xlsx`);
      notify.update(message, { autoClose: AFTER_DOWNLOAD_MS });
    } catch {
      dismissToast(message);
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setBuilding(false);
    }
  };
  return (
    <Button
      type="button"
      disabled={rows.length === 0}
      busy={building}
      busyLabel="Exporting…"
      onClick={() => void download()}
    >
      Export to Excel
    </Button>
  );
}
