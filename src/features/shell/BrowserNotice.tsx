import { useState, type ReactNode } from 'react';
import { PROCEED_ANYWAY_KEY, isSupportedBrowser } from '../../shared/lib/browser';
import { Button } from '../../shared/ui/Button';
import { SplashCard } from '../../shared/ui/SplashCard';

function proceeded(): boolean {
  try {
    return sessionStorage.getItem(PROCEED_ANYWAY_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Spec §1: other browsers than Chrome, Edge and Safari see a notice with 'Proceed anyway'. */
export function BrowserNotice({ children }: { children: ReactNode }) {
  const [accepted, setAccepted] = useState(
    () => isSupportedBrowser(navigator.userAgent) || proceeded(),
  );
  if (accepted) return <>{children}</>;
  const proceed = () => {
    try {
      sessionStorage.setItem(PROCEED_ANYWAY_KEY, 'true');
    } catch {
      // Storage blocked: proceed for this page view only.
    }
    setAccepted(true);
  };
  return (
    <SplashCard titleId="browser-notice-title">
      <h1 id="browser-notice-title">Your browser is not supported</h1>
      <p>
        The platform does not support this browser. It is built and tested for Google Chrome,
        Microsoft Edge and Safari; in other browsers some screens may not work as they should.
      </p>
      <Button type="button" variant="primary" onClick={proceed}>
        Proceed anyway
      </Button>
    </SplashCard>
  );
}
