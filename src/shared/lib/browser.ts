/** Spec §1: Chrome, Edge and Safari are supported; other browsers see a notice. */
export function isSupportedBrowser(userAgent: string): boolean {
  const ua = userAgent;
  if (
    /Firefox\/|FxiOS\/|OPR\/|Opera|SamsungBrowser\/|YaBrowser\/|UCBrowser\/|MSIE |Trident\//.test(
      ua,
    )
  )
    return false;
  if (/Edg(e|A|iOS)?\//.test(ua)) return true;
  if (/(Chrome|CriOS|HeadlessChrome|Chromium)\//.test(ua)) return true;
  return /Safari\//.test(ua) && /Version\//.test(ua);
}

export const PROCEED_ANYWAY_KEY = 'pep.browser.proceedAnyway';
