import { Database, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { staticDemoStart } from '../../shared/config/staticDemo';
import { notify } from '../../shared/lib/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Menu } from '../../shared/ui/Menu';
import styles from './Header.module.css';

/** Set across the reload that follows a reset, so that the reloaded page says it was done. */
const RESET_DONE_KEY = 'pep-static-demo:reset-done';
/** The start's notices are shown once per page load, not by every header that mounts. */
let noticesShown = false;

/**
 * The static demo's "Demo data" menu (its header only): resets this visitor's data, kept in this
 * browser, to the demo's start after a confirmation, and reloads the page on it. It also tells
 * when the demo began afresh because the kept data was of an older version.
 */
export function DemoDataMenu() {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    if (noticesShown) return;
    noticesShown = true;
    if (sessionStorage.getItem(RESET_DONE_KEY)) {
      sessionStorage.removeItem(RESET_DONE_KEY);
      notify.success('Demo data reset: everything is back to the start of the demo.');
    } else if (staticDemoStart.staleDataReset)
      notify.warning(
        'The demo was updated and could not keep your earlier demo data: it starts afresh.',
      );
  }, []);

  const reset = async () => {
    setResetting(true);
    const answer = await fetch('/__mock/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => undefined);
    if (!answer?.ok) {
      setResetting(false);
      setConfirming(false);
      notify.warning('The demo data could not be reset. Reload the page and try again.');
      return;
    }
    sessionStorage.setItem(RESET_DONE_KEY, '1');
    window.location.reload();
  };

  return (
    <>
      <Menu
        label={
          <>
            <Database size={18} aria-hidden="true" />
            <span className={styles.demoDataText}>Demo data</span>
          </>
        }
        variant="quiet"
        items={[
          {
            key: 'reset',
            label: 'Reset demo data…',
            icon: RotateCcw,
            danger: true,
            onSelect: () => setConfirming(true),
          },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        title="Reset the demo data?"
        confirmLabel="Reset demo data"
        busyLabel="Resetting…"
        destructive
        busy={resetting}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Everything you changed in this demo (in this browser only) goes back to the start of the
          demo. Other visitors&apos; data is not touched.
        </p>
      </ConfirmDialog>
    </>
  );
}
