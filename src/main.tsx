import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFirstScreen } from './app/preloadFirstScreen';
import { routerPathname, staticDemoStart } from './shared/config/staticDemo';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const render = (element: HTMLElement) =>
  createRoot(element).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

/**
 * The static demo only (Vite mode `static-demo`; the condition is written out so that every other
 * build drops the import and its chunk): the mock's areas start in a service worker, from their
 * own chunk, before the first render.
 */
if (import.meta.env.MODE === 'static-demo') {
  // The service worker's scope is the base path with its slash: a page at `/pep-demo` would not
  // be in it (the router's `/` is that address), so it loads again at `/pep-demo/`.
  if (`${location.pathname}/` === import.meta.env.BASE_URL)
    location.replace(`${import.meta.env.BASE_URL}${location.search}${location.hash}`);
  else {
    // The first screen's code loads beside the mock, not after it.
    void preloadFirstScreen(routerPathname(location.pathname));
    void import('../mock-server/browser/staticDemo')
      .then(({ startStaticDemo }) =>
        startStaticDemo(import.meta.env.BASE_URL, {
          latencyMs: Number(import.meta.env.MOCK_LATENCY_MS) || 0,
        }),
      )
      .then(
        (started) => Object.assign(staticDemoStart, started),
        (error: unknown) =>
          console.error('The demo backend could not start in this browser', error),
      )
      .finally(() => render(root));
  }
} else render(root);
