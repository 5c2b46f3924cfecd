import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Asks for the code of the signed-in screen at `pathname` (the route table, the store's API and
 * every lazy route on the way to it) without rendering anything. The static demo calls it while
 * its mock backend starts in the page, so that the first render finds that code loaded rather
 * than asking for it only then. A failure is the render's to meet and report.
 */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  try {
    const [{ signedInRoutes }] = await Promise.all([
      import('./signedInRoutes'),
      import('./apiJoin'),
    ]);
    const matches: { route: RouteObject }[] = matchRoutes(signedInRoutes, pathname) ?? [];
    await Promise.all(
      matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
    );
  } catch {
    // The render loads it again and shows what failed.
  }
}
