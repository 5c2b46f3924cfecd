/**
 * The static demo (`npm run build:static-demo`, Vite mode `static-demo`): the SPA with the mock's
 * areas running in the browser behind MSW's service worker, served by any static host, also under
 * a sub-path (STATIC_DEMO_BASE, Vite's `base`). Every other build lives at the origin's root.
 */
export const STATIC_DEMO = import.meta.env.MODE === 'static-demo';

/** The router's basename: the static demo's base path without its last slash, else `/`. */
export const APP_BASENAME = STATIC_DEMO ? import.meta.env.BASE_URL.replace(/\/+$/, '') || '/' : '/';

/** A page address of the app as the browser sees it: `/risks` under the static demo's base path. */
export const appHref = (path: string): string =>
  APP_BASENAME === '/' ? path : `${APP_BASENAME}${path}`;

/** The router's path of a browser pathname (the static demo's base path taken off). */
export function routerPathname(pathname: string): string {
  if (APP_BASENAME === '/') return pathname;
  return pathname === APP_BASENAME || pathname.startsWith(`${APP_BASENAME}/`)
    ? pathname.slice(APP_BASENAME.length) || '/'
    : pathname;
}

/** Set at start when the visitor's kept data was of an older schema and the demo began afresh. */
export const staticDemoStart = { staleDataReset: false };
